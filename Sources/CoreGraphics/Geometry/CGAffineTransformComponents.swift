/// A transform split into scale, horizontal shear, rotation (radians) and translation, applied
/// in that order. Follows Apple's `CGAffineTransformComponents`
/// (https://developer.apple.com/documentation/coregraphics/cgaffinetransformcomponents).
public struct CGAffineTransformComponents: Equatable, Sendable {
    public var scale: CGSize
    public var horizontalShear: CGFloat
    public var rotation: CGFloat
    public var translation: CGVector

    public init(scale: CGSize = CGSize(width: 1, height: 1), horizontalShear: CGFloat = 0,
                rotation: CGFloat = 0, translation: CGVector = CGVector(dx: 0, dy: 0)) {
        self.scale = scale; self.horizontalShear = horizontalShear
        self.rotation = rotation; self.translation = translation
    }
}

extension CGAffineTransform {
    /// Builds `scale × shear × rotation × translation` (row vectors: scale acts first).
    public init(_ components: CGAffineTransformComponents) {
        let (s, c) = (sin(components.rotation), cos(components.rotation))
        let sx = components.scale.width, sy = components.scale.height, k = components.horizontalShear
        self.init(a: sx * c, b: sx * s,
                  c: sy * (k * c - s), d: sy * (k * s + c),
                  tx: components.translation.dx, ty: components.translation.dy)
    }

    /// The inverse of `init(_ components:)`. The x scale is taken positive; a reflection shows
    /// up as a negative y scale. A degenerate x axis (a = b = 0) gives zero rotation.
    public func decomposed() -> CGAffineTransformComponents {
        let sx = (a * a + b * b).squareRoot()
        let rotation = sx == 0 ? 0 : atan2(b, a)
        let (s, c) = (sin(rotation), cos(rotation))
        let sy = d * c - self.c * s
        let shear = sy == 0 ? 0 : (self.c * c + d * s) / sy
        return CGAffineTransformComponents(scale: CGSize(width: sx, height: sy),
                                           horizontalShear: shear, rotation: rotation,
                                           translation: CGVector(dx: tx, dy: ty))
    }
}
