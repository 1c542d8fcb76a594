import Testing
import Foundation
@testable import QuartzCore

/// CAGradientLayer drawn: colours at chosen pixels for each type, locations, host orientation,
/// rounded corners, as a mask, and an animated frame matching the presentation value
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayer).
@Suite("CAGradientLayer rendering", .serialized)
struct GradientLayerRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat, flipped: Bool = true) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: flipped)!.frame(at: 0)!
    }

    func gradient(_ frame: CGRect, _ colors: [CGColor]) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.frame = frame
        g.colors = colors
        return g
    }

    @Test func axialRedToBlueIsPurpleHalfWayAndTheEndsAreTheColours() {
        let root = makeRoot(20, 101)
        root.addSublayer(gradient(CGRect(x: 0, y: 0, width: 20, height: 101), [color(1, 0, 0), color(0, 0, 1)]))
        let f = render(root, 20, 101)
        // Row 50's centre is y = 50.5, exactly half way: (0.5, 0, 0.5) = (128, 0, 128) ± 1.
        #expect(f.rgba(10, 50).near(RGBA(128, 0, 128, 255), 1), "\(f.rgba(10, 50))")
        #expect(f.rgba(10, 0).near(RGBA(254, 0, 1, 255), 2))      // 0.5/101 of the way
        #expect(f.rgba(10, 100).near(RGBA(1, 0, 254, 255), 2))
    }

    @Test func startPointZeroIsTheTopWhenFlippedAndTheBottomWhenNot() {
        for flipped in [true, false] {
            let root = makeRoot(10, 100)
            root.addSublayer(gradient(CGRect(x: 0, y: 0, width: 10, height: 100), [color(1, 0, 0), color(0, 0, 1)]))
            let f = render(root, 10, 100, flipped: flipped)
            let top = f.rgba(5, 1), bottom = f.rgba(5, 98)
            #expect(flipped ? (top.r > 240 && bottom.b > 240) : (top.b > 240 && bottom.r > 240), "flipped \(flipped)")
        }
    }

    @Test func locationsAreHonoured() {
        let root = makeRoot(100, 10)
        let g = gradient(CGRect(x: 0, y: 0, width: 100, height: 10), [color(1, 0, 0), color(0, 1, 0), color(0, 0, 1)])
        g.startPoint = CGPoint(x: 0, y: 0.5); g.endPoint = CGPoint(x: 1, y: 0.5)
        g.locations = [0.2, 0.4, 0.8]
        root.addSublayer(g)
        let f = render(root, 100, 10)
        #expect(f.rgba(10, 5) == .red)                            // before the first stop: extended
        #expect(f.rgba(29, 5).near(RGBA(134, 121, 0, 255), 1))    // x 29.5: 0.475 of red → green
        #expect(f.rgba(40, 5).near(RGBA(0, 252, 3, 255), 3))
        #expect(f.rgba(59, 5).near(RGBA(0, 131, 124, 255), 1))    // x 59.5: 0.4875 of green → blue
        #expect(f.rgba(90, 5) == .blue)
    }

    @Test func radialIsAnEllipseThroughEndPoint() {
        let root = makeRoot(200, 100)
        let g = gradient(CGRect(x: 0, y: 0, width: 200, height: 100), [color(1, 0, 0), color(0, 0, 1)])
        g.type = .radial
        g.startPoint = CGPoint(x: 0.5, y: 0.5); g.endPoint = CGPoint(x: 1, y: 1)   // radii 100 × 50
        root.addSublayer(g)
        let f = render(root, 200, 100)
        #expect(f.rgba(100, 50).near(RGBA(255, 0, 0, 255), 3))   // centre
        // Half way along each axis: t = 0.5 on the ellipse of half the radii.
        #expect(f.rgba(149, 49).near(RGBA(128, 0, 128, 255), 3), "\(f.rgba(149, 49))")
        #expect(f.rgba(99, 24).near(RGBA(128, 0, 128, 255), 3), "\(f.rgba(99, 24))")
        #expect(f.rgba(2, 2) == .blue)                             // outside: the last colour extends
    }

    @Test func conicAngleStartsTowardsEndPoint() {
        let root = makeRoot(100, 100)
        let g = gradient(CGRect(x: 0, y: 0, width: 100, height: 100), [color(1, 0, 0), color(0, 0, 1)])
        g.type = .conic
        g.startPoint = CGPoint(x: 0.5, y: 0.5); g.endPoint = CGPoint(x: 1, y: 0.5)
        root.addSublayer(g)
        let f = render(root, 100, 100)
        // A half turn from +x: half way; a quarter turn (+y of bounds, down in a flipped host): a quarter.
        #expect(f.rgba(10, 50).near(RGBA(128, 0, 128, 255), 4), "\(f.rgba(10, 50))")
        #expect(f.rgba(50, 90).near(RGBA(191, 0, 64, 255), 4), "\(f.rgba(50, 90))")
        #expect(f.rgba(90, 52).r > 240)
    }

    @Test func roundedCornersClipTheGradientAsTheBackground() {
        let root = makeRoot(100, 100)
        let g = gradient(CGRect(x: 0, y: 0, width: 100, height: 100), [color(1, 0, 0), color(1, 0, 0)])
        g.cornerRadius = 30
        root.addSublayer(g)
        let f = render(root, 100, 100)
        #expect(f.rgba(1, 1) == .clear && f.rgba(98, 98) == .clear)
        #expect(f.rgba(50, 1) == .red && f.rgba(50, 50) == .red)
    }

    @Test func aGradientMaskFadesTheLayer() {
        let root = makeRoot(10, 101)
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 101), color(0, 0, 1))
        let m = gradient(CGRect(x: 0, y: 0, width: 10, height: 101), [color(0, 0, 0, 1), color(0, 0, 0, 0)])
        l.mask = m
        root.addSublayer(l)
        let f = render(root, 10, 101)
        #expect(f.rgba(5, 0).near(RGBA(0, 0, 254, 254), 2))
        #expect(f.rgba(5, 50).near(RGBA(0, 0, 128, 128), 1), "\(f.rgba(5, 50))")
        #expect(f.rgba(5, 100).near(RGBA(0, 0, 1, 1), 2))
    }

    @Test func animatedColorsFrameAtHalfMatchesThePresentation() {
        let root = makeRoot(10, 10)
        let g = gradient(CGRect(x: 0, y: 0, width: 10, height: 10), [color(1, 0, 0), color(1, 0, 0)])
        root.addSublayer(g)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "colors")
        a.fromValue = [color(1, 0, 0), color(1, 0, 0)]; a.toValue = [color(0, 0, 1), color(0, 0, 1)]; a.duration = 1
        r.host.withClock { g.add(a, forKey: "c") }
        for (t, want) in [(0.0, RGBA.red), (0.5, RGBA(128, 0, 128, 255)), (1.0, RGBA.red)] {
            let f = r.frame(at: t)!
            #expect(f.rgba(5, 5).near(want, 1), "t = \(t): \(f.rgba(5, 5))")
            if t == 0.5 {
                let c = r.host.withClock { (g.presentation()!.colors as? [CGColor])?.first?.components }
                #expect(c.map { abs($0[0] - 0.5) < 1e-6 && abs($0[2] - 0.5) < 1e-6 } == true)
            }
        }
    }

    @Test func badInputDrawsNothingOrTheValidPart() {
        let root = makeRoot(20, 20)
        let g = gradient(CGRect(x: 0, y: 0, width: 20, height: 20), [color(0, 1, 0)])
        g.locations = [0.5, -3, 9, 0.1]                 // more locations than colours, out of range
        g.startPoint = CGPoint(x: 0.5, y: 0.5); g.endPoint = CGPoint(x: 0.5, y: 0.5)   // zero length
        let empty = gradient(CGRect(x: 0, y: 0, width: 20, height: 20), [])
        let huge = gradient(CGRect(x: 0, y: 0, width: 20, height: 20), [color(1, 0, 0), color(0, 0, 1)])
        huge.endPoint = CGPoint(x: 1e300, y: -1e300); huge.type = .radial
        root.addSublayer(g); root.addSublayer(empty); root.addSublayer(huge)
        _ = diagnostics { render(root, 20, 20) }
        g.type = CAGradientLayerType(rawValue: "nonsense")
        #expect(render(root, 20, 20).rgba(10, 10).a == 255)
    }
}
