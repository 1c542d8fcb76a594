import Testing
import Foundation
@testable import QuartzCore

/// A layer no host has shown takes its model values at once: it appears in place on its first
/// frame, with no implicit animation (Apple animates from the presentation value, which only a
/// layer on screen has: https://developer.apple.com/documentation/quartzcore/calayer/presentation()).
@Suite struct HostFirstFrameTests {
    /// A layer created before the renderer (as a stored property would be), committed on its own
    /// and detached through a frame, then configured and added.
    @Test func earlyLayerIsDrawnInPlaceOnFrameZero() throws {
        let root = makeRoot(100, 100)
        let early = CALayer()
        early.opacity = 1
        CATransaction.flush()                          // committed while detached
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = r.frame(at: 0)                             // a frame goes by; `early` is not in it
        r.host.withClock {
            early.frame = CGRect(x: 20, y: 30, width: 40, height: 20)
            early.backgroundColor = color(1, 0, 0)
            root.addSublayer(early)
        }
        let f = try #require(r.frame(at: 0))
        #expect(early.animationKeys() == nil)
        #expect(f.rgba(21, 31) == .red && f.rgba(58, 48) == .red)
        #expect(f.rgba(19, 31) == .clear && f.rgba(61, 48) == .clear && f.rgba(30, 51) == .clear)
        #expect(r.host.withClock { early.presentation()?.position } == CGPoint(x: 40, y: 40))
    }

    /// A scene configured entirely before the first frame, root included: frame 0 shows it.
    @Test func sceneBuiltBeforeTheFirstFrameHasNoAnimations() throws {
        let root = CALayer()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 50, height: 50)))
        let card = CALayer()
        r.host.withClock {
            root.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
            root.backgroundColor = color(0, 0, 1)
            card.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            card.backgroundColor = color(0, 1, 0)
            root.addSublayer(card)
        }
        let f = try #require(r.frame(at: 0))
        #expect(root.animationKeys() == nil && card.animationKeys() == nil)
        #expect(f.rgba(2, 2) == .blue && f.rgba(15, 15) == .green && f.rgba(35, 35) == .blue)
    }

    /// Once shown, changes animate implicitly as before (0.25 s from the presentation value).
    @Test func shownLayerAnimatesImplicitly() throws {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
        root.addSublayer(l)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = r.frame(at: 0)
        r.host.withClock { l.position = CGPoint(x: 60, y: 10) }
        _ = r.frame(at: 0.125)
        #expect(l.animationKeys() == ["position"])
        let progress = CGFloat(CAMediaTimingFunction(name: .default).output(at: 0.5))   // implicit: .default pacing
        #expect(near(r.host.withClock { l.presentation()!.position.x }, 10 + 50 * progress, 1e-9))
    }

    /// A layer added in one frame animates from the next frame on.
    @Test func layerAddedInAFrameAnimatesAfterIt() throws {
        let root = makeRoot(100, 100)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = r.frame(at: 0)
        let l = CALayer()
        r.host.withClock {
            l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(l)
            l.position = CGPoint(x: 50, y: 50)       // same transaction: not on screen yet
        }
        _ = r.frame(at: 0.1)
        #expect(l.animationKeys() == nil)
        r.host.withClock { l.position = CGPoint(x: 70, y: 50) }
        _ = r.frame(at: 0.2)
        #expect(l.animationKeys() == ["position"])
    }
}
