import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Custom keys that need display: their animated value reaches the presentation layer, and the
/// layer reports it must be redrawn every frame while such an animation runs
/// (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:)).
@Suite("Animated redraw", .serialized)
struct AnimatedRedrawTests {
    final class ProgressLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || key == "bounds" || super.needsDisplay(forKey: key)
        }
    }

    func progressAnimation(_ duration: CFTimeInterval = 1) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = 0; a.toValue = 10; a.duration = duration
        return a
    }

    func hostWithProgressLayer() -> (CALayerHost, ProgressLayer) {
        let (host, root) = makeHost()
        let layer = ProgressLayer()
        host.withClock { root.addSublayer(layer); layer.setValue(0, forKey: "progress") }
        host.update(to: 0)
        return (host, layer)
    }

    @Test func redrawsWhileANeedsDisplayKeyAnimates() {
        let (host, layer) = hostWithProgressLayer()
        host.withClock { layer.add(progressAnimation(), forKey: "p") }
        #expect(host.withClock { layer.needsDisplayDuringAnimation } == false)   // not committed yet
        host.update(to: 0.5)
        #expect(host.withClock { layer.needsDisplayDuringAnimation })
        let p = host.withClock { layer.presentation()! }
        #expect((p.value(forKey: "progress") as? NSNumber)?.doubleValue == 5)
        #expect(host.withClock { p.needsDisplayDuringAnimation })             // on the copy too
        host.update(to: 1.5)                                                   // ended and removed
        #expect(host.withClock { layer.needsDisplayDuringAnimation } == false)
    }

    @Test func otherKeysDoNotRedraw() {
        let (host, layer) = hostWithProgressLayer()
        let fade = CABasicAnimation(keyPath: "opacity"); fade.fromValue = 0; fade.toValue = 1; fade.duration = 1
        host.withClock { layer.add(fade, forKey: "f") }
        host.update(to: 0.5)
        #expect(host.withClock { layer.needsDisplayDuringAnimation } == false)
        // A plain CALayer animating "progress" does not redraw: its class does not ask to.
        let (h2, root) = makeHost()
        h2.withClock { root.add(progressAnimation(), forKey: "p") }
        h2.update(to: 0.5)
        #expect(h2.withClock { root.needsDisplayDuringAnimation } == false)
    }

    @Test func groupsKeyPathsAndTiming() {
        let (host, layer) = hostWithProgressLayer()
        // A base property the subclass redraws for, through a struct key path inside a group.
        let grow = CABasicAnimation(keyPath: "bounds.size"); grow.toValue = CGSize(width: 50, height: 50); grow.duration = 1
        let g = CAAnimationGroup(); g.animations = [grow]; g.duration = 2
        host.withClock { layer.add(g, forKey: "g") }
        host.update(to: 0.5)
        #expect(host.withClock { layer.needsDisplayDuringAnimation })
        host.update(to: 1.5)                // the group runs on, its child has ended
        #expect(host.withClock { layer.needsDisplayDuringAnimation } == false)
        // Delayed: nothing to redraw before the animation begins (no backwards fill).
        let later = progressAnimation(); later.beginTime = 3
        host.withClock { layer.add(later, forKey: "later") }
        host.update(to: 2.5)
        #expect(host.withClock { layer.needsDisplayDuringAnimation } == false)
        host.update(to: 3.5)
        #expect(host.withClock { layer.needsDisplayDuringAnimation })
    }
}
