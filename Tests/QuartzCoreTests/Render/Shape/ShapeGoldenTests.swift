import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// CAShapeLayer golden frames (Render/Golden/shape-*.png, `expectGolden`'s tolerance), each
/// paired with analytic probes that would fail on their own if the golden were recorded wrong
/// (https://developer.apple.com/documentation/quartzcore/cashapelayer).
@Suite("CAShapeLayer goldens", .serialized)
struct ShapeGoldenTests {
    typealias G = LayerGolden

    /// Ring of radius 30, width 8, from 12 o'clock clockwise on screen (y down), trimmed at
    /// `strokeEnd`: covered area within 3 % of 2π·r·w·fraction, ink only in the quadrants the
    /// arc has reached (the butt ends lie on the quadrant lines x = 50 and y = 50).
    @Test(arguments: [(0.25, "shape-ring-quarter"), (0.5, "shape-ring-half"), (1.0, "shape-ring-full")])
    func ringAtStrokeEnd(_ fraction: Double, _ name: String) throws {
        let (root, _) = ShapeLayerRenderTests.ring(strokeEnd: CGFloat(fraction))
        let f = try G.frame(root, 100, 100)
        let expected = 2 * Double.pi * 30 * 8 * fraction
        let area = G.ink(f)
        #expect(abs(area - expected) / expected < 0.03, "area \(area), expected \(expected)")
        let quarter = 2 * Double.pi * 30 * 8 / 4
        let quadrants = [("top-right", CGRect(x: 50, y: 0, width: 50, height: 50), 0.25),
                         ("bottom-right", CGRect(x: 50, y: 50, width: 50, height: 50), 0.5),
                         ("bottom-left", CGRect(x: 0, y: 50, width: 50, height: 50), 0.75),
                         ("top-left", CGRect(x: 0, y: 0, width: 50, height: 50), 1.0)]
        for (label, rect, reachedAt) in quadrants {
            let ink = G.ink(f, in: rect)
            if fraction >= reachedAt {
                #expect(abs(ink - quarter) / quarter < 0.04, "\(label): \(ink), expected \(quarter)")
            } else {
                #expect(ink < 0.5, "\(label) should be empty: \(ink)")
            }
        }
        G.expect(f, name)
    }

