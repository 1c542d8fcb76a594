/// A 4 × 4 homogeneous transform for layers.
///
/// Points are **row vectors** multiplied on the left, as in Apple's Core Animation:
/// `[x' y' z' w'] = [x y z 1] × M`. So the translation lives in `m41 m42 m43`, the rows `m1*`,
/// `m2*`, `m3*` are the images of the x, y and z axes, and perspective is the fourth column
/// (`m34 = -1/d` gives an eye at distance `d` points). `a × b` applies `a` first.
/// A point's projected position is `(x'/w', y'/w')`.
///
/// Follows Apple's `CATransform3D`
/// (https://developer.apple.com/documentation/quartzcore/catransform3d).
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The all-zero matrix, as Apple's imported C struct initializer gives (not the identity;
    /// use `CATransform3DIdentity`).
    public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Entry `(row, column)`, both 0…3; out-of-range indices trap like array subscripts.
    subscript(row: Int, column: Int) -> CGFloat {
        get {
            switch (row, column) {
            case (0, 0): m11; case (0, 1): m12; case (0, 2): m13; case (0, 3): m14
            case (1, 0): m21; case (1, 1): m22; case (1, 2): m23; case (1, 3): m24
            case (2, 0): m31; case (2, 1): m32; case (2, 2): m33; case (2, 3): m34
            case (3, 0): m41; case (3, 1): m42; case (3, 2): m43; case (3, 3): m44
            default: preconditionFailure("CATransform3D index (\(row), \(column)) out of range")
            }
        }
        set {
            switch (row, column) {
            case (0, 0): m11 = newValue; case (0, 1): m12 = newValue
            case (0, 2): m13 = newValue; case (0, 3): m14 = newValue
            case (1, 0): m21 = newValue; case (1, 1): m22 = newValue
            case (1, 2): m23 = newValue; case (1, 3): m24 = newValue
            case (2, 0): m31 = newValue; case (2, 1): m32 = newValue
            case (2, 2): m33 = newValue; case (2, 3): m34 = newValue
            case (3, 0): m41 = newValue; case (3, 1): m42 = newValue
            case (3, 2): m43 = newValue; case (3, 3): m44 = newValue
            default: preconditionFailure("CATransform3D index (\(row), \(column)) out of range")
            }
        }
    }

    /// Whether every entry is finite (neither NaN nor infinite).
    var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }

    /// The matrix product `self × b` (row vectors: `self` acts first).
    func concatenating(_ b: CATransform3D) -> CATransform3D {
        var r = CATransform3D()
        for i in 0..<4 {
            let a0 = self[i, 0], a1 = self[i, 1], a2 = self[i, 2], a3 = self[i, 3]
            for j in 0..<4 {
                r[i, j] = a0 * b[0, j] + a1 * b[1, j] + a2 * b[2, j] + a3 * b[3, j]
            }
        }
        return r
    }

    /// Maps the homogeneous point `(x, y, z, 1)`; returns `(x', y', z', w')` before division.
    func transform(x: CGFloat, y: CGFloat, z: CGFloat) -> (x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }
}

/// The identity transform `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
/// (https://developer.apple.com/documentation/quartzcore/catransform3didentity)
public let CATransform3DIdentity = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0,
                                                 m21: 0, m22: 1, m23: 0, m24: 0,
                                                 m31: 0, m32: 0, m33: 1, m34: 0,
                                                 m41: 0, m42: 0, m43: 0, m44: 1)

extension CATransform3D: CustomStringConvertible {
    public var description: String {
        "CATransform3D([\(m11) \(m12) \(m13) \(m14)] [\(m21) \(m22) \(m23) \(m24)] "
            + "[\(m31) \(m32) \(m33) \(m34)] [\(m41) \(m42) \(m43) \(m44)])"
    }
}
