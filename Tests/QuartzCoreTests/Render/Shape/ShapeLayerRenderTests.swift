import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// CAShapeLayer drawn: fill then stroke between contents and sublayers, trimmed by
/// strokeStart/strokeEnd as fractions of arc length, at device scale, as a mask, with a shadow of
/// its shape, and through `render(in:)` (https://developer.apple.com/documentation/quartzcore/cashapelayer).
@Suite("CAShapeLayer rendering", .serialized)
struct ShapeLayerRenderTests {
    static let side = 100, r: CGFloat = 30, w: CGFloat = 8

    /// A ring of radius `r` and width `w` centred in the layer, starting at 12 o'clock and
    /// running clockwise on screen (y down: increasing angle).
    static func ring(strokeEnd: CGFloat) -> (CALayer, CAShapeLayer) {
        let root = makeRoot(CGFloat(side), CGFloat(side))
        let l = CAShapeLayer()
        l.frame = root.bounds
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 50, y: 50), radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        l.path = p
        l.fillColor = nil
        l.strokeColor = color(1, 0, 0)
        l.lineWidth = w
        l.strokeEnd = strokeEnd
        root.addSublayer(l)
        return (root, l)
    }

    /// Covered area in pixels (alpha summed) and the box of pixels with any coverage.
    static func coverage(_ f: PixelBuffer) -> (area: Double, box: CGRect) {
        var area = 0.0, box = CGRect.null
        for y in 0..<f.height {
            for x in 0..<f.width {
                let a = f.rgba(x, y).a
                guard a > 0 else { continue }
                area += Double(a) / 255
                box = box.union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return (area, box)
    }

    /// Changes without implicit animations (the layer has been shown by an earlier host).
    static func change(_ body: () -> Void) {
        CATransaction.begin(); CATransaction.setDisableActions(true); body(); CATransaction.commit()
    }

    static func frame(_ root: CALayer, at t: Double = 0) throws -> PixelBuffer {
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: side, height: side)))
        return try #require(host.frame(at: t))
    }

    @Test(arguments: [0.25, 0.5, 1.0])
    func ringAreaAndQuadrantsFollowStrokeEnd(fraction: Double) throws {
        let (root, _) = Self.ring(strokeEnd: CGFloat(fraction))
        let f = try Self.frame(root)
        let (area, box) = Self.coverage(f)
        let expected = 2 * Double.pi * Double(Self.r * Self.w) * fraction
        #expect(abs(area - expected) / expected < 0.03, "area \(area), expected \(expected)")
        // The arc starts at 12 o'clock (50, 20) and runs clockwise on screen.
        #expect(box.minY <= 17, "\(box)")
        switch fraction {
        case 0.25: #expect(box.minX >= 49 && box.maxY <= 51 && box.maxX >= 83, "top-right quadrant only: \(box)")
        case 0.5: #expect(box.minX >= 49 && box.maxY >= 83, "right half only: \(box)")
        default: #expect(box.minX <= 17 && box.maxY >= 83, "all round: \(box)")
        }
    }

    @Test func evenOddLeavesTheHoleThatNonZeroFills() throws {
        for rule in [CAShapeLayerFillRule.nonZero, .evenOdd] {
            let root = makeRoot(100, 100)
            let l = CAShapeLayer()
            l.frame = root.bounds
            let p = CGMutablePath()
            p.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
            p.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))   // same direction
            l.path = p
            l.fillColor = color(0, 0, 1)
            l.fillRule = rule
            root.addSublayer(l)
            let f = try Self.frame(root)
            #expect(f.rgba(20, 20) == .blue, "\(rule.rawValue)")
            #expect(f.rgba(50, 50) == (rule == .evenOdd ? .clear : .blue), "\(rule.rawValue)")
            #expect(f.rgba(95, 95) == .clear)
        }
    }

    @Test func fillThenStrokeBetweenContentsAndSublayersUnclipped() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
        l.backgroundColor = color(0, 1, 0)
        l.path = CGPath(rect: CGRect(x: 10, y: 10, width: 60, height: 20), transform: nil)   // past the bounds
        l.fillColor = color(0, 0, 1)
        l.strokeColor = color(1, 0, 0)
        l.lineWidth = 4
        let cover = box(CGRect(x: 20, y: 12, width: 10, height: 10), color(1, 1, 1))
        l.addSublayer(cover)
        root.addSublayer(l)
        let f = try Self.frame(root)
        #expect(f.rgba(50, 45) == .blue)       // fill above the background
        #expect(f.rgba(30, 30) == .red)        // stroke above the fill (the path's left edge, x = 30)
        #expect(f.rgba(85, 40) == .blue)       // outside the layer's bounds: not clipped
        #expect(f.rgba(45, 37) == .white)      // the sublayer above the shape
        #expect(f.rgba(25, 55) == .green)      // background where the path is not
        Self.change { l.masksToBounds = true }
        let g = try Self.frame(root)
        #expect(g.rgba(85, 40) == .clear && g.rgba(50, 45) == .blue)
    }

    @Test func aShapeMasksASolidLayer() throws {
        let root = makeRoot(100, 100)
        let solid = box(root.bounds, color(1, 0, 0))
        let mask = CAShapeLayer()
        mask.frame = solid.bounds
        mask.path = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
        solid.mask = mask
        root.addSublayer(solid)
        let f = try Self.frame(root)
        #expect(f.rgba(50, 50) == .red && f.rgba(25, 50) == .red)
        #expect(f.rgba(22, 22) == .clear && f.rgba(5, 5) == .clear && f.rgba(50, 85) == .clear)
        let area = Self.coverage(f).area, expected = Double.pi * 900
        #expect(abs(area - expected) / expected < 0.02, "area \(area), expected \(expected)")
    }

    @Test func edgesStaySharpUnderAFourTimesScale() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.position = CGPoint(x: 50, y: 50)
        l.transform = CATransform3DMakeScale(4, 4, 1)
        l.path = CGPath(ellipseIn: CGRect(x: 2.1, y: 2.1, width: 15.8, height: 15.8), transform: nil)
        root.addSublayer(l)
        let f = try Self.frame(root)
        // Across the row y = 50 the circle's edge (device x = 10 + 4 · 2.1 = 18.4) is at most
        // one partly covered pixel plus a sliver: a scaled-up 20-point bitmap would spread it over ~4.
        let row = (0..<40).map { f.rgba($0, 50).a }
        let partial = row.filter { $0 > 8 && $0 < 247 }.count
        #expect(partial <= 1, "\(row)")
        let firstCovered = try #require(row.firstIndex { $0 > 8 })
        let firstFull = try #require(row.firstIndex { $0 >= 247 })
        #expect(firstFull - firstCovered <= 1, "edge \(firstCovered)…\(firstFull)")
        #expect(abs(Double(firstCovered) - 18) <= 1)
    }

    @Test func animatedStrokeEndFramesMatchThePresentation() throws {
        let (root, l) = Self.ring(strokeEnd: 1)
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: Self.side, height: Self.side)))
        _ = host.frame(at: 0)
        let a = CABasicAnimation(keyPath: "strokeEnd")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { l.add(a, forKey: "draw") }
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let p = host.host.withClock { l.presentation()!.strokeEnd }
            #expect(abs(Double(p) - t) < 1e-9, "t = \(t): \(p)")
            let area = Self.coverage(f).area, expected = 2 * Double.pi * Double(Self.r * Self.w) * Double(p)
            #expect(abs(area - expected) <= max(0.03 * expected, 1), "t = \(t): area \(area), expected \(expected)")
        }
    }

    @Test func castsAShadowOfItsShape() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.frame = root.bounds
        l.path = CGPath(ellipseIn: CGRect(x: 35, y: 25, width: 30, height: 30), transform: nil)
        l.fillColor = color(1, 0, 0)
        l.shadowOpacity = 1
        l.shadowRadius = 0
        l.shadowOffset = CGSize(width: 0, height: 30)
        root.addSublayer(l)
        let f = try Self.frame(root)
        #expect(f.rgba(50, 40) == .red)
        #expect(f.rgba(50, 70).near(.black, 2), "\(f.rgba(50, 70))")   // the circle's shadow 30 below
        #expect(f.rgba(38, 58) == .clear, "\(f.rgba(38, 58))")          // inside the bounds, outside the shape's shadow
        #expect(f.rgba(5, 95) == .clear)
    }

    @Test func renderInContextAndVectorsDrawTheSameShape() {
        let (root, _) = Self.ring(strokeEnd: 0.5)
        let (ric, host, vector) = RenderPaths.frames(root, Self.side, Self.side)
        #expect(ric.filter { $0 >> 24 != 0 }.count > 500)
        #expect(RenderPaths.mismatches(host, ric, Self.side, Self.side).isEmpty)
        #expect(RenderPaths.mismatches(host, vector, Self.side, Self.side).isEmpty)
    }

    /// A 60-point line 10 wide: butt covers 600, square 700 (half a width past each end),
    /// round 600 + π·5²; a right-angle corner adds the miter's square, the bevel's triangle or
    /// the round join's quarter disc.
    @Test func capsAndJoinsFollowTheLayersOptions() throws {
        func area(_ cap: CAShapeLayerLineCap, _ join: CAShapeLayerLineJoin, corner: Bool) throws -> Double {
            let root = makeRoot(100, 100)
            let l = CAShapeLayer()
            l.frame = root.bounds
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 20, y: 30)); p.addLine(to: CGPoint(x: 80, y: 30))
            if corner { p.addLine(to: CGPoint(x: 80, y: 90)) }
            l.path = p
            l.fillColor = nil; l.strokeColor = color(0, 0, 0); l.lineWidth = 10
            l.lineCap = cap; l.lineJoin = join
            root.addSublayer(l)
            return Self.coverage(try Self.frame(root)).area
        }
        #expect(abs(try area(.butt, .miter, corner: false) - 600) < 6)
        #expect(abs(try area(.square, .miter, corner: false) - 700) < 7)
        #expect(abs(try area(.round, .miter, corner: false) - (600 + .pi * 25)) < 7)
        let base = 1200 - 25.0   // two 60 × 10 strokes overlapping in a 5 × 5 square at the corner
        #expect(abs(try area(.butt, .miter, corner: true) - (base + 25)) < 10)
        #expect(abs(try area(.butt, .bevel, corner: true) - (base + 12.5)) < 10)
        #expect(abs(try area(.butt, .round, corner: true) - (base + .pi * 25 / 4)) < 10)
    }

    @Test func aStillShapeIsNoDamageAndKeepsItsPathObject() throws {
        let (root, l) = Self.ring(strokeEnd: 0.5)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: Self.side, height: Self.side)))
        _ = host.frame(at: 0)
        _ = host.frame(at: 0.5)
        #expect(host.lastDamage.isNull, "damage \(host.lastDamage)")
        #expect(host.host.withClock { l.presentation()?.path } === l.path)
    }

    @Test func badInputNeverCrashes() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.frame = root.bounds
        l.strokeColor = color(1, 0, 0)
        root.addSublayer(l)
        for bad in [CGFloat.nan, .infinity, 1e300] {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 10, y: 10)); p.addLine(to: CGPoint(x: bad, y: 50)); p.addLine(to: CGPoint(x: 10, y: 90))
            p.closeSubpath()
            Self.change { l.path = p }
            _ = try Self.frame(root)
        }
        Self.change {
            l.path = CGPath(rect: CGRect(x: 20, y: 20, width: 60, height: 60), transform: nil)
            l.fillColor = nil
            l.lineWidth = -5                                // no stroke
        }
        #expect(Self.coverage(try Self.frame(root)).area == 0)
        Self.change { l.lineWidth = 4; l.lineDashPattern = [0, 0] }   // a solid line
        let solid = Self.coverage(try Self.frame(root)).area
        #expect(abs(solid - 240 * 4) < 20, "\(solid)")
        Self.change { l.lineDashPattern = [-3, 2] }
        #expect(abs(Self.coverage(try Self.frame(root)).area - solid) < 1)
        Self.change { l.strokeStart = 0.9; l.strokeEnd = 0.2 }     // empty range: nothing
        #expect(Self.coverage(try Self.frame(root)).area == 0)
        Self.change { l.strokeStart = 0; l.strokeEnd = 1; l.path = CGMutablePath() }   // empty path
        #expect(Self.coverage(try Self.frame(root)).area == 0)
    }
}
