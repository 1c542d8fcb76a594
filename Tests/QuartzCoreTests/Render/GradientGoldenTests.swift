import Testing
import Foundation
@testable import QuartzCore

/// CAGradientLayer golden frames (Render/Golden/gradient-*.png, `expectGolden`'s tolerance),
/// each paired with the colour the gradient's geometry gives at chosen pixel centres
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayer). The host is
/// flipped (y down), so unit y = 0 is the top.
@Suite("CAGradientLayer goldens", .serialized)
struct GradientGoldenTests {
    typealias G = LayerGolden
    static let red = [1.0, 0, 0], yellow = [1.0, 1, 0], blue = [0.0, 0, 1]

    func layer(_ type: CAGradientLayerType, _ stops: [[Double]], start: CGPoint, end: CGPoint) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 100, height: 101)
        g.type = type
        g.colors = stops.map { color($0[0], $0[1], $0[2]) }
        g.startPoint = start; g.endPoint = end
        return g
    }

    func check(_ f: PixelBuffer, _ x: Int, _ y: Int, _ want: RGBA, tolerance: Int,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(f.rgba(x, y).near(want, tolerance), "(\(x), \(y)): \(f.rgba(x, y)), expected \(want)",
                sourceLocation: sourceLocation)
    }

    /// Axial red → blue from top to bottom over 101 rows: row r's centre is t = (r + ½) / 101,
    /// so mid-height (row 50) is exactly (0.5, 0, 0.5): (128, 0, 128) within 1/255.
    @Test func axial() throws {
        let root = makeRoot(100, 101)
        root.addSublayer(layer(.axial, [Self.red, Self.blue], start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1)))
        let f = try G.frame(root, 100, 101)
        check(f, 50, 50, RGBA(128, 0, 128, 255), tolerance: 1)
        for y in [0, 10, 33, 50, 77, 100] {
            for x in [0, 50, 99] {   // constant across the axis
                check(f, x, y, G.gradient([Self.red, Self.blue], at: (Double(y) + 0.5) / 101), tolerance: 1)
            }
        }
        G.expect(f, "gradient-axial")
    }

    /// Radial red → yellow → blue about the centre, radii reaching endPoint (1, 1): 50 across,
    /// 50.5 down; t = √((dx / 50)² + (dy / 50.5)²), blue beyond the ellipse.
    @Test func radial() throws {
        let root = makeRoot(100, 101)
        let stops = [Self.red, Self.yellow, Self.blue]
        root.addSublayer(layer(.radial, stops, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 1)))
        let f = try G.frame(root, 100, 101)
        for (x, y) in [(50, 50), (60, 50), (75, 50), (50, 20), (30, 70), (88, 62), (5, 50), (2, 2)] {
            let dx = (Double(x) + 0.5 - 50) / 50, dy = (Double(y) + 0.5 - 50.5) / 50.5
            check(f, x, y, G.gradient(stops, at: (dx * dx + dy * dy).squareRoot()), tolerance: 2)
        }
        check(f, 0, 0, RGBA(0, 0, 255, 255), tolerance: 0)
        G.expect(f, "gradient-radial")
    }

    /// Conic red → yellow → blue about the centre, angle 0 towards endPoint (+x), growing
    /// towards +y (down on screen): t = angle / 2π.
    @Test func conic() throws {
        let root = makeRoot(100, 101)
        let stops = [Self.red, Self.yellow, Self.blue]
        root.addSublayer(layer(.conic, stops, start: CGPoint(x: 0.5, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
        let f = try G.frame(root, 100, 101)
        for (x, y) in [(90, 60), (80, 90), (50, 95), (20, 80), (5, 50), (20, 20), (50, 5), (80, 15), (95, 45)] {
            var a = atan2(Double(y) + 0.5 - 50.5, Double(x) + 0.5 - 50)
            if a < 0 { a += 2 * .pi }
            check(f, x, y, G.gradient(stops, at: a / (2 * .pi)), tolerance: 2)
        }
        check(f, 10, 50, RGBA(255, 255, 0, 255), tolerance: 1)   // half a turn: the middle stop
        G.expect(f, "gradient-conic")
    }
}
