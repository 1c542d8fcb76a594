import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Ordering actions: kCAOnOrderIn, kCAOnOrderOut and kCATransition run through `action(forKey:)`
/// when layers enter, leave or replace others in a shown (committed) tree
/// (https://developer.apple.com/documentation/quartzcore/action-identifiers,
/// https://developer.apple.com/documentation/quartzcore/calayer/action(forkey:)).
@Suite("Ordering actions", .serialized)
struct OrderingActionTests {
    /// Records every run as "event name".
    final class Recorder: CAAction {
        var calls: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            calls.append("\(event) \((anObject as? CALayer)?.name ?? "?")")
        }
    }

    final class Blocker: CALayerDelegate {
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            event == kCAOnOrderIn ? NSNull() : nil
        }
    }

    final class DefaultingLayer: CALayer {
        nonisolated(unsafe) static var recorder = Recorder()
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            event == kCAOnOrderIn ? recorder : nil
        }
        override class func needsDisplay(forKey key: String) -> Bool { true }
    }

    func layer(_ name: String, _ r: Recorder) -> CALayer {
        let l = CALayer(); l.name = name
        l.actions = [kCAOnOrderIn: r, kCAOnOrderOut: r, kCATransition: r]
        return l
    }

    @Test func constantsHaveApplesValues() {
        #expect(kCAOnOrderIn == "onOrderIn" && kCAOnOrderOut == "onOrderOut" && kCATransition == "transition")
    }

    @Test func addingAndRemovingInAShownTree() {
        let (host, root) = makeHost()
        let r = Recorder(), child = layer("child", r)
        host.withClock { root.addSublayer(child) }
        #expect(r.calls == ["onOrderIn child"])
        host.update(to: 0.1)
        host.withClock { child.removeFromSuperlayer() }
        #expect(r.calls == ["onOrderIn child", "onOrderOut child"])
        #expect(child.animationKeys() == nil)        // no implicit animation for these keys
    }

    @Test func treesNeverCommittedRunNothing() {
        let r = Recorder(), offscreen = CALayer(), child = layer("child", r)
        offscreen.addSublayer(child)
        child.removeFromSuperlayer()
        #expect(r.calls.isEmpty)
    }

    @Test func hidingAndShowing() {
        let (host, root) = makeHost()
        let r = Recorder(), child = layer("child", r)
        host.withClock { CATransaction.begin(); CATransaction.setDisableActions(true); root.addSublayer(child); CATransaction.commit() }
        #expect(r.calls.isEmpty)                        // disableActions suppresses ordering actions too
        host.update(to: 0.1)
        host.withClock { child.isHidden = true; child.isHidden = true; child.isHidden = false }
        #expect(r.calls == ["onOrderOut child", "onOrderIn child"])
    }

    @Test func replacingRunsOutInAndTransition() {
        let (host, root) = makeHost()
        let r = Recorder(), old = layer("old", r), new = layer("new", r)
        host.withClock { CATransaction.begin(); CATransaction.setDisableActions(true); root.addSublayer(old); CATransaction.commit() }
        host.update(to: 0.1)
        host.withClock { root.replaceSublayer(old, with: new) }
        #expect(r.calls == ["onOrderOut old", "onOrderIn new", "transition new"])
    }

    @Test func movingIsOneOrderInAndReorderingNone() {
        let (host, root) = makeHost()
        let r = Recorder(), a = CALayer(), b = CALayer(), child = layer("child", r)
        host.withClock {
            CATransaction.begin(); CATransaction.setDisableActions(true)
            root.addSublayer(a); root.addSublayer(b); a.addSublayer(child)
            CATransaction.commit()
        }
        host.update(to: 0.1)
        host.withClock { b.addSublayer(child) }
        #expect(r.calls == ["onOrderIn child"])
        let sibling = CALayer()
        host.withClock { b.addSublayer(sibling); b.insertSublayer(child, above: sibling) }
        #expect(r.calls == ["onOrderIn child"])
        host.update(to: 0.2)
        host.withClock { b.sublayers = [sibling] }
        #expect(r.calls == ["onOrderIn child", "onOrderOut child"])
    }

    @Test func theDelegateCanBlockWithNSNull() {
        let (host, root) = makeHost()
        let r = Recorder(), child = layer("child", r), blocker = Blocker()
        child.delegate = blocker
        host.withClock { root.addSublayer(child) }
        host.update(to: 0.1)
        host.withClock { child.removeFromSuperlayer() }
        #expect(r.calls == ["onOrderOut child"])        // NSNull ended the onOrderIn search
    }

    @Test func styleAndDefaultActionAreSearchedToo() {
        let (host, root) = makeHost()
        let r = Recorder(), styled = CALayer()
        styled.name = "styled"; styled.style = ["actions": [kCAOnOrderIn: r]]
        host.withClock { root.addSublayer(styled) }
        #expect(r.calls == ["onOrderIn styled"])
        let d = DefaultingLayer(); d.name = "default"
        DefaultingLayer.recorder = r
        host.withClock { root.addSublayer(d) }
        #expect(r.calls == ["onOrderIn styled", "onOrderIn default"])
        // Even a class that redisplays for every key gets no implicit animation for these keys.
        #expect(d.action(forKey: kCAOnOrderOut) == nil)
    }

    @Test func anAnimationActionFadesTheLayerIn() {
        let (host, root) = makeHost()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0; fade.toValue = 1; fade.duration = 0.5
        let child = CALayer(); child.actions = [kCAOnOrderIn: fade]
        host.withClock { root.addSublayer(child) }
        #expect(child.animation(forKey: kCAOnOrderIn) != nil)
        host.update(to: 0.25)
        #expect(abs(host.withClock { child.presentation()!.opacity } - 0.5) < 1e-6)
    }
}
