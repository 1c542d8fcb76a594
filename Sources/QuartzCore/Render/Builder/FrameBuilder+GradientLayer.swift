import Foundation
import CoreGraphics

/// `CAGradientLayer`'s content: one gradient quad over the bounds, clipped to the bounds'
/// rounded rectangle as the background is (Apple: the gradient fills the shape of the layer,
/// rounded corners included; https://developer.apple.com/documentation/quartzcore/cagradientlayer).
/// Unit points map onto the bounds space as given, so the host's orientation decides whether
/// y = 0 is the top (flipped) or the bottom (unflipped).
struct GradientLayerRenderer: LayerRenderer {
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        let st = layer.state, g = st.gradient, b = st.bounds
        guard let colors = g.colors, !colors.isEmpty, b.width > 0, b.height > 0 else { return }
        var stops = colors.map { builder.premultiplied($0) ?? .clear }
        // Locations that do not match the colours pair up as far as both go.
        var locations = g.locations.map { $0.map(Double.init) }
        if let l = locations, l.count != stops.count {
            let n = min(l.count, stops.count)
            guard n > 0 else { return }
            stops = Array(stops.prefix(n)); locations = Array(l.prefix(n))
        }
        guard let material = Self.material(g, stops: stops, locations: locations, bounds: b) else { return }
        var s = state
        let radii = builder.cornerRadii(st)
        if !radii.isZero { s.roundedClip = RoundedRect(rect: b, radii: radii) }
        quads.append(.gradient(b, material, state: s))
    }

    /// The material in bounds space: unit points scaled onto the bounds.
    static func material(_ g: GradientLayerState, stops: [PremultipliedColor], locations: [Double]?,
                         bounds b: CGRect) -> GradientMaterial? {
        func place(_ p: CGPoint) -> CGPoint { CGPoint(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height) }
        let start = place(g.startPoint), end = place(g.endPoint)
        switch g.type {
        case .radial:
            // Radii reach endPoint along each axis: rx = |Δx|, ry = |Δy| in bounds units.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            return GradientMaterial(.radial, colors: stops, locations: locations, start: start,
                                    end: CGPoint(x: start.x + rx, y: start.y), radiusY: Double(ry))
        case .conic:
            return GradientMaterial(.conic, colors: stops, locations: locations, start: start, end: end)
        default:
            return GradientMaterial(.axial, colors: stops, locations: locations, start: start, end: end)
        }
    }
}
