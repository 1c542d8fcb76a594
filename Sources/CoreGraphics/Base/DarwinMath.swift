// Constants of Darwin's <math.h> that layer code uses (`animation.repeatCount = HUGE`), which
// Glibc's module does not give Swift. Values as Darwin defines them: `HUGE` is `MAXFLOAT`, the
// largest finite Float (so a repeat count of HUGE is "forever" only in practice, as on Apple);
// the `HUGE_VAL` family is infinity.

/// The largest finite `Float`, 3.40282347e+38 (Darwin's `MAXFLOAT`).
public let MAXFLOAT: Float = .greatestFiniteMagnitude
/// Darwin's `HUGE`: `MAXFLOAT`.
public let HUGE: Float = MAXFLOAT
/// Positive infinity as a `Float` (C's `HUGE_VALF`).
public let HUGE_VALF: Float = .infinity
/// Positive infinity as a `Double` (C's `HUGE_VAL`).
public let HUGE_VAL: Double = .infinity
