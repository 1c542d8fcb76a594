import CQuartzLibm
/// A unit quaternion `(x, y, z, w)` for a rotation; `w = cos(θ/2)`, `(x, y, z) = axis · sin(θ/2)`.
/// Used by transform decomposition and (later) rotation interpolation.
struct Quaternion: Equatable, Sendable {
    var x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat

    static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

    /// From a pure rotation matrix in the row-vector convention (rows = images of the axes).
    /// Shepperd's method: divides by the largest of the four candidates for stability.
    init(rotation r: CATransform3D) {
        let trace = r.m11 + r.m22 + r.m33
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(x: (r.m23 - r.m32) / s, y: (r.m31 - r.m13) / s, z: (r.m12 - r.m21) / s, w: s / 4)
        } else if r.m11 > r.m22 && r.m11 > r.m33 {
            let s = (1 + r.m11 - r.m22 - r.m33).squareRoot() * 2
            self.init(x: s / 4, y: (r.m12 + r.m21) / s, z: (r.m31 + r.m13) / s, w: (r.m23 - r.m32) / s)
        } else if r.m22 > r.m33 {
            let s = (1 + r.m22 - r.m11 - r.m33).squareRoot() * 2
            self.init(x: (r.m12 + r.m21) / s, y: s / 4, z: (r.m23 + r.m32) / s, w: (r.m31 - r.m13) / s)
        } else {
            let s = (1 + r.m33 - r.m11 - r.m22).squareRoot() * 2
            self.init(x: (r.m31 + r.m13) / s, y: (r.m23 + r.m32) / s, z: s / 4, w: (r.m12 - r.m21) / s)
        }
    }

    init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The rotation `Rx(ex) × Ry(ey) × Rz(ez)` (row vectors: about x first, then y, then z).
    init(euler: EulerAngles) {
        let (sx, cx) = Self.sinCosOfHalf(euler.x)
        let (sy, cy) = Self.sinCosOfHalf(euler.y)
        let (sz, cz) = Self.sinCosOfHalf(euler.z)
        // q = qz * qy * qx (Hamilton product; qx acts first on a vector).
        self.init(x: sx * cy * cz - cx * sy * sz,
                  y: cx * sy * cz + sx * cy * sz,
                  z: cx * cy * sz - sx * sy * cz,
                  w: cx * cy * cz + sx * sy * sz)
    }

    /// sin and cos of a/2 (one libm call: `sincos`, bit for bit `sin` and `cos`); for +0 (the
    /// untouched angles of a one-axis rotation, which every frame of a `transform.rotation.z`
    /// animation has) the exact (0, 1) without calling libm.
    @inline(__always) private static func sinCosOfHalf(_ a: CGFloat) -> (CGFloat, CGFloat) {
        if a.bitPattern == 0 { return (0, 1) }
        var s = 0.0, c = 0.0
        clibm_sincos(Double(a / 2), &s, &c)
        return (CGFloat(s), CGFloat(c))
    }

    /// The rotation matrix (row-vector convention).
    var matrix: CATransform3D {
        @inline(__always) get {
            CATransform3D(
                m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
                m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
                m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
                m41: 0, m42: 0, m43: 0, m44: 1)
        }
    }

    /// The Euler angles of `init(euler:)`'s convention. At gimbal lock (y = ±π/2) the z angle is
    /// taken as 0 and the whole in-plane turn goes to x.
    var euler: EulerAngles {
        let m = matrix
        let sy = max(-1, min(1, -m.m13))
        let ey = asin(sy)
        if abs(sy) < 1 - 1e-12 {
            return EulerAngles(x: atan2(m.m23, m.m33), y: ey, z: atan2(m.m12, m.m11))
        }
        let ex = sy > 0 ? atan2(m.m21, m.m22) : atan2(-m.m21, m.m22)
        return EulerAngles(x: ex, y: ey, z: 0)
    }
}

/// Rotation angles in radians about x, y and z, applied in that order (row vectors).
struct EulerAngles: Equatable, Sendable {
    var x: CGFloat, y: CGFloat, z: CGFloat
}
