import Foundation

/// What a `CAValueFunction` animation interpolates before the function turns it into a
/// transform: one number (the single-axis functions read `x`) or three (`.scale`, `.translate`).
/// (https://developer.apple.com/documentation/quartzcore/cavaluefunction)
struct ValueFunctionInput: Equatable {
    var x: CGFloat, y: CGFloat, z: CGFloat

    /// A number (NSNumber or any Swift number) becomes (n, n, n); an array of exactly three
    /// numbers becomes (x, y, z). Anything else is nil (the animation then has no effect).
    init?(_ value: Any?) {
        let v = ValueNormalizer.unwrap(value)
        if let n = ValueNormalizer.cgFloat(v) {
            x = n; y = n; z = n
            return
        }
        let items: [Any]
        if let a = v as? [Any] { items = a } else if let a = v as? NSArray { items = Array(a) } else { return nil }
        let numbers = items.compactMap { ValueNormalizer.cgFloat($0) }
        guard items.count == 3, numbers.count == 3, numbers.allSatisfy(\.isFinite) else { return nil }
        x = numbers[0]; y = numbers[1]; z = numbers[2]
    }

    init(x: CGFloat, y: CGFloat, z: CGFloat) { self.x = x; self.y = y; self.z = z }
}

extension ValueFunctionInput: AnimatableValue, ZeroValue, SplineVector {
    static func interpolate(_ a: Self, _ b: Self, _ t: Double) -> Self {
        Self(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t), z: lerp(a.z, b.z, t))
    }
    static func adding(_ a: Self, _ b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func subtracting(_ a: Self, _ b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func distance(_ a: Self, _ b: Self) -> Double {
        let dx = Double(b.x - a.x), dy = Double(b.y - a.y), dz = Double(b.z - a.z)
        return (dx * dx + dy * dy + dz * dz).squareRoot()
    }
    static var zeroValue: Self { Self(x: 0, y: 0, z: 0) }
    var splineComponents: [Double] { [Double(x), Double(y), Double(z)] }
    static func fromSplineComponents(_ c: [Double]) -> Self { Self(x: CGFloat(c[0]), y: CGFloat(c[1]), z: CGFloat(c[2])) }
}

extension CAValueFunction {
    /// The transform for an interpolated input: rotations in radians about the named axis,
    /// scales as factors, translations in points. Unknown names give the identity.
    func transform(for v: ValueFunctionInput) -> CATransform3D {
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v.x, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v.x, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v.x, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(v.x, v.y, v.z)
        case .scaleX: return CATransform3DMakeScale(v.x, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v.x, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v.x)
        case .translate: return CATransform3DMakeTranslation(v.x, v.y, v.z)
        case .translateX: return CATransform3DMakeTranslation(v.x, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v.x, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v.x)
        default: return CATransform3DIdentity
        }
    }

    /// The input whose transform is the identity (1 for scales, 0 otherwise): what a missing
    /// from/to value stands for (see `AnimationEvaluator.valueFunctionValue`).
    var identityInput: ValueFunctionInput {
        switch name {
        case .scale, .scaleX, .scaleY, .scaleZ: return ValueFunctionInput(x: 1, y: 1, z: 1)
        default: return .zeroValue
        }
    }
}
