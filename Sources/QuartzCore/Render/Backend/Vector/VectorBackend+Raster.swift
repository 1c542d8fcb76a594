import CoreGraphics

/// What the vector backend hands to its rasterizer: quads a context cannot draw, drawn by the
/// CPU backend (with the passes they read) into an image over their box in the pass, at the
/// passes' own pixel resolution; and the alpha of mask passes, for `clip(to:mask:)`.
extension VectorBackend {
    /// The largest side of a rasterized image, in pixels.
    static let maximumSide = 8192.0

    /// Whether the context cannot draw `q` itself.
    func needsRaster(_ q: DrawQuad) -> Bool {
        switch q.material {
        case .texture: return q.state.tint != nil
        case .renderPassOutput(let id): return byID[id]?.effect != nil
        case let .maskedPassOutput(id, _): return byID[id]?.effect != nil
        case .gradient(let g): return g.kind == .conic   // no context call for conic gradients
        default: return false
        }
    }

    /// `q` rasterized over its box (cut to the pass and the quad's clip) and drawn as an image
    /// with the quad's blend mode.
    func drawRasterized(_ q: DrawQuad, in ctx: CGContext, passRect: CGRect) {
        var inner = q
        inner.state.blendMode = .sourceOver
        guard let (image, rect) = rasterize(inner, region: passRect) else { return }
        ctx.setBlendMode(q.state.blendMode.cgBlendMode)
        drawUpright(image, in: rect, ctx)
    }

    /// Clips to the alpha of pass `mask` over `rect` (local space = the pass's space); false
    /// when nothing of the mask shows.
    func clip(toAlphaOf mask: RenderPass, rect: CGRect, in ctx: CGContext) -> Bool {
        let quad = DrawQuad.renderPassOutput(rect, mask.id)
        guard let (image, r) = rasterize(quad, region: rect.intersection(mask.outputRect)) else { return false }
        // clip(to:mask:) puts the mask's first row at the rectangle's maxY: flip about it.
        let flip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: r.minY + r.maxY)
        ctx.concatenate(flip)
        ctx.clip(to: r, mask: image)
        ctx.concatenate(flip)
        return true
    }

    /// `q` (and the passes it reads) composited by the rasterizer into an image covering its
    /// box within `region` (pass pixels), and that box. nil when nothing would show.
    ///
    /// A pass that an earlier call of the same `draw` rasterized is handed over as its pixels
    /// (`rasterized`): the passes do not depend on the region, and nested effects (a shadow in
    /// a shadowed layer, twenty deep) would otherwise be drawn again for every enclosing one.
    func rasterize(_ q: DrawQuad, region: CGRect) -> (CGImage, CGRect)? {
        var box = Damage.box(q).map { $0.intersection(region) } ?? region
        if let c = q.state.clip { box = box.intersection(c) }
        box = box.integral
        guard !box.isNull, box.width >= 1, box.height >= 1, box.isFiniteValue,
              Double(max(box.width, box.height)) <= Self.maximumSide else { return nil }
        var local = q
        let shift = ProjectiveTransform.translation(x: -Double(box.minX), y: -Double(box.minY))
        local.state.transform = q.state.transform.concatenating(shift)
        local.state.clip = q.state.clip.map { $0.offsetBy(dx: -box.minX, dy: -box.minY) }
        var passes: [RenderPass] = []
        var seen: Set<RenderPassID> = []
        var captures: [(RenderPass, PassCapture)] = []
        func add(_ id: RenderPassID) {
            guard seen.insert(id).inserted, let p = byID[id] else { return }
            if let done = rasterized[id] { return passes.append(done) }
            for dq in p.quads { dq.passDependencies.forEach(add) }
            var drawn = p
            drawn.capture = p.capture ?? PassCapture()
            captures.append((p, drawn.capture!))
            passes.append(drawn)
        }
        local.passDependencies.forEach(add)
        let rootID = RenderPassID(UInt64.max)
        passes.append(RenderPass(id: rootID, outputRect: CGRect(origin: .zero, size: box.size), quads: [local]))
        guard var buffer = PixelBuffer(width: Int(box.width), height: Int(box.height)),
              (try? rasterizer.draw(passes, into: &buffer)) != nil,
              let image = buffer.makeCGImage() else { return nil }
        for (p, capture) in captures {
            guard let texture = capture.texture, let r = PixelRect(enclosing: p.outputRect) else { continue }
            let whole = CGRect(x: r.x, y: r.y, width: r.width, height: r.height)
            rasterized[p.id] = RenderPass(id: p.id, outputRect: p.outputRect,
                                          quads: [.texture(whole, texture, filter: .nearest, edge: .transparent)])
        }
        return (image, box)
    }

    /// Draws `image` with its first row at `rect.minY` of the current (y-down pixel) space.
    func drawUpright(_ image: CGImage, in rect: CGRect, _ ctx: CGContext) {
        ctx.concatenate(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: rect.minY + rect.maxY))
        ctx.draw(image, in: rect)
    }
}
