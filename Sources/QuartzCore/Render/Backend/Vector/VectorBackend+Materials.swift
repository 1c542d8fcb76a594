import Foundation
import CoreGraphics

/// The vector materials as drawing calls, so a PDF page keeps them vector: paths as context
/// paths (filled by their rule, then stroked with the line state; trims cut by
/// `CGPath.trimmed`), axial and radial gradients as `CGGradient`s extended past both ends,
/// text as CoreText lines (`TextBlock.draw`). Conic gradients have no context call and go to the
/// rasterizer (`needsRaster`). The CTM is the quad's; the quad's opacity is the global alpha.
extension VectorBackend {
    func drawPath(_ m: PathMaterial, rect: CGRect, opacity: Double, in ctx: CGContext) {
        let (finite, length) = PathMaterial.controlPolygon(m.path)
        guard finite else { return }
        ctx.clip(to: rect)
        // Fill and stroke overlap: with an opacity they are one group, as on the CPU backend.
        let group = opacity < 1 && m.fill != nil && m.stroke != nil
        if group { ctx.beginTransparencyLayer(auxiliaryInfo: nil) }
        defer { if group { ctx.endTransparencyLayer() } }
        if let f = m.fill {
            ctx.addPath(m.path)
            ctx.setFillColor(f.color.cgColor)
            ctx.fillPath(using: f.rule)
        }
        guard let s = m.stroke, s.width.isFinite, s.width > 0 else { return }
        let stroked = m.path.trimmed(from: m.trimStart, to: m.trimEnd)
        guard !stroked.isEmpty else { return }
        ctx.addPath(stroked)
        ctx.setLineWidth(CGFloat(s.width))
        ctx.setLineCap(s.cap)
        ctx.setLineJoin(s.join)
        ctx.setMiterLimit(CGFloat(s.miterLimit.isFinite ? max(s.miterLimit, 1) : 10))
        ctx.setLineDash(phase: CGFloat(s.dashPhase.isFinite ? s.dashPhase : 0),
                        lengths: (s.dashes(alongLength: length) ?? []).map { CGFloat($0) })
        ctx.setStrokeColor(s.color.cgColor)
        ctx.strokePath()
    }

    func drawGradient(_ g: GradientMaterial, rect: CGRect, in ctx: CGContext) {
        let stops = g.stops
        guard !stops.isEmpty,
              let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: stops.map { $0.1.cgColor },
                                        locations: stops.map { CGFloat($0.0) }) else { return }
        ctx.clip(to: rect)
        let extend: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch g.kind {
        case .axial:
            ctx.drawLinearGradient(gradient, start: g.start, end: g.end, options: extend)
        case .radial:
            let r = hypot(g.end.x - g.start.x, g.end.y - g.start.y)
            if let ry = g.radiusY {   // an ellipse: a circle of radius r squeezed about the centre
                guard r > 0, ry > 0, ry.isFinite else { return }
                ctx.translateBy(x: g.start.x, y: g.start.y)
                ctx.scaleBy(x: 1, y: CGFloat(ry) / r)
                ctx.translateBy(x: -g.start.x, y: -g.start.y)
            }
            ctx.drawRadialGradient(gradient, startCenter: g.start, startRadius: 0, endCenter: g.start, endRadius: r,
                                   options: extend)
        case .conic:
            return   // rasterized (needsRaster)
        }
    }

    /// The block's top-left corner at `t.origin`, lines towards +y of local space; each line
    /// is drawn through CoreText's `CTLineDraw` path, so glyphs stay vector in a PDF.
    func drawText(_ t: TextMaterial, rect: CGRect, in ctx: CGContext) {
        ctx.clip(to: rect)
        ctx.translateBy(x: t.origin.x, y: t.origin.y)
        t.block.draw(in: ctx, color: t.color?.cgColor, tint: t.tint?.cgColor)
    }
}
