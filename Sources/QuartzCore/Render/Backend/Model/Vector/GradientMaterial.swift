import Foundation
import CoreGraphics

/// A colour gradient filling the quad's `rect` (DESIGN.md §4's gradient material), computed
/// by the backend per device pixel (no texture is scaled). Points are in the quad's local
/// space. Colours are given premultiplied; between stops they interpolate linearly in straight
/// (unpremultiplied) RGBA, as Core Graphics gradients do (so a fade to transparent black
/// darkens, as it does on Apple); before the first stop and after the last the end colours
/// extend (as `CAGradientLayer` draws,
/// https://developer.apple.com/documentation/quartzcore/cagradientlayer).
package struct GradientMaterial: Equatable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Along the line `start` → `end`: 0 at `start`, 1 at `end`, constant across it.
        case axial
        /// Circles about `start`: 0 at the centre, 1 at distance |end − start|; with `radiusY`,
        /// ellipses whose horizontal radius is |end − start| and vertical radius `radiusY`
        /// (a quad transform with unequal scales also makes it an ellipse).
        case radial
        /// Angles about `start`: 0 along the ray towards `end`, growing with the angle from +x
        /// towards +y of local space, 1 after a full turn.
        case conic
    }

    package var kind: Kind
    /// Premultiplied colours, one per stop, at least one.
    package var colors: [PremultipliedColor]
    /// Stop positions 0…1, increasing, as many as `colors`; nil spreads the stops evenly
    /// (`CAGradientLayer.locations` nil).
    package var locations: [Double]?
    package var start: CGPoint
    package var end: CGPoint
    /// A radial gradient's vertical radius in local units, when it differs from the horizontal
    /// one (`CAGradientLayer`'s ellipse); nil for circles.
    package var radiusY: Double?

    package init(_ kind: Kind, colors: [PremultipliedColor], locations: [Double]? = nil, start: CGPoint, end: CGPoint,
                 radiusY: Double? = nil) {
        self.kind = kind; self.colors = colors; self.locations = locations; self.start = start; self.end = end
        self.radiusY = radiusY
    }

    /// The stops as (position, colour), positions clamped to 0…1 and made non-decreasing;
    /// empty when there are no colours or the locations do not match them.
    package var stops: [(Double, PremultipliedColor)] {
        guard !colors.isEmpty else { return [] }
        let n = colors.count
        let positions = locations ?? (n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        guard positions.count == n, positions.allSatisfy(\.isFinite) else { return [] }
        var last = 0.0
        return zip(positions, colors).map { p, c in
            last = max(last, min(max(p, 0), 1)); return (last, c)
        }
    }

    /// The colour at gradient parameter `t` (extended before the first stop and after the last).
    package func color(at t: Double, stops: [(Double, PremultipliedColor)]) -> PremultipliedColor {
        guard let first = stops.first, let lastStop = stops.last else { return .clear }
        if t <= first.0 { return first.1 }
        if t >= lastStop.0 { return lastStop.1 }
        for i in 1..<stops.count where t <= stops[i].0 {
            let (p0, c0) = stops[i - 1], (p1, c1) = stops[i]
            let f = p1 > p0 ? (t - p0) / (p1 - p0) : 1
            let a = c0.straight, b = c1.straight
            return PremultipliedColor(straightRed: a.r + (b.r - a.r) * f, green: a.g + (b.g - a.g) * f,
                                      blue: a.b + (b.b - a.b) * f, alpha: a.a + (b.a - a.a) * f)
        }
        return lastStop.1
    }

    /// The gradient parameter at local point (x, y); nil where it is undefined (start = end).
    package func parameter(x: Double, y: Double) -> Double? {
        let sx = Double(start.x), sy = Double(start.y)
        let dx = Double(end.x) - sx, dy = Double(end.y) - sy
        let len2 = dx * dx + dy * dy
        guard len2 > 0, len2.isFinite else { return nil }
        switch kind {
        case .axial:
            return ((x - sx) * dx + (y - sy) * dy) / len2
        case .radial:
            guard let ry = radiusY else {
                return ((x - sx) * (x - sx) + (y - sy) * (y - sy)).squareRoot() / len2.squareRoot()
            }
            guard ry > 0, ry.isFinite else { return nil }
            let u = (x - sx) / len2.squareRoot(), v = (y - sy) / ry
            return (u * u + v * v).squareRoot()
        case .conic:
            var a = atan2(y - sy, x - sx) - atan2(dy, dx)
            a = a.truncatingRemainder(dividingBy: 2 * .pi)
            if a < 0 { a += 2 * .pi }
            return a / (2 * .pi)
        }
    }
}
