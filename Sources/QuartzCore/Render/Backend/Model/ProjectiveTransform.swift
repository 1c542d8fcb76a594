import CoreGraphics

/// A projective transform of the plane: a 3×3 matrix of Doubles.
///
/// Row-vector convention, as `CGAffineTransform` and `CATransform3D`: a point (x, y) maps to
/// `[x' y' w'] = [x y 1] · M`, then to (x'/w', y'/w'). So `m31, m32` are the translation and
/// `m13, m23` the perspective terms. A `CATransform3D` flattened onto the z = 0 plane is rows
/// 1, 2, 4 and columns 1, 2, 4 of its 4×4 matrix. `a.concatenating(b)` applies `a` first, as
/// `CGAffineTransform.concatenating`.
package struct ProjectiveTransform: Hashable, Sendable {
    package var m11, m12, m13: Double
    package var m21, m22, m23: Double
    package var m31, m32, m33: Double

    package init(m11: Double, m12: Double, m13: Double,
                 m21: Double, m22: Double, m23: Double,
                 m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The affine transform `t` (a, b, c, d, tx, ty in Apple's row-vector layout).
    package init(_ t: CGAffineTransform) {
        self.init(m11: Double(t.a), m12: Double(t.b), m13: 0,
                  m21: Double(t.c), m22: Double(t.d), m23: 0,
                  m31: Double(t.tx), m32: Double(t.ty), m33: 1)
    }

    package static let identity = ProjectiveTransform(CGAffineTransform.identity)

    package static func translation(x: Double, y: Double) -> ProjectiveTransform {
        ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: x, m32: y, m33: 1)
    }

    package static func scale(x: Double, y: Double) -> ProjectiveTransform {
        ProjectiveTransform(m11: x, m12: 0, m13: 0, m21: 0, m22: y, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// True when there is no perspective: the transform is `affine` up to the scale of `m33`.
    package var isAffine: Bool { m13 == 0 && m23 == 0 && m33 != 0 }

    /// The affine equivalent (divided by `m33`), or nil when the transform has perspective.
    package var affine: CGAffineTransform? {
        guard isAffine else { return nil }
        let s = 1 / m33
        return CGAffineTransform(a: m11 * s, b: m12 * s, c: m21 * s, d: m22 * s, tx: m31 * s, ty: m32 * s)
    }

    /// True when the transform only moves points by whole pixels (the blit fast path).
    package var isIntegerTranslation: Bool {
        guard let a = affine else { return false }
        return a.a == 1 && a.b == 0 && a.c == 0 && a.d == 1
            && a.tx == a.tx.rounded() && a.ty == a.ty.rounded()
    }

    package var isFinite: Bool {
        [m11, m12, m13, m21, m22, m23, m31, m32, m33].allSatisfy(\.isFinite)
    }

    /// `self` followed by `t` (the matrix product self · t).
    package func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31,
            m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32,
            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31,
            m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32,
            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31,
            m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32,
            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }

    /// The inverse (adjugate over determinant), or nil when singular or not finite.
    package func inverted() -> ProjectiveTransform? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let det = m11 * c11 + m12 * c21 + m13 * c31
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        let r = ProjectiveTransform(m11: c11 * s, m12: c12 * s, m13: c13 * s,
                                    m21: c21 * s, m22: c22 * s, m23: c23 * s,
                                    m31: c31 * s, m32: c32 * s, m33: c33 * s)
        return r.isFinite ? r : nil
    }

    /// The homogeneous image (x', y', w') of the point (x, y).
    package func homogeneous(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m11 + y * m21 + m31, x * m12 + y * m22 + m32, x * m13 + y * m23 + m33)
    }

    /// The image of `p`, or nil when it lies on or behind the plane at infinity (w ≤ 0).
    package func map(_ p: CGPoint) -> CGPoint? {
        let h = homogeneous(x: Double(p.x), y: Double(p.y))
        guard h.w > 0 else { return nil }
        return CGPoint(x: h.x / h.w, y: h.y / h.w)
    }

    /// How many output units one input unit becomes near (x, y): the larger of the lengths of
    /// the Jacobian's columns (the images of unit steps along x and along y). Used to pick a
    /// mip level and the resolution of intermediate buffers. 0 where w ≤ 0.
    package func localScale(x: Double, y: Double) -> Double {
        let h = homogeneous(x: x, y: y)
        guard h.w > 0 else { return 0 }
        let w2 = h.w * h.w
        let dxdx = (m11 * h.w - h.x * m13) / w2, dydx = (m12 * h.w - h.y * m13) / w2
        let dxdy = (m21 * h.w - h.x * m23) / w2, dydy = (m22 * h.w - h.y * m23) / w2
        return max((dxdx * dxdx + dydx * dydx).squareRoot(), (dxdy * dxdy + dydy * dydy).squareRoot())
    }
}
