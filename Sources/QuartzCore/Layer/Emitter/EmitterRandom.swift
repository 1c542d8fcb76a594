import Foundation

/// Stateless random numbers for particles: a value is a hash of what identifies it (seed,
/// cell, parent particle, birth index, property), so any particle can be computed on its own.
enum EmitterRandom {
    /// SplitMix64's finaliser: a bijective mix with good avalanche.
    @inline(__always)
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The identity of one particle (also the `parent` of the particles it emits).
    static func key(seed: UInt32, cell: Int, parent: UInt64, k: Double) -> UInt64 {
        var h = mix(UInt64(seed))
        h = mix(h ^ UInt64(truncatingIfNeeded: cell))
        h = mix(h ^ parent)
        return mix(h ^ k.bitPattern)
    }

    /// A number in [−1, 1] for property `n` of the particle `key`.
    static func signed(_ key: UInt64, _ n: UInt64) -> Double {
        let h = mix(key ^ (n &* 0xD6E8_FEB8_6659_FD93))
        return Double(h >> 11) / Double(1 << 52) - 1
    }
}

/// Birth points on the emission shape (https://developer.apple.com/documentation/quartzcore/caemitterlayeremittershape),
/// from three numbers in [−1, 1]; (x, y) in the layer's bounds space, z toward the viewer.
enum EmitterShapeSampler {
    static func point(_ e: EmitterParameters, _ r1: Double, _ r2: Double, _ r3: Double) -> (Double, Double, Double) {
        let cx = Double(e.position.x), cy = Double(e.position.y), cz = e.zPosition
        let hw = Double(e.size.width) / 2, hh = Double(e.size.height) / 2, hd = e.depth / 2
        func sign(_ r: Double) -> Double { r < 0 ? -1 : 1 }
        switch (e.shape, e.mode) {
        case (.line, .points):
            return (cx + hw * sign(r1), cy, cz)
        case (.line, _):
            return (cx + hw * r1, cy, cz)
        case (.rectangle, .points), (.cuboid, .points):
            return (cx + hw * sign(r1), cy + hh * sign(r2), e.shape == .cuboid ? cz + hd * sign(r3) : cz)
        case (.rectangle, .outline), (.cuboid, .outline):
            let (x, y) = perimeter(hw, hh, (r1 + 1) / 2)
            return (cx + x, cy + y, e.shape == .cuboid ? cz + hd * sign(r3) : cz)
        case (.rectangle, _):
            return (cx + hw * r1, cy + hh * r2, cz)
        case (.cuboid, .surface):
            return (cx + hw * r1, cy + hh * r2, cz + hd * sign(r3))
        case (.cuboid, _):
            return (cx + hw * r1, cy + hh * r2, cz + hd * r3)
        case (.circle, .points), (.sphere, .points):
            return (cx, cy, cz)
        case (.circle, .outline):
            let a = Double.pi * r1, r = 2 * hw
            return (cx + r * cos(a), cy + r * sin(a), cz)
        case (.circle, _):
            let a = Double.pi * r1, r = 2 * hw * ((r2 + 1) / 2).squareRoot()
            return (cx + r * cos(a), cy + r * sin(a), cz)
        case (.sphere, _):
            // A uniform direction (z uniform in [−1, 1]); inside the ball for .volume.
            let z = r1, a = Double.pi * r2, s = (1 - z * z).squareRoot()
            let r = 2 * hw * (e.mode == .volume ? cbrt((r3 + 1) / 2) : 1)
            return (cx + r * s * cos(a), cy + r * s * sin(a), cz + r * z)
        default:
            return (cx, cy, cz)    // .point and unknown shapes
        }
    }

    /// The point at fraction `u` along a rectangle's perimeter (half sizes `hw`, `hh`).
    private static func perimeter(_ hw: Double, _ hh: Double, _ u: Double) -> (Double, Double) {
        let w = 2 * hw, h = 2 * hh, total = 2 * (w + h)
        guard total > 0 else { return (0, 0) }
        var d = u * total
        if d < w { return (-hw + d, -hh) }
        d -= w
        if d < h { return (hw, -hh + d) }
        d -= h
        if d < w { return (hw - d, hh) }
        d -= w
        return (-hw, hh - min(d, h))
    }
}
