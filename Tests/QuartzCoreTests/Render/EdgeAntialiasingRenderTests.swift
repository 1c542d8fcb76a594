import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `allowsEdgeAntialiasing` (default false: edges of layers off the pixel grid are hard) and
/// `edgeAntialiasingMask` (left = minX, right = maxX, bottom = minY, top = maxY)
/// (https://developer.apple.com/documentation/quartzcore/calayer/allowsedgeantialiasing).
@Suite("Edge antialiasing render", .serialized)
struct EdgeAntialiasingRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: true)!.frame(at: 0)!
    }

    /// Pixels that are neither clear nor opaque.
    func partial(_ f: PixelBuffer) -> Int { f.count { $0.a > 0 && $0.a < 255 } }

    func rotated(allowing: Bool, border: Bool = false) -> PixelBuffer {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 25, y: 25, width: 50, height: 50), border ? nil : color(1, 0, 0))
        if border { l.borderWidth = 6; l.borderColor = color(0, 0, 1) }
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 6))
        l.allowsEdgeAntialiasing = allowing
        root.addSublayer(l)
        return render(root, 100, 100)
    }

    @Test func aRotatedLayerHasHardEdgesByDefault() {
        #expect(CALayer().allowsEdgeAntialiasing == false)
        let f = rotated(allowing: false)
        #expect(partial(f) == 0)
        // Pixel centres decide: the area is the rotated square's, within its perimeter's worth.
        let opaque = f.count { $0 == .red }
        #expect(abs(opaque - 2500) < 50)
        #expect(f.rgba(50, 50) == .red)
    }

    @Test func allowsEdgeAntialiasingSoftensTheEdges() {
        let f = rotated(allowing: true)
        #expect(partial(f) > 150)                  // about one pixel per unit of the 200-point outline
        var coverage = 0.0
        for y in 0..<100 { for x in 0..<100 { coverage += Double(f.rgba(x, y).a) / 255 } }
        #expect(abs(coverage - 2500) < 3)
    }

    @Test func aBorderKeepsItsOuterEdgeHard() {
        let f = rotated(allowing: false, border: true)
        // The ring's outer edge is the layer's edge: hard. Its inner edge is not an edge of the
        // layer, so it stays antialiased.
        let hard = rotated(allowing: true, border: true)
        #expect(partial(f) < partial(hard))
        #expect(partial(f) > 0)
    }

    /// A 40 × 40 layer at (10.3, 10.3): its left/top-of-screen edges cover 0.7 of pixel 10, its
    /// right/bottom-of-screen edges 0.3 of pixel 50 (y down: minY is the layer's bottom edge).
    func fractional(_ allowing: Bool, _ mask: CAEdgeAntialiasingMask) -> PixelBuffer {
        let root = makeRoot(60, 60)
        let l = box(CGRect(x: 10.3, y: 10.3, width: 40, height: 40), color(0, 1, 0))
        l.allowsEdgeAntialiasing = allowing
        l.edgeAntialiasingMask = mask
        root.addSublayer(l)
        return render(root, 60, 60)
    }

    @Test func theMaskChoosesEdges() {
        let left = fractional(true, [.layerLeftEdge])
        #expect(abs(left.rgba(10, 30).a - 179) <= 2)          // soft: 0.7 coverage
        #expect(left.rgba(50, 30).a == 0)                     // right: hard, centre 50.5 outside
        #expect(left.rgba(30, 10).a == 255)                   // bottom (minY): hard, centre inside
        #expect(left.rgba(30, 50).a == 0)                     // top (maxY): hard
        let top = fractional(true, [.layerTopEdge, .layerBottomEdge])
        #expect(abs(top.rgba(30, 50).a - 77) <= 2)            // maxY soft: 0.3 coverage
        #expect(abs(top.rgba(30, 10).a - 179) <= 2)           // minY soft
        #expect(top.rgba(10, 30).a == 255 && top.rgba(50, 30).a == 0)
        let all = fractional(true, [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(abs(all.rgba(50, 30).a - 77) <= 2)
        let none = fractional(false, [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge])
        #expect(partial(none) == 0)
        #expect(none.count { $0.a == 255 } == 40 * 40)        // pixels 10…49 in each direction
    }

    @Test func perspectiveEdgesAreHardByDefault() {
        let root = makeRoot(100, 100)
        let card = box(CGRect(x: 25, y: 25, width: 50, height: 50), color(0, 0, 1))
        var t = CATransform3DIdentity; t.m34 = -1.0 / 500
        card.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let f = render(root, 100, 100)
        #expect(partial(f) == 0)
        #expect(f.rgba(50, 50) == .blue)
        card.allowsEdgeAntialiasing = true
        CATransaction.flush()
        let soft = render(root, 100, 100)
        #expect(partial(soft) > 20)
    }
}
