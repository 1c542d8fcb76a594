/// A value type Core Animation can interpolate, add (additive and cumulative animations, `byValue`)
/// and measure (paced keyframes).
///
/// Conformances follow Apple's per-type rules: numbers, points, sizes and rects component-wise;
/// colours per RGBA component; paths point by point when their elements match.
public protocol AnimatableValue {
    /// The value a fraction `t` of the way from `a` to `b` (t may leave 0…1 for overshooting
    /// timing functions and springs).
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self
    /// `a + b`, component-wise.
    static func adding(_ a: Self, _ b: Self) -> Self
    /// `a − b`, component-wise.
    static func subtracting(_ a: Self, _ b: Self) -> Self
    /// A non-negative distance for paced keyframe timing.
    static func distance(_ a: Self, _ b: Self) -> Double
}

extension AnimatableValue {
    /// `a + (b − a) · k`, used by cumulative repeats (k = iteration) and `byValue`.
    static func adding(_ a: Self, scaled delta: Self, by k: Double) -> Self {
        guard k != 0 else { return a }
        return interpolate(a, adding(a, delta), k)
    }
}

@inline(__always) func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat {
    a + (b - a) * CGFloat(t)
}

extension CGFloat: AnimatableValue {
    public static func interpolate(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat { lerp(a, b, t) }
    public static func adding(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + b }
    public static func subtracting(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a - b }
    public static func distance(_ a: CGFloat, _ b: CGFloat) -> Double { Double(Swift.abs(b - a)) }
}

extension CGPoint: AnimatableValue {
    public static func interpolate(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
    }
    public static func adding(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func subtracting(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x - b.x, y: a.y - b.y) }
    public static func distance(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(b.x - a.x, b.y - a.y)) }
}

extension CGSize: AnimatableValue {
    public static func interpolate(_ a: CGSize, _ b: CGSize, _ t: Double) -> CGSize {
        CGSize(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t))
    }
    public static func adding(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: a.width + b.width, height: a.height + b.height)
    }
    public static func subtracting(_ a: CGSize, _ b: CGSize) -> CGSize {
        CGSize(width: a.width - b.width, height: a.height - b.height)
    }
    public static func distance(_ a: CGSize, _ b: CGSize) -> Double {
        Double(hypot(b.width - a.width, b.height - a.height))
    }
}

extension CGRect: AnimatableValue {
    /// Origin and size interpolate separately (not the corners), as Core Animation does for `bounds`.
    public static func interpolate(_ a: CGRect, _ b: CGRect, _ t: Double) -> CGRect {
        CGRect(origin: .interpolate(a.origin, b.origin, t), size: .interpolate(a.size, b.size, t))
    }
    public static func adding(_ a: CGRect, _ b: CGRect) -> CGRect {
        CGRect(origin: .adding(a.origin, b.origin), size: .adding(a.size, b.size))
    }
    public static func subtracting(_ a: CGRect, _ b: CGRect) -> CGRect {
        CGRect(origin: .subtracting(a.origin, b.origin), size: .subtracting(a.size, b.size))
    }
    public static func distance(_ a: CGRect, _ b: CGRect) -> Double {
        CGPoint.distance(a.origin, b.origin) + CGSize.distance(a.size, b.size)
    }
}
