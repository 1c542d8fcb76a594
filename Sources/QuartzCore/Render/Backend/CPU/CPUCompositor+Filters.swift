import CoreGraphics

/// Layer filters on the CPU (`PassEffect.filters`): a Gaussian blur of all four premultiplied
/// channels (three box blurs, as the shadow's) and colour matrices.
extension CPUCompositor {
    static func apply(_ filter: PassFilter, to t: RasterTarget) {
        switch filter {
        case .gaussianBlur(let sigma): gaussianBlur(t, sigma: sigma)
        case .colorMatrix(let m): colorMatrix(t, m)
        }
    }

    static func gaussianBlur(_ t: RasterTarget, sigma: Double) {
        guard sigma.isFinite, sigma > 0.2 else { return }
        let w = t.width, h = t.height
        // Same box width and cap as `shadow`: a box wider than the buffer blurs no further.
        let s = min(sigma, 1e6)
        let ideal = ((12 * s * s / 3 + 1).squareRoot() - 1) / 2 + 0.5
        let r = max(1, Int(min(ideal, Double(max(w, h)))))
        var scratch = [Float](repeating: 0, count: max(w, h))
        var plane = [Float](repeating: 0, count: w * h)
        for shift in [24, 16, 8, 0] as [UInt32] {
            for y in 0..<h {
                let row = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { plane[y * w + x] = Float((row[x] >> shift) & 0xFF) }
            }
            for _ in 0..<3 {
                boxBlurRows(&plane, w, h, r, &scratch)
                boxBlurColumns(&plane, w, h, r, &scratch)
            }
            for y in 0..<h {
                let row = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w {
                    let v = UInt32(min(255, max(0, plane[y * w + x].rounded())))
                    row[x] = row[x] & ~(0xFF << shift) | v << shift
                }
            }
        }
        // Rounding can leave a colour byte above its alpha: keep the pixels premultiplied.
        for y in 0..<h {
            let row = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { row[x] = TextureResource.clampedPremultiplied(row[x]) }
        }
    }

    static func colorMatrix(_ t: RasterTarget, _ cm: ColorMatrix) {
        let m = cm.m
        @inline(__always) func row(_ i: Int, _ r: Double, _ g: Double, _ b: Double, _ a: Double) -> Double {
            min(1, max(0, m[5 * i] * r + m[5 * i + 1] * g + m[5 * i + 2] * b + m[5 * i + 3] * a + m[5 * i + 4]))
        }
        for y in 0..<t.height {
            let pixels = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<t.width {
                let p = pixels[x]
                let a = Double(p >> 24) / 255
                // Straight colour (a transparent pixel's colour is unknown: black).
                let k = a > 0 ? 1 / (a * 255) : 0
                let r = Double((p >> 16) & 0xFF) * k, g = Double((p >> 8) & 0xFF) * k, b = Double(p & 0xFF) * k
                let oa = row(3, r, g, b, a)
                func byte(_ c: Double) -> UInt32 { UInt32((c * oa * 255).rounded()) }
                pixels[x] = UInt32((oa * 255).rounded()) << 24 | byte(row(0, r, g, b, a)) << 16
                    | byte(row(1, r, g, b, a)) << 8 | byte(row(2, r, g, b, a))
            }
        }
    }
}
