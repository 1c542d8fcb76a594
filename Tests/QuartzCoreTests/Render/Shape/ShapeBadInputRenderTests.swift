import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// Bad input to shapes and gradients, drawn: what each draws (Apple's behaviour where it is
/// defined, else a documented choice), never a crash, and the rest of the tree still drawn.
@Suite("CAShapeLayer and CAGradientLayer bad input, drawn", .serialized)
struct ShapeBadInputRenderTests {
    typealias G = LayerGolden

    /// A 100×100 tree: the layer under test, then a green 10×10 square at (85, 85) that must
    /// always be drawn.
    static func frame(_ l: CALayer) throws -> PixelBuffer {
        let root = makeRoot(100, 100)
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(l)
        root.addSublayer(box(CGRect(x: 85, y: 85, width: 10, height: 10), color(0, 1, 0)))
        let f = try G.frame(root, 100, 100)
        #expect(f.rgba(90, 90) == .green, "the layer after it is still drawn")
        return f
    }

    /// A NaN or infinite point is left out when the path is built (CoreGraphics ignores the
    /// call), so the triangle becomes the line (10, 10)–(10, 80) and back: no fill, and half
    /// its length stroked. A path at 1e300 is finite but past what the rasteriser's fixed point
    /// holds (±2²² px): it is reported when set and draws nothing, never a wrapped-around shape.
    @Test(arguments: [CGFloat.nan, .infinity, -.infinity, 1e300])
    func extremeCoordinates(_ bad: CGFloat) throws {
        let l = CAShapeLayer()
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10)); p.addLine(to: CGPoint(x: bad, y: 50)); p.addLine(to: CGPoint(x: 10, y: 80))
        p.closeSubpath()
        let reported = diagnostics { l.path = p }.reported
        l.fillColor = color(0, 0, 1)
        l.strokeColor = color(1, 0, 0); l.lineWidth = 2; l.strokeEnd = 0.5
        let f = try Self.frame(l)
        let ink = G.ink(f, in: CGRect(x: 0, y: 0, width: 80, height: 100))
        if bad.isFinite {
            #expect(reported.contains { $0.key == "path" }, "\(reported)")
            #expect(ink == 0, "\(ink)")
        } else {
            #expect(abs(ink - 140) < 1, "\(ink)")
            #expect(f.rgba(9, 45) == .red && f.rgba(10, 45) == .red && f.rgba(11, 45) == .clear)
        }
    }

    /// A polygon of a million segments (a circle of radius 40) fills πr² and its stroke trims
    /// by arc length; time and memory stay linear in the segments (measured in the report).
    @Test func aMillionSegments() throws {
        let n = 1_000_000
        var points = [CGPoint]()
        points.reserveCapacity(n)
        for k in 0..<n {
            let a = 2 * Double.pi * Double(k) / Double(n)
            points.append(CGPoint(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a)))
        }
        let p = CGMutablePath()
        p.addLines(between: points); p.closeSubpath()
        let l = CAShapeLayer()
        l.path = p
        l.fillColor = color(0, 0, 1)
        let f = try Self.frame(l)
        let disc = Double.pi * 1600
        #expect(abs(G.ink(f) - 100 - disc) / disc < 0.01)   // less the green square
        let s = CAShapeLayer()
        s.path = p
        s.fillColor = nil; s.strokeColor = color(0, 0, 0); s.lineWidth = 4; s.strokeEnd = 0.5
        let g = try Self.frame(s)
        let half = Double.pi * 40 * 4
        // From 3 o'clock (angle 0) clockwise on screen to 9 o'clock: the bottom half only.
        #expect(abs(G.ink(g, in: CGRect(x: 0, y: 50, width: 100, height: 50)) - 100 - half) / half < 0.03)
        #expect(G.ink(g, in: CGRect(x: 0, y: 0, width: 100, height: 50)) < 0.5)
    }

    /// Gradient `locations` out of order are made non-decreasing (a hard step where a location
    /// goes back), out of range are clamped to 0…1; Apple requires them increasing in 0…1
    /// and defines nothing else. A diagnostic names the bad array.
    @Test func locationsOutOfOrderOrRange() throws {
        let g = CAGradientLayer()
        g.colors = [color(1, 0, 0), color(0, 1, 0), color(0, 0, 1)]
        let reported = diagnostics { g.locations = [0.2, 0.7, 0.4] }.reported
        #expect(!reported.isEmpty)
        let f = try Self.frame(g)
        // Stops (0.2 red) (0.7 green) (0.7 blue): red → green over 0.2…0.7, then blue.
        #expect(f.rgba(50, 10) == .red)
        #expect(f.rgba(50, 44).near(RGBA(130, 125, 0, 255), 1), "\(f.rgba(50, 44))")   // t 0.445: 0.49 of the way
        #expect(f.rgba(50, 71) == .blue && f.rgba(50, 95) == .blue)
        let h = CAGradientLayer()
        h.colors = [color(1, 0, 0), color(0, 0, 1)]
        _ = diagnostics { h.locations = [-1, 3] }
        let k = try Self.frame(h)
        #expect(k.rgba(50, 0).near(RGBA(254, 0, 1, 255), 2) && k.rgba(50, 99).near(RGBA(1, 0, 254, 255), 2))
    }

    /// Non-colour elements of `colors` are left out with a diagnostic; the colours draw.
    @Test func nonColourElementsInColors() throws {
        let g = CAGradientLayer()
        let reported = diagnostics { g.colors = [color(1, 0, 0), "blue", 7, NSNull(), color(0, 0, 1)] }.reported
        #expect(!reported.isEmpty)
        #expect((g.colors as? [CGColor])?.count == 2)
        let f = try Self.frame(g)
        #expect(f.rgba(50, 49).near(RGBA(129, 0, 126, 255), 1), "\(f.rgba(50, 49))")   // row 49.5 of 100
    }
}
