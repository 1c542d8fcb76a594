import Foundation
import CoreGraphics

/// `CAShapeLayer`'s render side: one path quad (fill, then stroke, trimmed to
/// `strokeStart`…`strokeEnd`) between the layer's contents and its sublayers, drawn by the
/// backend at device scale (DESIGN.md §4's path material). The quad carries the content state,
/// so it is clipped only by `masksToBounds` and the clips in force, as Apple's shape (which is
/// not clipped to the bounds otherwise). Shadows, masks and `render(in:)` draw the body through
/// the same hook, so they follow the shape.
struct ShapeLayerRenderer: LayerRenderer {
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        let s = layer.state.shape
        guard let path = s.path else { return }
        let fill = s.fillColor.flatMap(builder.premultiplied).map {
            PathMaterial.Fill(color: $0, rule: s.fillRule == .evenOdd ? .evenOdd : .winding)
        }
        let stroke = Self.stroke(s, builder: builder)
        guard fill != nil || stroke != nil else { return }
        let m = PathMaterial(path: path, fill: fill, stroke: stroke,
                             trimStart: Double(s.strokeStart), trimEnd: Double(s.strokeEnd))
        if let q = PathMaterial.quad(m, state: state) { quads.append(q) }
    }

    /// The stroke, or nil when there is none to draw (no colour, a width not above zero).
    static func stroke(_ s: ShapeLayerState, builder: FrameBuilder) -> PathMaterial.Stroke? {
        guard let c = s.strokeColor.flatMap(builder.premultiplied), s.lineWidth > 0, s.lineWidth.isFinite
        else { return nil }
        let cap: CGLineCap = switch s.lineCap { case .round: .round; case .square: .square; default: .butt }
        let join: CGLineJoin = switch s.lineJoin { case .round: .round; case .bevel: .bevel; default: .miter }
        return PathMaterial.Stroke(color: c, width: Double(s.lineWidth), cap: cap, join: join,
                                   miterLimit: Double(s.miterLimit),
                                   dashPattern: s.lineDashPattern?.map { $0.doubleValue } ?? [],
                                   dashPhase: Double(s.lineDashPhase))
    }
}
