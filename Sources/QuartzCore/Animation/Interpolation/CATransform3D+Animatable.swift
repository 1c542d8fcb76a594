extension CATransform3D: AnimatableValue {
    /// Decomposed interpolation, as Core Animation interpolates transforms: translation, scale,
    /// skew and perspective linearly and the rotation by quaternion slerp (the shorter way, so
    /// a whole transform can turn at most half a turn — animate `transform.rotation.z` to spin
    /// further). Matrices that cannot be decomposed switch from `a` to `b` at t = ½.
    public static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        guard let ca = a.decomposed(), let cb = b.decomposed() else { return t < 0.5 ? a : b }
        return interpolate(ca, cb, t)
    }

    /// The interpolation of two decomposed transforms (compiled animations decompose their
    /// from and to values once).
    static func interpolate(_ ca: TransformComponents, _ cb: TransformComponents, _ t: Double) -> CATransform3D {
        var c = TransformComponents()
        let k = CGFloat(t)
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * k }
        c.translation = (mix(ca.translation.x, cb.translation.x), mix(ca.translation.y, cb.translation.y),
                         mix(ca.translation.z, cb.translation.z))
        c.scale = (mix(ca.scale.x, cb.scale.x), mix(ca.scale.y, cb.scale.y), mix(ca.scale.z, cb.scale.z))
        c.skew = (mix(ca.skew.xy, cb.skew.xy), mix(ca.skew.xz, cb.skew.xz), mix(ca.skew.yz, cb.skew.yz))
        c.perspective = (mix(ca.perspective.x, cb.perspective.x), mix(ca.perspective.y, cb.perspective.y),
                         mix(ca.perspective.z, cb.perspective.z), mix(ca.perspective.w, cb.perspective.w))
        c.rotation = Quaternion.slerp(ca.rotation, cb.rotation, k)
        return c.matrix
    }

    /// Additive transforms concatenate: `adding(underlying, v)` applies `v` first, then the
    /// underlying transform (the animation acts in the layer's own space).
    public static func adding(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        CATransform3DConcat(b, a)
    }

    /// The inverse of `adding`: `adding(b, subtracting(a, b)) == a`.
    public static func subtracting(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        CATransform3DConcat(a, CATransform3DInvert(b))
    }

    /// Frobenius norm of the difference (for paced keyframes).
    public static func distance(_ a: CATransform3D, _ b: CATransform3D) -> Double {
        var s = 0.0
        for i in 0..<4 { for j in 0..<4 { let d = Double(a[i, j] - b[i, j]); s += d * d } }
        return s.squareRoot()
    }
}

extension Quaternion {
    /// Spherical linear interpolation along the shorter arc; nearly parallel quaternions fall
    /// back to normalised linear interpolation.
    static func slerp(_ a: Quaternion, _ b0: Quaternion, _ t: CGFloat) -> Quaternion {
        var b = b0
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 { dot = -dot; b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w) }
        let wa: CGFloat, wb: CGFloat
        if dot > 0.9995 {
            wa = 1 - t; wb = t
        } else {
            let theta = acos(min(1, dot)), s = sin(theta)
            wa = sin((1 - t) * theta) / s; wb = sin(t * theta) / s
        }
        var q = Quaternion(x: wa * a.x + wb * b.x, y: wa * a.y + wb * b.y,
                           z: wa * a.z + wb * b.z, w: wa * a.w + wb * b.w)
        let n = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if n > 0 { q = Quaternion(x: q.x / n, y: q.y / n, z: q.z / n, w: q.w / n) }
        return q
    }
}
