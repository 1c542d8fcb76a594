// 4 × 4 inverse by cofactors (exact enough for layer transforms; no pivoting needed because the
// determinant test rejects the singular cases).

extension CATransform3D {
    /// The 2 × 2 minors of the top two rows (s0…s5) and bottom two rows (c0…c5), from which the
    /// determinant and the adjugate are built (Laplace expansion by complementary minors).
    private var minors: (s: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat),
                         c: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)) {
        ((m11 * m22 - m21 * m12, m11 * m23 - m21 * m13, m11 * m24 - m21 * m14,
          m12 * m23 - m22 * m13, m12 * m24 - m22 * m14, m13 * m24 - m23 * m14),
         (m31 * m42 - m41 * m32, m31 * m43 - m41 * m33, m31 * m44 - m41 * m34,
          m32 * m43 - m42 * m33, m32 * m44 - m42 * m34, m33 * m44 - m43 * m34))
    }

    /// The determinant of the 4 × 4 matrix.
    var determinant: CGFloat {
        let (s, c) = minors
        return s.0 * c.5 - s.1 * c.4 + s.2 * c.3 + s.3 * c.2 - s.4 * c.1 + s.5 * c.0
    }

    /// The inverse, or nil when the determinant is zero or not finite.
    func inverted() -> CATransform3D? {
        let (s, c) = minors
        let (s0, s1, s2, s3, s4, s5) = s, (c0, c1, c2, c3, c4, c5) = c
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return CATransform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
    }
}
