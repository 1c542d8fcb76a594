import CoreGraphics
import QuartzCore

/// One quad as the quad shader's per-instance attributes (`QuadShader`, 15 vec4s, 240 bytes).
struct QuadInstance {
    var invX = SIMD4<Float>(), invY = SIMD4<Float>(), invW = SIMD4<Float>()
    var box = SIMD4<Float>(), rect = SIMD4<Float>(), color = SIMD4<Float>()
    var radii = SIMD4<Float>(), inner = SIMD4<Float>(), innerRadii = SIMD4<Float>()
    var clipRect = SIMD4<Float>(), clipRadii = SIMD4<Float>()
    var deviceClip = SIMD4<Float>(-1e9, -1e9, 1e9, 1e9)
    var source = SIMD4<Float>(), sourceClamp = SIMD4<Float>(0, 0, 1, 1), mask = SIMD4<Float>()

    /// What the shader does with the instance (`aInvX.w`).
    enum Kind: Float { case solid = 0, roundedRect = 1, border = 2, texture = 3, masked = 4 }

    /// Flag bits (`aInvY.w`): the aliased edges (`QuadEdges` raw values) and these.
    static let nearest: Int = 16, transparentEdge = 32, roundedClip = 64
    /// `mask` maps pass pixels (not local space) to the mask texture, which holds the quad's
    /// whole coverage (a continuous-corner clip drawn by the CPU).
    static let deviceMask: Int = 128

    /// The instance for a quad whose transform (local → pass pixels) has inverse `inverse`.
    init(kind: Kind, inverse t: ProjectiveTransform, flags: Int, box: PixelBox, rect: CGRect) {
        // Scale the inverse so its entries stay near 1 in Float (any positive factor keeps w's sign).
        let k = t.isAffine ? 1 / t.m33 : 1 / ([t.m11, t.m12, t.m13, t.m21, t.m22, t.m23, t.m31, t.m32, t.m33]
            .map(abs).max() ?? 1)
        invX = SIMD4(Float(t.m11 * k), Float(t.m21 * k), Float(t.m31 * k), kind.rawValue)
        invY = SIMD4(Float(t.m12 * k), Float(t.m22 * k), Float(t.m32 * k), Float(flags))
        invW = SIMD4(Float(t.m13 * k), Float(t.m23 * k), Float(t.m33 * k), 0)
        self.box = SIMD4(Float(box.x0), Float(box.y0), Float(box.x1), Float(box.y1))
        self.rect = Self.vector(rect)
    }

    /// (minX, minY, maxX, maxY).
    static func vector(_ r: CGRect) -> SIMD4<Float> {
        SIMD4(Float(r.minX), Float(r.minY), Float(r.maxX), Float(r.maxY))
    }

    /// Radii in the shader's corner order (minXMinY, maxXMinY, maxXMaxY, minXMaxY).
    static func vector(_ r: CornerRadii) -> SIMD4<Float> {
        SIMD4(Float(r.minXMinY), Float(r.maxXMinY), Float(r.maxXMaxY), Float(r.minXMaxY))
    }

    /// Premultiplied colour with components clamped to alpha, times `opacity`.
    static func vector(_ c: PremultipliedColor, opacity: Double) -> SIMD4<Float> {
        let a = min(max(c.alpha, 0), 1)
        func ch(_ v: Double) -> Float { Float(min(max(v, 0), a) * opacity) }
        return SIMD4(ch(c.red), ch(c.green), ch(c.blue), Float(a * opacity))
    }
}

/// A rectangle of whole pixels (x0 ≤ x < x1, y0 ≤ y < y1).
struct PixelBox: Equatable {
    var x0, y0, x1, y1: Int
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }

    init(x0: Int, y0: Int, x1: Int, y1: Int) { self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1 }

    /// The pixels touching `r`, or nil when it is empty or not finite; coordinates are kept
    /// within ±10⁹ so they fit in Int and Float.
    init?(enclosing r: CGRect) {
        let r = r.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        func c(_ v: CGFloat, _ rule: FloatingPointRoundingRule) -> Int { Int(max(-1e9, min(1e9, Double(v).rounded(rule)))) }
        self.init(x0: c(r.minX, .down), y0: c(r.minY, .down), x1: c(r.maxX, .up), y1: c(r.maxY, .up))
        if isEmpty { return nil }
    }

    func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }

    func insetBy(_ d: Int) -> PixelBox { PixelBox(x0: x0 + d, y0: y0 + d, x1: x1 - d, y1: y1 - d) }

    var cgRect: CGRect { CGRect(x: x0, y: y0, width: width, height: height) }
}