    /// Two 6-wide lines from x 10 to 90 dashed [12, 8]: without phase the dashes are x 10…22,
    /// 30…42, 50…62, 70…82; with phase 6 they are 10…16, 24…36, 44…56, 64…76, 84…90. Each
    /// line covers 48 of its 80 points: 288 pixels.
    @Test func dashPatternCoverage() throws {
        let root = makeRoot(100, 50)
        for (y, phase) in [(15.0, 0.0), (35.0, 6.0)] {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: y)); p.addLine(to: CGPoint(x: 90, y: y))
            _ = G.shape(in: root, p, stroke: 6) { $0.lineDashPattern = [12, 8]; $0.lineDashPhase = CGFloat(phase) }
        }
        let f = try G.frame(root, 100, 50)
        for band in [CGRect(x: 0, y: 0, width: 100, height: 25), CGRect(x: 0, y: 25, width: 100, height: 25)] {
            let ink = G.ink(f, in: band)
            #expect(abs(ink - 288) < 3, "\(band): \(ink)")
        }
        for x in [11, 21, 31, 41, 51, 61, 71, 81] { #expect(f.rgba(x, 15) == .black, "on at \(x)") }
        for x in [23, 29, 43, 49, 63, 69, 83, 89] { #expect(f.rgba(x, 15) == .clear, "off at \(x)") }
        for x in [10, 15, 24, 35, 44, 55, 64, 75, 84, 89] { #expect(f.rgba(x, 35) == .black, "phase: on at \(x)") }
        for x in [16, 23, 36, 43, 56, 63, 76, 83] { #expect(f.rgba(x, 35) == .clear, "phase: off at \(x)") }
        G.expect(f, "shape-dashes")
    }

    /// Non-zero (left) against even-odd (right): nested squares wound the same way and a
    /// pentagram. Even-odd leaves the inner square and the star's centre pentagon empty.
    @Test func evenOddAgainstNonZeroHoles() throws {
        let root = makeRoot(200, 200)
        for (dx, rule) in [(0.0, CAShapeLayerFillRule.nonZero), (100.0, .evenOdd)] {
            let p = CGMutablePath()
            p.addRect(CGRect(x: dx + 10, y: 10, width: 80, height: 80))
            p.addRect(CGRect(x: dx + 30, y: 30, width: 40, height: 40))
            let star = (0..<5).map { k -> CGPoint in
                let a = -Double.pi / 2 + Double(k) * 4 * .pi / 5
                return CGPoint(x: dx + 50 + 40 * cos(a), y: 150 + 40 * sin(a))
            }
            p.addLines(between: star); p.closeSubpath()
            _ = G.shape(in: root, p, fill: color(0, 0, 1)) { $0.fillRule = rule }
        }
        let f = try G.frame(root, 200, 200)
        #expect(abs(G.ink(f, in: CGRect(x: 0, y: 0, width: 100, height: 100)) - 6400) < 1)
        #expect(abs(G.ink(f, in: CGRect(x: 100, y: 0, width: 100, height: 100)) - 4800) < 1)
        #expect(f.rgba(50, 50) == .blue && f.rgba(150, 50) == .clear)     // inner square
        #expect(f.rgba(20, 20) == .blue && f.rgba(120, 20) == .blue)      // between the squares
        #expect(f.rgba(50, 150) == .blue && f.rgba(150, 150) == .clear)   // the star's centre
        #expect(f.rgba(50, 120) == .blue && f.rgba(150, 120) == .blue)    // a point of the star
        #expect(f.rgba(50, 192) == .clear && f.rgba(150, 192) == .clear)  // between two points
        // The pentagon left empty has inner radius 40·cos 72° / cos 36° ≈ 15.3: area ≈ 557.
        let starInk = G.ink(f, in: CGRect(x: 0, y: 100, width: 100, height: 100))
            - G.ink(f, in: CGRect(x: 100, y: 100, width: 100, height: 100))
        let r = 40 * cos(0.4 * Double.pi) / cos(0.2 * Double.pi)
        let pentagon = 2.5 * r * r * sin(0.4 * Double.pi)
        #expect(abs(starInk - pentagon) / pentagon < 0.02, "\(starInk) vs \(pentagon)")
        G.expect(f, "shape-fill-rules")
    }

    /// Left: 12-wide lines from x 20 to 80 with butt, square and round caps (rows 25, 70, 115).
    /// Right: 12-wide right-angle corners at (175, 15 | 60 | 105) with miter, bevel and round
    /// joins. Probes at pixel centres tell the shapes apart by where each reaches.
    @Test func capAndJoinGeometry() throws {
        let root = makeRoot(200, 140)
        let caps: [(CAShapeLayerLineCap, CGFloat)] = [(.butt, 25), (.square, 70), (.round, 115)]
        for (cap, y) in caps {
            let p = CGMutablePath(); p.move(to: CGPoint(x: 20, y: y)); p.addLine(to: CGPoint(x: 80, y: y))
            _ = G.shape(in: root, p, stroke: 12) { $0.lineCap = cap }
        }
        let joins: [(CAShapeLayerLineJoin, CGFloat)] = [(.miter, 15), (.bevel, 60), (.round, 105)]
        for (join, y) in joins {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 115, y: y)); p.addLine(to: CGPoint(x: 175, y: y)); p.addLine(to: CGPoint(x: 175, y: y + 25))
            _ = G.shape(in: root, p, stroke: 12) { $0.lineJoin = join }
        }
        let f = try G.frame(root, 200, 140)
        for (cap, y) in caps {
            let row = Int(y)
            // x 82.5 on the axis: beyond a butt end, inside the square and round caps (reach 86).
            #expect((f.rgba(82, row) == .black) == (cap != .butt), "\(cap.rawValue) at the axis")
            #expect((f.rgba(17, row) == .black) == (cap != .butt), "\(cap.rawValue) at the start")
            // (84.5, y − 4.5) is 6.4 from the end: inside the square cap only.
            #expect((f.rgba(84, row - 5) == .black) == (cap == .square), "\(cap.rawValue) at the corner")
            #expect(f.rgba(87, row) == .clear && f.rgba(50, row - 6) == .black && f.rgba(50, row - 7) == .clear)
        }
        for (join, y) in joins {
            let row = Int(y)
            // Outer corner offsets from (175, y): (4.5, −5.5) is in the miter's square only;
            // (3.5, −3.5) is past the bevel's diagonal (7 > 6) but inside the round join (4.9).
            #expect((f.rgba(179, row - 6).a > 200) == (join == .miter), "\(join.rawValue): (4.5, −5.5)")
            #expect((f.rgba(178, row - 4).a > 200) == (join != .bevel), "\(join.rawValue): (3.5, −3.5)")
            #expect(f.rgba(178, row - 4).a > 200 || f.rgba(178, row - 4).a < 56)
            #expect(f.rgba(176, row + 10) == .black && f.rgba(182, row + 10) == .clear)   // the vertical leg
        }
        G.expect(f, "shape-caps-joins")
    }

    /// A circle of radius 30 masking an image layer: inside, the image's own pixels; outside,
    /// nothing; the covered area is π·30².
    @Test func shapeMaskOverAnImage() throws {
        var bytes = [UInt8]()
        for y in 0..<100 { for x in 0..<100 {
            let check = (x / 10 + y / 10) % 2 == 0
            bytes += [UInt8(x * 255 / 99), UInt8(y * 255 / 99), check ? 200 : 40, 255]
        } }
        let image = try #require(CGImage(width: 100, height: 100, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 400,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                                         provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: false,
                                         intent: .defaultIntent))
        let root = makeRoot(100, 100)
        let picture = box(root.bounds, nil)
        picture.contents = image
        let mask = CAShapeLayer()
        mask.frame = picture.bounds
        mask.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        picture.mask = mask
        root.addSublayer(picture)
        let f = try G.frame(root, 100, 100)
        for (x, y) in [(50, 50), (25, 50), (60, 30), (40, 75)] {
            let o = 4 * (y * 100 + x)
            #expect(f.rgba(x, y).near(RGBA(Int(bytes[o]), Int(bytes[o + 1]), Int(bytes[o + 2]), 255), 1), "(\(x), \(y))")
        }
        for (x, y) in [(5, 5), (22, 22), (95, 50), (50, 85)] { #expect(f.rgba(x, y) == .clear, "(\(x), \(y))") }
        let area = G.ink(f), expected = Double.pi * 900
        #expect(abs(area - expected) / expected < 0.01, "area \(area), expected \(expected)")
        G.expect(f, "shape-mask-image")
    }

    /// A 20-point layer scaled 4× by its transform: the circle is drawn from its path at device
    /// scale, so every edge is at most 1.5 px wide (one partly covered pixel between empty and
    /// full), not a 4× stretched bitmap (about four).
    @Test func edgeUnderFourTimesScale() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.position = CGPoint(x: 50, y: 50)
        l.transform = CATransform3DMakeScale(4, 4, 1)
        l.path = CGPath(ellipseIn: CGRect(x: 2.1, y: 2.1, width: 15.8, height: 15.8), transform: nil)
        l.fillColor = color(0.1, 0.3, 0.8)
        root.addSublayer(l)
        let f = try G.frame(root, 100, 100)
        let row = (0..<100).map { Double(f.rgba($0, 50).a) / 255 }
        let column = (0..<100).map { Double(f.rgba(50, $0).a) / 255 }
        for (label, line) in [("left", row), ("right", Array(row.reversed())), ("top", column), ("bottom", Array(column.reversed()))] {
            let w = try #require(G.edgeWidth(line), "\(label)")
            #expect(Double(w) <= 1.5, "\(label) edge \(w) px")
        }
        // The edge is where the path puts it: 50 − 4 · 7.9 = 18.4.
        let firstHalf = try #require(row.firstIndex { $0 >= 0.5 })
        #expect(firstHalf == 18 || firstHalf == 19, "\(firstHalf)")
        let area = G.ink(f), expected = Double.pi * 31.6 * 31.6
        #expect(abs(area - expected) / expected < 0.01, "area \(area), expected \(expected)")
        G.expect(f, "shape-scale4")
    }
}
