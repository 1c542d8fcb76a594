import CoreGraphics

/// The vector backend: draws render passes into a `CGContext` as drawing calls — quads become
/// paths and images, passes become transparency layers — so a PDF page keeps backgrounds,
/// borders, corners and clips as paths and `draw(in:)` content as the drawing it was.
///
/// What a context cannot express is decided per quad and handed to the CPU backend as an
/// image at the passes' pixel resolution (`VectorBackend+Raster`): projective quads, tinted
/// textures (particles), passes with an effect (shadows, `filters`), and the alpha of masks
/// (through `clip(to:mask:)`). Layers are never consulted: the passes are all it reads.
package final class VectorBackend: RenderBackend {
    package var name: String { "vector" }
    /// Layers whose backing store is drawn again into the context instead of as its pixels,
    /// by the identity of the store's texture (`render(in:)` sets it; empty elsewhere).
    var redraws: [ObjectIdentifier: VectorRedraw] = [:]
    /// Draws what the context cannot (an image per quad).
    let rasterizer: any RenderBackend
    /// The images made from textures during one `draw`, so each is embedded once.
    var images: [ObjectIdentifier: CGImage] = [:]
    var byID: [RenderPassID: RenderPass] = [:]
    /// Passes the rasterizer has drawn during one `draw`, as passes showing those pixels
    /// (VectorBackend+Raster), so nested passes are drawn once, not once per enclosing pass.
    var rasterized: [RenderPassID: RenderPass] = [:]

    package init(rasterizer: any RenderBackend = CPUCompositor(threadCount: 1)) { self.rasterizer = rasterizer }

    /// Draws `passes` over `target` through a bitmap `CGContext` over its memory (what the
    /// conformance suite compares with the other backends).
    package func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws {
        let (w, h, stride) = (target.width, target.height, target.stride)
        try target.words.withUnsafeMutableBytes { bytes in
            guard let ctx = CGContext(data: bytes.baseAddress, width: w, height: h, bitsPerComponent: 8,
                                      bytesPerRow: stride, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                          | CGBitmapInfo.byteOrder32Little.rawValue)
            else { throw CompositorError.invalidTarget }
            try draw(passes, in: ctx, pixelsToUserSpace: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(h)))
        }
    }

    /// Draws `passes` into `ctx`; `pixelsToUserSpace` maps target pixels (y down, the root
    /// pass's space less its origin) to the context's current user space.
    package func draw(_ passes: [RenderPass], in ctx: CGContext, pixelsToUserSpace: CGAffineTransform) throws {
        guard let root = passes.last else { throw CompositorError.noPasses }
        byID = [:]
        for pass in passes {
            guard byID.updateValue(pass, forKey: pass.id) == nil else { throw CompositorError.duplicatePass(pass.id) }
        }
        _ = try CPUCompositor.drawingOrder(root: root.id, passes: byID)   // no cycles, nothing missing
        images = [:]; rasterized = [:]
        defer { byID = [:]; images = [:]; rasterized = [:] }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(pixelsToUserSpace)
        ctx.concatenate(CGAffineTransform(translationX: -root.outputRect.minX, y: -root.outputRect.minY))
        ctx.clip(to: root.outputRect)
        drawQuads(of: root, in: ctx)
    }

    /// The pass's quads, back to front; the CTM maps the pass's space to the output.
    func drawQuads(of pass: RenderPass, in ctx: CGContext) {
        for q in pass.quads where q.state.opacity > 0 { draw(q, in: ctx, passRect: pass.outputRect) }
    }

    /// One quad: its device clip, then (affine quads) its transform, rounded clip, hard edges,
    /// blend mode and opacity, and its material.
    func draw(_ q: DrawQuad, in ctx: CGContext, passRect: CGRect) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let c = q.state.clip { ctx.clip(to: c) }
        guard let m = q.state.transform.affine, !needsRaster(q) else {
            return drawRasterized(q, in: ctx, passRect: passRect)
        }
        ctx.concatenate(m)
        if let rc = q.state.roundedClip {
            ctx.addPath(VectorShapes.roundedRect(rc.rect, radii: rc.radii))
            ctx.clip()
        }
        if !q.state.aliasedEdges.isEmpty { clipHard(q.rect, edges: q.state.aliasedEdges, in: ctx) }
        ctx.setBlendMode(q.state.blendMode.cgBlendMode)
        ctx.setAlpha(CGFloat(min(q.state.opacity, 1)))
        switch q.material {
        case .solidColor(let color):
            ctx.setFillColor(color.cgColor)
            ctx.fill(q.rect)
        case let .roundedRect(radii, color):
            ctx.setFillColor(color.cgColor)
            ctx.addPath(VectorShapes.roundedRect(q.rect, radii: radii))
            ctx.fillPath()
        case let .border(width, radii, color):
            ctx.setFillColor(color.cgColor)
            ctx.addPath(VectorShapes.border(q.rect, width: width, radii: radii))
            ctx.fillPath(using: .evenOdd)
        case let .texture(texture, source, filter, _):
            drawTexture(texture, source: source, filter: filter, rect: q.rect, hardEdges: q.state.aliasedEdges, in: ctx)
        case .renderPassOutput(let id):
            guard let pass = byID[id] else { return }
            drawPassLayer(pass, rect: q.rect, in: ctx)
        case let .maskedPassOutput(id, maskID):
            guard let pass = byID[id], let mask = byID[maskID] else { return }
            guard clip(toAlphaOf: mask, rect: q.rect, in: ctx) else { return }
            drawPassLayer(pass, rect: q.rect, in: ctx)
        case .path(let m):   // VectorBackend+Materials
            drawPath(m, rect: q.rect, opacity: q.state.opacity, in: ctx)
        case .gradient(let g):
            drawGradient(g, rect: q.rect, in: ctx)
        case .text(let t):
            drawText(t, rect: q.rect, in: ctx)
        }
    }

    /// A pass as a transparency layer (the quad's opacity and blend mode apply to it as a
    /// whole), clipped to `rect` and the pass's output rectangle.
    func drawPassLayer(_ pass: RenderPass, rect: CGRect, in ctx: CGContext) {
        let shown = rect.intersection(pass.outputRect)
        guard !shown.isNull, !shown.isEmpty else { return }
        ctx.clip(to: shown)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        drawQuads(of: pass, in: ctx)
        ctx.endTransparencyLayer()
    }

    /// Clips to `rect` with `edges` cut hard (pixel centres) and the others left to the
    /// drawing's own antialiasing (pushed far out).
    func clipHard(_ rect: CGRect, edges: QuadEdges, in ctx: CGContext) {
        ctx.setShouldAntialias(false)
        ctx.clip(to: Self.grow(rect, QuadEdges.all.subtracting(edges)))
        ctx.setShouldAntialias(true)
    }

    /// `rect` pushed far out on `sides`.
    static func grow(_ rect: CGRect, _ sides: QuadEdges) -> CGRect {
        let far: CGFloat = 1e6
        var r = rect
        if sides.contains(.minX) { r.origin.x -= far; r.size.width += far }
        if sides.contains(.maxX) { r.size.width += far }
        if sides.contains(.minY) { r.origin.y -= far; r.size.height += far }
        if sides.contains(.maxY) { r.size.height += far }
        return r
    }
}

extension PremultipliedColor {
    /// The straight colour as a `CGColor` (device values, as the CPU backend paints them).
    var cgColor: CGColor {
        let c = straight
        return CGColor(red: CGFloat(c.r), green: CGFloat(c.g), blue: CGFloat(c.b), alpha: CGFloat(c.a))
    }
}
