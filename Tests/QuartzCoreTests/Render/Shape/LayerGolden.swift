import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
import RenderTestSupport

/// What the shape and gradient golden suites share: one frame of a layer tree, the golden check
/// (images in `Render/Golden`, `RenderTestSupport.expectGolden`'s tolerance: 2/255 per channel
/// outside a 1-pixel antialiasing band), and the analytic measures their probes use.
enum LayerGolden {
    static func frame(_ root: CALayer, _ w: Int, _ h: Int, scale: CGFloat = 1) throws -> PixelBuffer {
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), scale: scale))
        return try #require(host.frame(at: 0))
    }

    static func expect(_ f: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden")
        expectGolden(f, name, directory: dir, sourceLocation: sourceLocation)
    }

    /// A shape layer filling `root` with `path`, no fill unless given, stroked black when `width`.
    static func shape(in root: CALayer, _ path: CGPath, fill: CGColor? = nil, stroke width: CGFloat? = nil,
                      _ configure: (CAShapeLayer) -> Void = { _ in }) -> CAShapeLayer {
        let l = CAShapeLayer()
        l.frame = root.bounds
        l.path = path
        l.fillColor = fill
        if let width { l.strokeColor = color(0, 0, 0); l.lineWidth = width }
        configure(l)
        root.addSublayer(l)
        return l
    }

    /// Coverage (alpha / 255) summed over the pixels of `rect` (whole pixels, clipped to the frame).
    static func ink(_ f: PixelBuffer, in rect: CGRect? = nil) -> Double {
        let r = (rect ?? CGRect(x: 0, y: 0, width: f.width, height: f.height))
            .intersection(CGRect(x: 0, y: 0, width: f.width, height: f.height))
        guard !r.isNull else { return 0 }
        var sum = 0.0
        for y in Int(r.minY)..<Int(r.maxY) { for x in Int(r.minX)..<Int(r.maxX) { sum += Double(f.pixel(x: x, y: y).a) / 255 } }
        return sum
    }

    /// The width in pixels of the first antialiased edge met going along `coverage` (0…1 per
    /// pixel): the pixels between the last empty one (≤ 2 %) and the first full one (≥ 98 %).
    /// A path edge drawn at device scale is one such pixel (two where it crosses a pixel
    /// corner); a 4× scaled-up bitmap spreads it over about four.
    static func edgeWidth(_ coverage: [Double]) -> Int? {
        guard let full = coverage.firstIndex(where: { $0 >= 0.98 }) else { return nil }
        let lastEmpty = coverage[..<full].lastIndex(where: { $0 <= 0.02 }) ?? -1
        return full - lastEmpty - 1
    }

    /// The area enclosed by a path of straight segments (shoelace over each subpath).
    static func polygonArea(_ path: CGPath) -> Double {
        var area = 0.0, first = CGPoint.zero, last = CGPoint.zero
        func edge(_ a: CGPoint, _ b: CGPoint) { area += Double(a.x * b.y - b.x * a.y) / 2 }
        path.applyWithBlock { e in
            let p = e.pointee
            switch p.type {
            case .moveToPoint: edge(last, first); first = p.points[0]; last = first
            case .addLineToPoint: edge(last, p.points[0]); last = p.points[0]
            case .closeSubpath: edge(last, first); last = first
            default: break
            }
        }
        edge(last, first)
        return abs(area)
    }

    /// The straight colour at `t` of evenly spaced stops (components 0…1), as CAGradientLayer
    /// interpolates them with `locations` nil, in 0…255 (opaque stops).
    static func gradient(_ stops: [[Double]], at t: Double) -> RGBA {
        let n = stops.count - 1, u = min(max(t, 0), 1) * Double(n)
        let i = min(Int(u), n - 1), f = u - Double(i)
        func ch(_ k: Int) -> Int { Int(((stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f) * 255).rounded()) }
        return RGBA(ch(0), ch(1), ch(2), 255)
    }
}
