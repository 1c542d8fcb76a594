import Testing
import Foundation
@testable import QuartzCore

/// Style in Apple's order — background, contents, sublayers, border inside the bounds — with
/// cornerRadius, maskedCorners, masksToBounds and opacity
/// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/SettingUpLayerObjects/SettingUpLayerObjects.html).
@Suite("Render style", .serialized)
struct StyleRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat, flipped: Bool = true, at t: Double = 0) -> PixelBuffer {
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: flipped)!
        return r.frame(at: t)!
    }

    @Test func borderCoversExactlyItsRing() {
        let root = makeRoot(100, 80)
        let l = box(CGRect(x: 10, y: 10, width: 80, height: 60), nil)
        l.borderWidth = 5; l.borderColor = color(0, 0, 1)
        root.addSublayer(l)
        let f = render(root, 100, 80)
        dump(f, "border")
        #expect(f.count { $0.a > 0 } == 80 * 60 - 70 * 50)   // 1,300 pixels
        #expect(f.rgba(12, 12) == .blue && f.rgba(50, 40) == .clear)
    }

    @Test func roundedCornerIsClearAndAreaMatches() {
        let root = makeRoot(120, 120)
        let l = box(CGRect(x: 10, y: 10, width: 100, height: 80), color(1, 0, 0))
        l.cornerRadius = 20
        root.addSublayer(l)
        let f = render(root, 120, 120)
        #expect(f.rgba(10, 10) == .clear && f.rgba(109, 89) == .clear)
        #expect(f.rgba(60, 50) == .red)
        var coverage = 0.0
        for y in 0..<120 { for x in 0..<120 { coverage += Double(f.rgba(x, y).a) / 255 } }
        let expected = 100.0 * 80 - (4 - Double.pi) * 400
        #expect(abs(coverage - expected) / expected < 0.01)
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(0, 1, 0))
        l.cornerRadius = 30; l.maskedCorners = [.layerMinXMinYCorner]
        root.addSublayer(l)
        let f = render(root, 100, 100)   // flipped host: minY is the top
        #expect(f.rgba(0, 0) == .clear)
        #expect(f.rgba(99, 0) == .green && f.rgba(0, 99) == .green && f.rgba(99, 99) == .green)
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() {
        let root = makeRoot(100, 100)
        let parent = box(CGRect(x: 10, y: 10, width: 80, height: 80), nil)
        parent.cornerRadius = 20; parent.masksToBounds = true
        parent.addSublayer(box(CGRect(x: -10, y: -10, width: 100, height: 100), color(1, 0, 0)))
        root.addSublayer(parent)
        let f = render(root, 100, 100)
        dump(f, "masksToBounds")
        #expect(f.rgba(5, 5) == .clear)            // outside the parent
        #expect(f.rgba(11, 11) == .clear)          // inside the bounds, in the rounded-off corner
        #expect(f.rgba(50, 50) == .red)
        #expect(f.rgba(50, 11) == .red)
        // Without masksToBounds the sublayer spills out (no implicit animation for the change).
        CATransaction.begin(); CATransaction.setDisableActions(true)
        parent.masksToBounds = false
        CATransaction.commit()
        #expect(render(root, 100, 100).rgba(5, 5) == .red)
    }

    @Test func groupOpacityOnAndOff() {
        func scene(group: Bool) -> PixelBuffer {
            let root = makeRoot(100, 100)
            root.backgroundColor = color(1, 1, 1)
            let g = box(CGRect(x: 0, y: 0, width: 100, height: 100), nil)
            g.opacity = 0.5; g.allowsGroupOpacity = group
            g.addSublayer(box(CGRect(x: 10, y: 10, width: 50, height: 50), color(1, 0, 0)))
            g.addSublayer(box(CGRect(x: 40, y: 40, width: 50, height: 50), color(1, 0, 0)))
            root.addSublayer(g)
            return render(root, 100, 100)
        }
        let on = scene(group: true), off = scene(group: false)
        // Overlap (50, 50): one 50 % red over white with group opacity; two stacked without.
        #expect(on.rgba(50, 50).near(RGBA(255, 128, 128, 255)))
        #expect(on.rgba(20, 20).near(RGBA(255, 128, 128, 255)))
        #expect(off.rgba(50, 50).near(RGBA(255, 64, 64, 255)))
        #expect(off.rgba(20, 20).near(RGBA(255, 128, 128, 255)))
    }

    @Test func hiddenLayersAndZeroOpacityDrawNothing() {
        let root = makeRoot(20, 20)
        let a = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0)); a.isHidden = true
        let b = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(0, 1, 0)); b.opacity = 0
        root.addSublayer(a); root.addSublayer(b)
        #expect(render(root, 20, 20).count { $0.a > 0 } == 0)
    }

    @Test func zPositionOrdersSiblings() {
        let root = makeRoot(20, 20)
        let a = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0)); a.zPosition = 5
        let b = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(0, 1, 0))
        root.addSublayer(a); root.addSublayer(b)
        #expect(render(root, 20, 20).rgba(10, 10) == .red)    // higher zPosition in front
    }

    @Test func hostFlipDecidesWhereYGrows() {
        let root = makeRoot(40, 40)
        root.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 10), color(1, 0, 0)))
        #expect(render(root, 40, 40, flipped: true).rgba(20, 2) == .red)     // y down: at the top
        let root2 = makeRoot(40, 40)
        root2.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 10), color(1, 0, 0)))
        #expect(render(root2, 40, 40, flipped: false).rgba(20, 37) == .red) // y up: at the bottom
    }

    @Test func geometryFlippedFlipsTheSubtreeGeometry() {
        let root = makeRoot(40, 40)
        let parent = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        parent.isGeometryFlipped = true
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 40, height: 10), color(1, 0, 0)))
        root.addSublayer(parent)
        #expect(render(root, 40, 40, flipped: true).rgba(20, 37) == .red)
    }

    @Test func affineTransformRotatesAboutTheAnchor() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 30, y: 45, width: 40, height: 10), color(0, 0, 1))
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        root.addSublayer(l)
        let f = render(root, 100, 100)
        #expect(f.rgba(50, 35) == .blue && f.rgba(50, 65) == .blue)   // now vertical through the centre
        #expect(f.rgba(35, 50) == .clear)
    }
}

