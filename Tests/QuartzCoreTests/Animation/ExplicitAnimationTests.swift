import Testing
import Foundation
@testable import QuartzCore

/// Explicit animations seen through presentation() at chosen host times.
/// Sources: https://developer.apple.com/documentation/quartzcore/calayer/add(_:forkey:),
/// https://developer.apple.com/documentation/quartzcore/calayer/presentation(),
/// https://developer.apple.com/documentation/quartzcore/camediatiming.
@Suite("Explicit animations", .serialized)
struct ExplicitAnimationTests {
    @Test func presentationIsNilBeforeTheFirstCommit() {
        let layer = CALayer()
        #expect(layer.presentation() == nil)
        let host = CALayerHost(rootLayer: layer)
        host.update(to: 0)
        #expect(layer.presentation() != nil)
        #expect(layer.presentation()?.model() === layer)
        #expect(layer.model() === layer)
    }

    @Test func basicAnimationAtQuarterHalfAndEnd() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        host.withClock { root.add(a, forKey: "move") }
        host.update(to: 0)                                   // beginTime 0 → the commit time, 0
        host.update(to: 0.25)
        #expect(near(host.withClock { root.presentation()?.position.x }, 25))
        host.update(to: 0.5)
        #expect(near(host.withClock { root.presentation()?.position.x }, 50))
        host.update(to: 1.0)
        // Removed on completion (fillMode .removed): back to the model value.
        #expect(host.withClock { root.presentation()?.position.x } == 0)
        #expect(root.animationKeys() == nil)
    }

    @Test func beginTimeZeroResolvesToTheCommitTime() {
        let (host, root) = makeHost()
        host.update(to: 10)
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 2
        host.withClock { root.add(a, forKey: "fade") }
        host.update(to: 10)
        host.update(to: 11)
        #expect(host.withClock { root.presentation()?.opacity } == 0.5)
        #expect(root.animation(forKey: "fade")?.beginTime == 0)   // the attached copy keeps its own value
    }

    @Test func addCopiesTheAnimation() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        host.withClock { root.add(a, forKey: "fade") }
        a.toValue = 0      // no effect on the attached copy
        host.update(to: 0.5)
        #expect(host.withClock { root.presentation()?.opacity } == 0.5)
        #expect(root.animation(forKey: "fade") !== a)
    }

    @Test func zeroDurationTakesTheTransactionDuration() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1
        host.withClock { root.add(a, forKey: "fade") }
        #expect(root.animation(forKey: "fade")?.duration == 0.25)
        host.update(to: 0.125)
        #expect(host.withClock { root.presentation()?.opacity } == 0.5)
    }

    @Test func fillModeForwardsHoldsWhenNotRemoved() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "position.y")
        a.fromValue = 0; a.toValue = 40; a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.withClock { root.add(a, forKey: "m") }
        host.update(to: 5)
        #expect(host.withClock { root.presentation()?.position.y } == 40)
        #expect(root.animationKeys() == ["m"])
    }

    @Test func delaysAndBackwardsFill() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "position.y")
        a.fromValue = 10; a.toValue = 20; a.duration = 1
        a.beginTime = 2   // in the layer's time
        host.withClock { root.add(a, forKey: "m") }
        host.update(to: 1)
        #expect(host.withClock { root.presentation()?.position.y } == 0)   // not started, no fill
        host.update(to: 2.5)
        #expect(host.withClock { root.presentation()?.position.y } == 15)
        let b = CABasicAnimation(keyPath: "position.x")
        b.fromValue = 70; b.toValue = 80; b.duration = 1; b.beginTime = 10; b.fillMode = .backwards
        host.withClock { root.add(b, forKey: "n") }
        host.update(to: 3)
        #expect(host.withClock { root.presentation()?.position.x } == 70)
    }

    @Test func ancestorSpeedAndPause() {
        let (host, root) = makeHost()
        let child = CALayer()
        host.withClock { root.addSublayer(child); root.speed = 2 }
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        host.withClock { child.add(a, forKey: "f") }
        host.update(to: 0)
        host.update(to: 0.25)   // parent runs at 2×: half way
        #expect(host.withClock { child.presentation()?.opacity } == 0.5)
        // Pause the parent the Apple way: speed 0, timeOffset = its current local time.
        host.withClock {
            let paused = root.convertTime(CACurrentMediaTime(), from: nil)
            root.speed = 0; root.timeOffset = paused; root.beginTime = 0
        }
        host.update(to: 0.3)
        host.update(to: 5)
        #expect(host.withClock { child.presentation()?.opacity } == 0.5)
    }

    @Test func animationSpeedRepeatAndAutoreverse() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        a.speed = 2; a.repeatCount = 2; a.autoreverses = true
        host.withClock { root.add(a, forKey: "m") }
        host.update(to: 0.25)    // local 0.5 → forwards half
        #expect(host.withClock { root.presentation()?.position.x } == 50)
        host.update(to: 0.75)    // local 1.5 → reversing, half
        #expect(host.withClock { root.presentation()?.position.x } == 50)
        host.update(to: 0.875)   // local 1.75 → reversing, quarter
        #expect(host.withClock { root.presentation()?.position.x } == 25)
        host.update(to: 1.25)    // second iteration, local 2.5 → forwards half
        #expect(host.withClock { root.presentation()?.position.x } == 50)
    }

    @Test func timingFunctionShapesProgress() {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        host.withClock { root.add(a, forKey: "m") }
        host.update(to: 0.5)
        let expected = 100 * CAMediaTimingFunction(name: .easeIn).output(at: 0.5)
        #expect(near(host.withClock { root.presentation()?.position.x }, CGFloat(expected), 1e-9))
    }

    @Test func additiveAndCumulative() {
        let (host, root) = makeHost { $0.position = CGPoint(x: 10, y: 0) }
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1; a.isAdditive = true
        host.withClock { root.add(a, forKey: "add") }
        host.update(to: 0.5)
        #expect(host.withClock { root.presentation()?.position.x } == 60)
        let c = CABasicAnimation(keyPath: "position.y")
        c.fromValue = 0; c.toValue = 10; c.duration = 1; c.repeatCount = 3; c.isCumulative = true
        host.withClock { root.add(c, forKey: "cum") }
        host.update(to: 0.5)
        host.update(to: 2.75)    // local 2.25: iteration 2, fraction .25 → 2·10 + 2.5
        #expect(host.withClock { root.presentation()?.position.y } == 22.5)
    }

    @Test func replacingAKeyStopsTheOldAnimation() {
        let (host, root) = makeHost()
        let log = EventLog("old")
        let a = CABasicAnimation(keyPath: "opacity"); a.duration = 1; a.delegate = log
        host.withClock { root.add(a, forKey: "k") }
        host.update(to: 0.1)
        let b = CABasicAnimation(keyPath: "opacity"); b.duration = 1
        host.withClock { root.add(b, forKey: "k") }
        #expect(log.events == ["old start", "old stop false"])
        #expect(root.animationKeys() == ["k"])
    }

    @Test func propertyAnimationWithoutKeyPathUsesTheKey() {
        let (host, root) = makeHost()
        let seen = DiagnosticsRecorder()
        CADiagnostics.withHandler(seen.record) {
            host.withClock { root.add(CABasicAnimation(), forKey: nil) }
        }
        #expect(root.animationEntries.isEmpty)
        host.withClock { root.add(CABasicAnimation(), forKey: "opacity") }
        #expect((root.animation(forKey: "opacity") as? CABasicAnimation)?.keyPath == "opacity")
        #expect(seen.messages.count == 1)
    }
}

final class DiagnosticsRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
    func record(_ d: CALayerDiagnostic) { lock.lock(); list.append(d.message); lock.unlock() }
}
