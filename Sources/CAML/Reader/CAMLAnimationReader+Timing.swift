import Foundation
import QuartzCore

/// The `CAMediaTiming` fields of animations, and the scene rules for their special values.
///
/// - `beginTime="1e-100"` (what editors write for "at the start") is kept: it is not 0, so it is
///   an absolute time in the layer's timeline, about 0, the start of the scene clock. A
///   `beginTime` of 0 means "when added" as on Apple; `CAMLScene` commits the scene at time 0 of
///   the scene clock, so both start at host time 0.
/// - `inf` is accepted for `repeatCount` and `repeatDuration` (and `+infinity`, `HUGE_VAL`).
///   When either is infinite the animation repeats forever: `repeatCount` becomes `.infinity`
///   and `repeatDuration` 0 (Apple leaves setting both undefined). When both are finite and
///   positive, `repeatDuration` wins, as in QuartzCore's timing model.
/// - NaN anywhere, negative or infinite durations, and infinite begin times or offsets are
///   skipped with a warning.
extension CAMLDocumentReader {
    /// Reads a timing attribute into `anim`; false when `name` is not a timing field.
    func readTimingAttribute(_ name: String, _ raw: String, _ anim: CAAnimation, at e: CAMLElement) -> Bool {
        func number(_ valid: (Double) -> Bool, _ rule: String) -> Double? {
            guard let x = CAMLScalars.number(raw), valid(x) else {
                context.warn(e, "'\(context.clip(raw))' is not a valid \(name) (\(rule)); skipped")
                return nil
            }
            return x
        }
        switch name {
        case "beginTime": number({ $0.isFinite }, "a finite number of seconds").map { anim.beginTime = $0 }
        case "duration": number({ $0.isFinite && $0 >= 0 }, "finite seconds ≥ 0").map { anim.duration = $0 }
        case "speed":
            number({ $0.isFinite && abs($0) <= 1e6 }, "a finite rate").map { anim.speed = Float($0) }
        case "timeOffset": number({ $0.isFinite }, "finite seconds").map { anim.timeOffset = $0 }
        case "repeatCount": number({ $0 >= 0 }, "a count ≥ 0 or inf").map { anim.repeatCount = Float($0) }
        case "repeatDuration": number({ $0 >= 0 }, "seconds ≥ 0 or inf").map { anim.repeatDuration = $0 }
        case "autoreverses":
            guard let b = CAMLScalars.bool(raw) else { context.warn(e, "'\(raw)' is not a Boolean for autoreverses"); break }
            anim.autoreverses = b
        case "removedOnCompletion", "isRemovedOnCompletion":
            guard let b = CAMLScalars.bool(raw) else { context.warn(e, "'\(raw)' is not a Boolean for \(name)"); break }
            anim.isRemovedOnCompletion = b
        case "fillMode":
            let known = ["removed", "forwards", "backwards", "both"]
            if known.contains(raw) { anim.fillMode = CAMediaTimingFillMode(raw) }
            else { context.warn(e, "unknown fillMode '\(raw)'; 'removed' used") }
        case "timingFunction":
            if let xs = CAMLScalars.numbers(raw), xs.count == 4, xs.allSatisfy(\.isFinite) {
                anim.timingFunction = CAMediaTimingFunction(controlPoints: Float(xs[0]), Float(xs[1]),
                                                            Float(xs[2]), Float(xs[3]))
            } else {
                anim.timingFunction = context.namedTimingFunction(raw, at: e)
            }
        default: return false
        }
        return true
    }

    /// The forever rule: an infinite `repeatCount` or `repeatDuration` repeats without end.
    func normalizeRepeat(_ anim: CAAnimation) {
        if anim.repeatCount.isInfinite || anim.repeatDuration.isInfinite {
            anim.repeatCount = .infinity
            anim.repeatDuration = 0
        }
    }
}