/// Shadows (https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity):
/// σ = shadowRadius / 2, offset in the layer's space, masksToBounds clips the layer's own shadow.
@Suite("Render shadows", .serialized)
struct ShadowRenderTests {
    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h))!.frame(at: 0)!
    }

    @Test func hardShadowAtTheOffset() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 20, y: 20, width: 40, height: 40), color(1, 0, 0))
        l.shadowOpacity = 1; l.shadowRadius = 0; l.shadowOffset = CGSize(width: 20, height: 20)
        l.shadowColor = color(0, 0, 1)
        root.addSublayer(l)
        let f = render(root, 100, 100)
        #expect(f.rgba(30, 30) == .red)            // the layer over its shadow
        #expect(f.rgba(70, 70) == .blue)           // shadow only, 20 right and 20 down (y-down host)
        #expect(f.rgba(70, 30) == .clear && f.rgba(85, 85) == .clear)
    }

    @Test func blurredShadowSpreadsAndFades() {
        let root = makeRoot(120, 120)
        let l = box(CGRect(x: 40, y: 40, width: 40, height: 40), color(1, 1, 1))
        l.shadowOpacity = 1; l.shadowRadius = 8; l.shadowOffset = .zero; l.shadowColor = color(0, 0, 0)
        root.addSublayer(l)
        let f = render(root, 120, 120)
        dump(f, "shadowBlur")
        // Edge of the square: about half coverage of the shadow just outside (σ = 4 px).
        let edge = f.rgba(39, 60).a
        #expect(edge > 90 && edge < 165, "edge alpha \(edge)")
        #expect(f.rgba(30, 60).a < edge && f.rgba(30, 60).a > 0)
        #expect(f.rgba(20, 60).a == 0)                    // beyond 3σ of the edge... (≈ 5σ)
    }

    @Test func shadowPathCastsTheShadow() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 10, y: 10, width: 40, height: 40), nil)
        l.shadowOpacity = 1; l.shadowRadius = 0; l.shadowOffset = .zero; l.shadowColor = color(0, 1, 0)
        l.shadowPath = CGPath(rect: CGRect(x: 50, y: 50, width: 20, height: 20), transform: nil)
        root.addSublayer(l)
        let f = render(root, 100, 100)
        #expect(f.rgba(70, 70) == .green && f.rgba(30, 30) == .clear)
    }

    @Test func cornerRadiusBorderMasksToBoundsAndShadow() {
        let root = makeRoot(100, 100)
        root.backgroundColor = color(1, 1, 1)
        let l = box(CGRect(x: 20, y: 20, width: 60, height: 60), color(0, 0, 1))
        l.cornerRadius = 15; l.borderWidth = 4; l.borderColor = color(0, 0, 0)
        l.masksToBounds = true
        l.shadowOpacity = 1; l.shadowRadius = 0; l.shadowOffset = CGSize(width: 10, height: 10)
        l.addSublayer(box(CGRect(x: -20, y: 30, width: 100, height: 10), color(1, 0, 0)))
        root.addSublayer(l)
        let f = render(root, 100, 100)
        dump(f, "radiusBorderMaskShadow")
        #expect(f.rgba(85, 85) == .white)          // masksToBounds: no shadow outside the bounds
        #expect(f.rgba(10, 55) == .white)          // the sublayer is clipped
        #expect(f.rgba(50, 55) == .red)            // ... inside it shows
        #expect(f.rgba(21, 50) == .black)          // border on top
        #expect(f.rgba(20, 20) == .white)          // rounded corner
    }
}

@Suite("Render bad style values", .serialized)
struct BadStyleRenderTests {
    /// A huge shadowRadius blurs the shadow away; it must neither crash nor take long (the blur
    /// is capped at the frame's size).
    @Test(arguments: [1e9, 1e19, 1e300])
    func hugeShadowRadius(_ radius: Double) {
        let root = makeRoot(40, 40)
        let l = box(CGRect(x: 10, y: 10, width: 20, height: 20), color(1, 0, 0))
        l.shadowOpacity = 1; l.shadowRadius = CGFloat(radius)
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40))!.frame(at: 0)!
        #expect(f.rgba(20, 20) == .red)
        #expect(f.rgba(2, 2).a < 8)
    }
}
