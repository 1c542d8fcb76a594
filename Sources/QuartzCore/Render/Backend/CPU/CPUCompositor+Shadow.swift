/// Pass effects on the CPU: the shadow blur.
extension CPUCompositor {
    static func apply(_ effect: PassEffect, to target: RasterTarget) {
        switch effect {
        case .shadow(let color, let sigma):
            shadow(target, color: color, sigma: sigma)
        case .filters(let filters):
            for f in filters { apply(f, to: target) }
        }
    }

    /// Alpha → blurred alpha (three box blurs approximating a Gaussian of `sigma` pixels, the
    /// usual √(12σ²/n + 1) box width) → `color` × alpha, premultiplied.
    static func shadow(_ t: RasterTarget, color: PremultipliedColor, sigma: Double) {
        let w = t.width, h = t.height
        var alpha = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { alpha[y * w + x] = Float(row[x] >> 24) }
        }
        if sigma.isFinite, sigma > 0.2 {
            // A box wider than the buffer blurs no further (the mean of everything): cap the
            // radius there, so huge radii cost no more than the buffer and never overflow.
            let ideal = ((12 * min(sigma, 1e6) * min(sigma, 1e6) / 3 + 1).squareRoot() - 1) / 2 + 0.5
            let r = max(1, Int(min(ideal, Double(max(w, h)))))
            var scratch = [Float](repeating: 0, count: max(w, h))
            for _ in 0..<3 {
                boxBlurRows(&alpha, w, h, r, &scratch)
                boxBlurColumns(&alpha, w, h, r, &scratch)
            }
        }
        let a = color.alpha, cr = color.red, cg = color.green, cb = color.blue
        for y in 0..<h {
            let row = (t.base + y * t.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let k = Double(alpha[y * w + x]) / 255
                func byte(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v * k * 255).rounded()))) }
                row[x] = byte(a) << 24 | byte(cr) << 16 | byte(cg) << 8 | byte(cb)
            }
        }
    }

    static func boxBlurRows(_ a: inout [Float], _ w: Int, _ h: Int, _ r: Int, _ s: inout [Float]) {
        let norm = 1 / Float(2 * r + 1)
        for y in 0..<h {
            let base = y * w
            var acc: Float = 0
            for i in -r...r where i >= 0 && i < w { acc += a[base + i] }
            for x in 0..<w {
                s[x] = acc * norm
                let out = x - r, inn = x + r + 1
                if out >= 0 { acc -= a[base + out] }
                if inn < w { acc += a[base + inn] }
            }
            for x in 0..<w { a[base + x] = s[x] }
        }
    }

    static func boxBlurColumns(_ a: inout [Float], _ w: Int, _ h: Int, _ r: Int, _ s: inout [Float]) {
        let norm = 1 / Float(2 * r + 1)
        for x in 0..<w {
            var acc: Float = 0
            for i in -r...r where i >= 0 && i < h { acc += a[i * w + x] }
            for y in 0..<h {
                s[y] = acc * norm
                let out = y - r, inn = y + r + 1
                if out >= 0 { acc -= a[out * w + x] }
                if inn < h { acc += a[inn * w + x] }
            }
            for y in 0..<h { a[y * w + x] = s[y] }
        }
    }
}
