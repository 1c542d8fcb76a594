import Testing
import Foundation
@testable import QuartzCore

/// Frames at time t show exactly the presentation values (one evaluation function for both;
/// DESIGN.md §4), with masks and 3D transforms flattened by their homography
/// (https://developer.apple.com/documentation/quartzcore/calayer/presentation(),
/// https://developer.apple.com/documentation/quartzcore/calayer/mask).
@Suite("Render animations and effects", .serialized)
struct AnimationRenderTests {
    @Test func framesAtZeroHalfAndOneMatchThePresentation() {
        let root = makeRoot(200, 20)
        let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 20))!
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 20; a.toValue = 170; a.duration = 1; a.fillMode = .forwards; a.isRemovedOnCompletion = false
        r.host.withClock { l.add(a, forKey: "slide") }
        for (t, x) in [(0.0, 20.0), (0.5, 95.0), (1.0, 170.0)] {
            let f = r.frame(at: t)!
            let px = r.host.withClock { l.presentation()!.position.x }
            #expect(Double(px) == x, "t = \(t)")
            // The 20-point square is centred on x: its left edge at x − 10.
            #expect(f.rgba(Int(x) - 9, 10) == .red && f.rgba(Int(x) + 9, 10) == .red, "t = \(t)")
            #expect(f.rgba(Int(x) - 11, 10) == .clear && f.rgba(Int(x) + 11, 10) == .clear, "t = \(t)")
        }
    }

    @Test func colourRedToClearAtHalf() {
        let root = makeRoot(10, 10)
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "backgroundColor")
        a.fromValue = color(1, 0, 0); a.toValue = CGColor.clear; a.duration = 1
        r.host.withClock { l.add(a, forKey: "c") }
        // Straight components interpolate: (0.5, 0, 0, 0.5) → premultiplied (64, 0, 0, 128).
        #expect(r.frame(at: 0.5)!.rgba(5, 5).near(RGBA(64, 0, 0, 128), 1))
        #expect(r.host.withClock { l.presentation()!.backgroundColor?.components } == [0.5, 0, 0, 0.5])
    }

    @Test func rotatedMaskCutsTheContent() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(0, 0, 1))
        let m = box(CGRect(x: 25, y: 25, width: 50, height: 50), color(0, 0, 0))
        m.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        l.mask = m
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100))!.frame(at: 0)!
        dump(f, "rotatedMask")
        #expect(f.rgba(50, 50) == .blue)
        #expect(f.rgba(50, 18) == .blue)           // the diamond's top point reaches y ≈ 14.6
        #expect(f.rgba(26, 26) == .clear)          // a corner of the unrotated square: cut
        #expect(f.rgba(5, 50) == .clear)
    }

    @Test func perspectiveRotationAboutY() {
        let root = makeRoot(200, 200)
        let l = box(CGRect(x: 50, y: 50, width: 100, height: 100), color(1, 0, 0))
        var t = CATransform3DIdentity; t.m34 = -1.0 / 500
        l.transform = CATransform3DRotate(t, .pi / 3, 0, 1, 0)
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 200))!.frame(at: 0)!
        dump(f, "rotateY60")
        // Analytic: the square's x-extent shrinks to about cos 60° × 100 = 50 (perspective makes
        // the near edge taller): centre stays, far points (x = 60 and x = 140) are outside.
        #expect(f.rgba(100, 100) == .red)
        #expect(f.rgba(60, 100) == .clear && f.rgba(140, 100) == .clear)
        #expect(f.count { $0.a > 128 } > 40 * 90 && f.count { $0.a > 128 } < 60 * 130)
    }

    @Test func singleSidedLayersAreCulledWhenTurnedAway() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(1, 0, 0))
        l.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100))!
        #expect(r.frame(at: 0)!.rgba(50, 50) == .red)             // double-sided: the back shows
        CATransaction.begin(); CATransaction.setDisableActions(true); l.isDoubleSided = false; CATransaction.commit()
        #expect(r.frame(at: 0)!.rgba(50, 50) == .clear)
    }

    @Test func aLayerCrossingTheEyePlaneDrawsOnlyItsFrontPart() {
        let root = makeRoot(200, 200)
        let l = box(CGRect(x: 0, y: 50, width: 200, height: 100), color(0, 1, 0))
        var t = CATransform3DIdentity; t.m34 = -1.0 / 100   // eye 100 points away
        l.transform = CATransform3DRotate(t, 1.4, 0, 1, 0)   // the left half swings towards (and past) the eye
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 200))!.frame(at: 0)!
        dump(f, "crossingW0")
        #expect(f.rgba(100, 100) == .green)                  // the centre stays put
        #expect(f.rgba(100, 10) == .clear)                   // nothing smeared across the frame
    }

    @Test func hugeLayerRendersInBoundedMemory() {
        let root = makeRoot(400, 300)
        let l = box(CGRect(x: -50_000, y: 0, width: 100_000, height: 300), color(1, 0, 0))
        l.opacity = 0.5
        l.addSublayer(box(CGRect(x: 50_000, y: 100, width: 100, height: 100), color(0, 0, 1)))
        root.addSublayer(l)
        let before = residentBytes()
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 400, height: 300))!.frame(at: 0)!
        let grown = residentBytes() - before
        #expect(f.rgba(10, 10).near(RGBA(128, 0, 0, 128)))
        #expect(f.rgba(60, 150).near(RGBA(0, 0, 128, 128)))
        // A 100,000 × 300 ARGB layer would be 120 MB; the frame needs a few passes of 400 × 300.
        #expect(grown < 32 << 20, "RSS grew by \(grown) bytes")
    }
}

/// Resident set size of this process (Linux /proc/self/statm), bytes.
func residentBytes() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = s.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
}
