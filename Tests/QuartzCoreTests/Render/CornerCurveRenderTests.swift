import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `cornerCurve = .continuous` (https://developer.apple.com/documentation/quartzcore/calayer/cornercurve):
/// background, border and the masksToBounds clip follow the continuous-curvature outline
/// (`ContinuousCorner`), not circular arcs.
///
/// Hand-derived numbers (corner frame in units of r, by Green's theorem over the three cubics):
/// a continuous corner cuts off 0.22530 r², a circular one 1 − π/4 = 0.21460 r². Along the top
/// side, 0.865 r from the corner, the continuous outline is 0.0230 r below the side and the
/// circle 0.0091 r: at r = 60, 1.38 px against 0.55 px.
@Suite("Corner curve render", .serialized)
struct CornerCurveRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: true)!.frame(at: 0)!
    }

    func coverage(_ f: PixelBuffer) -> Double {
        var c = 0.0
        for y in 0..<f.height { for x in 0..<f.width { c += Double(f.rgba(x, y).a) / 255 } }
        return c
    }

    func square(_ curve: CALayerCornerCurve, side: CGFloat = 200, radius: CGFloat = 60) -> PixelBuffer {
        let root = makeRoot(side, side)
        let l = box(CGRect(x: 0, y: 0, width: side, height: side), color(1, 0, 0))
        l.cornerRadius = radius; l.cornerCurve = curve
        root.addSublayer(l)
        return render(root, side, side)
    }

    @Test func continuousCornersCutOffMoreThanCircularOnes() {
        let circular = coverage(square(.circular)), continuous = coverage(square(.continuous))
        // cairo flattens curves into chords just inside them: about 0.03 px of coverage per
        // pixel of curve (some 12 px here) is lost in both, so the difference is exact.
        #expect(abs(circular - (40_000 - 4 * 0.21460 * 3600)) < 16)     // 36,909.7
        #expect(abs(continuous - (40_000 - 4 * 0.22530 * 3600)) < 16)   // 36,755.7
        #expect(abs((circular - continuous) - 4 * (0.22530 - 0.21460) * 3600) < 2)   // 154.1
    }

    @Test func aPixelInsideTheCircularCornerIsOutsideTheContinuousOne() {
        let circular = square(.circular), continuous = square(.continuous)
        #expect(circular.rgba(51, 0).a > 80)         // the circle is 0.55 px below the side
        #expect(continuous.rgba(51, 0).a < 3)        // the continuous curve 1.38 px
        #expect(continuous.rgba(100, 0) == .red)     // the middle of the side is straight
        #expect(continuous.rgba(0, 0) == .clear && continuous.rgba(100, 100) == .red)
        // At 45° both follow the circle of radius r: 0.2929 r from the corner on the diagonal.
        #expect(continuous.rgba(20, 20) == .red && continuous.rgba(15, 15) == .clear)
    }

    @Test func theOutlineStaysInsideTheBoundsAndIsClampedWhenSmall() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 30, y: 30, width: 40, height: 40), color(0, 0, 1))
        l.cornerRadius = 20; l.cornerCurve = .continuous     // 2 × 1.528 × 20 > 40: scaled to r ≈ 13.08
        root.addSublayer(l)
        let f = render(root, 100, 100)
        var outside = 0
        for y in 0..<100 { for x in 0..<100 where !(30..<70).contains(x) || !(30..<70).contains(y) {
            if f.rgba(x, y).a > 0 { outside += 1 }
        } }
        #expect(outside == 0)
        let r = 40 / (2 * 1.52866483)
        #expect(abs(coverage(f) - (1600 - 4 * 0.22530 * r * r)) < 7)   // 1,445.8 (see above)
        #expect(f.rgba(30, 50).a > 240 && f.rgba(50, 30).a > 240)     // the curves meet mid-side
        #expect(f.rgba(30, 30) == .clear)
    }

    @Test func borderAndMasksToBoundsFollowTheCurve() {
        let root = makeRoot(200, 200)
        let l = box(CGRect(x: 0, y: 0, width: 200, height: 200), nil)
        l.cornerRadius = 60; l.cornerCurve = .continuous; l.masksToBounds = true
        l.borderWidth = 10; l.borderColor = color(0, 0, 1)
        l.addSublayer(box(CGRect(x: 0, y: 0, width: 200, height: 200), color(0, 1, 0)))
        root.addSublayer(l)
        let f = render(root, 200, 200)
        #expect(f.rgba(51, 0).a < 3)                  // clipped sublayer and border both cut
        #expect(f.rgba(51, 4) == .blue)               // the border ring
        #expect(f.rgba(100, 100) == .green)
        #expect(f.rgba(15, 15) == .clear)
    }
}
