/// A transform split into the parts that interpolate well, after the "unmatrix" method
/// (Graphics Gems II, also the CSS Transforms 2 spec), in the row-vector convention.
///
/// Recomposition is `scale × skew × rotation × translation × perspective`: a point is scaled
/// first, then sheared, rotated, translated, and finally projected. Key paths such as
/// `transform.rotation.z` read and replace one part and recompose the rest unchanged, as Apple's
/// "Key-Value Coding Extensions" describe
/// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
struct TransformComponents: Equatable, Sendable {
    var translation: (x: CGFloat, y: CGFloat, z: CGFloat) = (0, 0, 0)
    var scale: (x: CGFloat, y: CGFloat, z: CGFloat) = (1, 1, 1)
    /// Shear factors: y gains `xy·x`, z gains `xz·x + yz·y` (before rotation).
    var skew: (xy: CGFloat, xz: CGFloat, yz: CGFloat) = (0, 0, 0)
    /// The fourth column `(m14, m24, m34, m44)` of the perspective part.
    var perspective: (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) = (0, 0, 0, 1)
    var rotation: Quaternion = .identity

    static func == (a: TransformComponents, b: TransformComponents) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.rotation == b.rotation
    }

    /// The recomposed matrix, normalised so that m44 = 1 (the same projective map as the matrix
    /// that was decomposed). Inlined: a `transform.rotation.z` frame recomposes one per layer.
    var matrix: CATransform3D {
        @inline(__always) get {
            var m = rotation.matrix
            // Rows of skew × rotation, then each row scaled (scale acts first on points).
            let r0 = (m.m11, m.m12, m.m13), r1 = (m.m21, m.m22, m.m23), r2 = (m.m31, m.m32, m.m33)
            let k1 = (r1.0 + skew.xy * r0.0, r1.1 + skew.xy * r0.1, r1.2 + skew.xy * r0.2)
            let k2 = (r2.0 + skew.xz * r0.0 + skew.yz * r1.0,
                      r2.1 + skew.xz * r0.1 + skew.yz * r1.1,
                      r2.2 + skew.xz * r0.2 + skew.yz * r1.2)
            m.m11 = r0.0 * scale.x; m.m12 = r0.1 * scale.x; m.m13 = r0.2 * scale.x
            m.m21 = k1.0 * scale.y; m.m22 = k1.1 * scale.y; m.m23 = k1.2 * scale.y
            m.m31 = k2.0 * scale.z; m.m32 = k2.1 * scale.z; m.m33 = k2.2 * scale.z
            m.m41 = translation.x; m.m42 = translation.y; m.m43 = translation.z
            if perspective == (0, 0, 0, 1) { return m }
            var p = CATransform3DIdentity
            p.m14 = perspective.x; p.m24 = perspective.y; p.m34 = perspective.z; p.m44 = perspective.w
            return m.concatenating(p)
        }
    }
}

extension CATransform3D {
    /// The components, or nil when the matrix cannot be decomposed: not finite, `m44 == 0`, or
    /// a singular affine part (for example a zero scale).
    ///
    /// A reflection (negative determinant) is reported as a negative x scale, so a mirrored layer
    /// reads `transform.scale.x == -1` with no rotation.
    func decomposed() -> TransformComponents? {
        guard isFinite, m44 != 0 else { return nil }
        var m = self
        for i in 0..<4 { for j in 0..<4 { m[i, j] /= self.m44 } }
        var affine = m
        affine.m14 = 0; affine.m24 = 0; affine.m34 = 0; affine.m44 = 1
        guard affine.determinant != 0 else { return nil }
        var c = TransformComponents()
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // m = affine × P, so P's last column is affine⁻¹ × m's last column.
            guard let inv = affine.inverted() else { return nil }
            let (px, py, pz, pw) = (m.m14, m.m24, m.m34, m.m44)
            c.perspective = (inv.m11 * px + inv.m12 * py + inv.m13 * pz + inv.m14 * pw,
                             inv.m21 * px + inv.m22 * py + inv.m23 * pz + inv.m24 * pw,
                             inv.m31 * px + inv.m32 * py + inv.m33 * pz + inv.m34 * pw,
                             inv.m41 * px + inv.m42 * py + inv.m43 * pz + inv.m44 * pw)
        }
        c.translation = (m.m41, m.m42, m.m43)
        var r0 = Vector3(m.m11, m.m12, m.m13), r1 = Vector3(m.m21, m.m22, m.m23)
        var r2 = Vector3(m.m31, m.m32, m.m33)
        c.scale.x = r0.length
        r0 = r0 / c.scale.x
        c.skew.xy = r0.dot(r1)
        r1 = r1 - r0 * c.skew.xy
        c.scale.y = r1.length
        r1 = r1 / c.scale.y
        c.skew.xy /= c.scale.y
        c.skew.xz = r0.dot(r2)
        r2 = r2 - r0 * c.skew.xz
        c.skew.yz = r1.dot(r2)
        r2 = r2 - r1 * c.skew.yz
        c.scale.z = r2.length
        r2 = r2 / c.scale.z
        c.skew.xz /= c.scale.z
        c.skew.yz /= c.scale.z
        if r0.dot(r1.cross(r2)) < 0 {
            c.scale.x = -c.scale.x
            r0 = r0 * -1
            // Keep the recomposition exact: the skews were measured against the flipped row.
            c.skew.xy = -c.skew.xy; c.skew.xz = -c.skew.xz
        }
        var rot = CATransform3DIdentity
        rot.m11 = r0.x; rot.m12 = r0.y; rot.m13 = r0.z
        rot.m21 = r1.x; rot.m22 = r1.y; rot.m23 = r1.z
        rot.m31 = r2.x; rot.m32 = r2.y; rot.m33 = r2.z
        c.rotation = Quaternion(rotation: rot)
        return c
    }
}

/// A small 3-vector for the decomposition arithmetic.
struct Vector3: Equatable {
    var x: CGFloat, y: CGFloat, z: CGFloat
    init(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) { self.x = x; self.y = y; self.z = z }
    var length: CGFloat { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vector3) -> CGFloat { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func * (v: Vector3, k: CGFloat) -> Vector3 { Vector3(v.x * k, v.y * k, v.z * k) }
    static func / (v: Vector3, k: CGFloat) -> Vector3 { Vector3(v.x / k, v.y / k, v.z / k) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
}
