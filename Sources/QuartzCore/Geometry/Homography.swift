/// A projective map of the plane, `[x y 1] × H = [X Y W]`, point `(X/W, Y/W)`.
///
/// A layer lies in the plane z = 0 of its own space and is flattened into its superlayer's
/// plane (DESIGN §5): dropping the z row and column of the 4 × 4 layer-to-superlayer matrix
/// gives this 3 × 3 map, which is exact for points of the plane, perspective included.
struct Homography: Equatable, Sendable {
    var h11: CGFloat, h12: CGFloat, h13: CGFloat
    var h21: CGFloat, h22: CGFloat, h23: CGFloat
    var h31: CGFloat, h32: CGFloat, h33: CGFloat

    static let identity = Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 0, h32: 0, h33: 1)

    init(h11: CGFloat, h12: CGFloat, h13: CGFloat, h21: CGFloat, h22: CGFloat, h23: CGFloat,
         h31: CGFloat, h32: CGFloat, h33: CGFloat) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    /// The plane-to-plane part of a 4 × 4 transform: rows and columns x, y and w.
    init(_ m: CATransform3D) {
        self.init(h11: m.m11, h12: m.m12, h13: m.m14, h21: m.m21, h22: m.m22, h23: m.m24,
                  h31: m.m41, h32: m.m42, h33: m.m44)
    }

    /// `self × b`: `self` maps first.
    func concatenating(_ b: Homography) -> Homography {
        Homography(h11: h11 * b.h11 + h12 * b.h21 + h13 * b.h31,
                   h12: h11 * b.h12 + h12 * b.h22 + h13 * b.h32,
                   h13: h11 * b.h13 + h12 * b.h23 + h13 * b.h33,
                   h21: h21 * b.h11 + h22 * b.h21 + h23 * b.h31,
                   h22: h21 * b.h12 + h22 * b.h22 + h23 * b.h32,
                   h23: h21 * b.h13 + h22 * b.h23 + h23 * b.h33,
                   h31: h31 * b.h11 + h32 * b.h21 + h33 * b.h31,
                   h32: h31 * b.h12 + h32 * b.h22 + h33 * b.h32,
                   h33: h31 * b.h13 + h32 * b.h23 + h33 * b.h33)
    }

    /// The inverse map, or nil when singular or not finite.
    func inverted() -> Homography? {
        let c11 = h22 * h33 - h23 * h32, c12 = h23 * h31 - h21 * h33, c13 = h21 * h32 - h22 * h31
        let det = h11 * c11 + h12 * c12 + h13 * c13
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(h11: c11 * k, h12: (h13 * h32 - h12 * h33) * k, h13: (h12 * h23 - h13 * h22) * k,
                          h21: c12 * k, h22: (h11 * h33 - h13 * h31) * k, h23: (h13 * h21 - h11 * h23) * k,
                          h31: c13 * k, h32: (h12 * h31 - h11 * h32) * k, h33: (h11 * h22 - h12 * h21) * k)
    }

    /// The image of `p`, or nil when it has no finite image in front of the viewer (w ≤ 0: the
    /// point is at or behind the eye of a perspective projection).
    func apply(_ p: CGPoint) -> CGPoint? {
        let w = p.x * h13 + p.y * h23 + h33
        guard w > 0 else { return nil }
        let x = (p.x * h11 + p.y * h21 + h31) / w, y = (p.x * h12 + p.y * h22 + h32) / w
        return x.isFinite && y.isFinite ? CGPoint(x: x, y: y) : nil
    }

    /// Whether the map is affine (no projective terms), so that every point has an image.
    var isAffine: Bool { h13 == 0 && h23 == 0 && h33 == 1 }
}

extension Homography {
    /// The bounding box of the image of `rect`'s corners; nil when a corner has no image.
    func boundingBox(of rect: CGRect) -> CGRect? {
        if rect.isNull { return nil }
        let r = rect.standardized
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                       CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY)] {
            guard let q = apply(corner) else { return nil }
            minX = min(minX, q.x); maxX = max(maxX, q.x)
            minY = min(minY, q.y); maxY = max(maxY, q.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
