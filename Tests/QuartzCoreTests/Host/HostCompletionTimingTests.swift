import Testing
import Foundation
@testable import QuartzCore

/// Hosts run animation delegates and transaction completion blocks at the host time they fall
/// due, inside the host clock, before the frame is built (DESIGN.md §6), so chains are
/// deterministic and the chained animation plays
/// (https://developer.apple.com/documentation/quartzcore/catransaction/setcompletionblock(_:)).
@Suite struct HostCompletionTimingTests {
    /// A move to x = 80 over 0.5 s whose completion block starts a fade over 0.5 s.
    static func chainedScene() -> (CAOffscreenRenderer, CALayer, LockedTimes) {
        let root = makeRoot(100, 20)
        let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 20))!
        _ = r.frame(at: 0)
        let times = LockedTimes()
        r.host.withClock {
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                times.append(CACurrentMediaTime())
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 1; fade.toValue = 0; fade.duration = 0.5
                fade.fillMode = .forwards; fade.isRemovedOnCompletion = false
                l.add(fade, forKey: "fade")
            }
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 10; move.toValue = 90; move.duration = 0.5
            l.position.x = 90
            l.add(move, forKey: "move")
            CATransaction.commit()
        }
        return (r, l, times)
    }

    @Test func completionBlockRunsAtItsHostTimeAndTheChainedFadePlays() throws {
        let (r, l, times) = Self.chainedScene()
        // 7 fps: frames at 0, 1/7, …, none of them at 0.5 s.
        var alphas: [Int] = []
        for n in 1...7 {
            let f = try #require(r.frame(at: Double(n) / 7))
            alphas.append(f.rgba(90, 10).a)
        }
        #expect(times.values == [0.5])                        // at the move's end, not at 4/7
        // The fade began at 0.5 s: opacity 1 − (t − 0.5) / 0.5 at t = 4/7, 5/7, 6/7, then 0.
        for (n, a) in alphas.enumerated() where n + 1 >= 4 {
            let t = Double(n + 1) / 7
            let expected = max(0, 1 - (t - 0.5) / 0.5) * 255
            #expect(abs(Double(a) - expected) <= 1.5, "t=\(t) alpha \(a)")
        }
        #expect(alphas[3] < 255 && alphas[3] > 0)               // visibly fading at 4/7 s
        #expect(r.host.withClock { l.presentation()!.opacity } == 0)
    }

    @Test func chainedFramesAreIdenticalOnTwoRuns() throws {
        func run() -> [[UInt8]] {
            let (r, _, _) = Self.chainedScene()
            return (1...12).map { n in
                let f = r.frame(at: Double(n) / 12)!
                return (0..<f.height).flatMap { y in (0..<f.width).map { x in UInt8(f.rgba(x, y).a) } }
            }
        }
        let a = run(), b = run()
        #expect(a == b)
        #expect(Set(a.map { $0[10 * 100 + 90] }).count > 3)    // the chained fade changed the frames
    }

    /// A delegate's animationDidStop sees the host clock at the animation's end and can chain.
    @Test func delegateChainsAtTheEventTime() throws {
        final class Chain: CAAnimationDelegate {
            let layer: CALayer
            var stoppedAt: [CFTimeInterval] = []
            init(_ l: CALayer) { layer = l }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                stoppedAt.append(CACurrentMediaTime())
                guard (anim.value(forKey: "step") as? NSNumber)?.intValue == 1 else { return }
                let next = CABasicAnimation(keyPath: "position.y")
                next.fromValue = 0; next.toValue = 100; next.duration = 1
                next.setValue(2, forKey: "step"); next.delegate = self
                layer.add(next, forKey: "second")
            }
        }
        let (host, root) = makeHost()
        let chain = Chain(root)
        let first = CABasicAnimation(keyPath: "position.x")
        first.fromValue = 0; first.toValue = 10; first.duration = 0.3
        first.setValue(1, forKey: "step"); first.delegate = chain
        host.withClock { root.add(first, forKey: "first") }
        host.update(to: 1)                                   // one big step over both events
        #expect(chain.stoppedAt == [0.3])
        #expect(near(host.withClock { root.presentation()!.position.y }, 70, 1e-9))
        host.update(to: 1.5)
        #expect(chain.stoppedAt == [0.3, 1.3])
    }

    /// A completion block set on a transaction without animations runs at the next host step,
    /// inside the host clock.
    @Test func completionWithoutAnimationsRunsInTheHostStep() {
        let (host, _) = makeHost()
        host.update(to: 2)
        let times = LockedTimes()
        host.withClock {
            CATransaction.begin()
            CATransaction.setCompletionBlock { times.append(CACurrentMediaTime()) }
            CATransaction.commit()
        }
        #expect(times.values.isEmpty)
        host.update(to: 3)
        #expect(times.values == [2])
    }
}

extension HostCompletionTimingTests {
    /// The render loop's main-queue step (`catchUp(to:on:)`): events in order with their
    /// delegates and completion blocks, inside the loop's clock, then one commit.
    @Test func catchUpRunsCompletionsInsideTheLoopClock() {
        let (host, root) = makeHost()
        let loopClock = CAManualMediaClock(start: 0)
        let times = LockedTimes()
        CAMediaClockContext.$current.withValue(loopClock) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { times.append(CACurrentMediaTime()) }
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = 1
            root.add(a, forKey: "a")
            CATransaction.commit()
        }
        loopClock.set(to: 0.5)
        host.catchUp(to: 0.5, on: loopClock)
        #expect(times.values.isEmpty && root.animationKeys() == ["a"])
        loopClock.set(to: 1.2)
        host.catchUp(to: 1.2, on: loopClock)
        #expect(times.values == [1.2])                        // the loop's clock, read in the block
        #expect(root.animationKeys() == nil)                  // removal committed
    }
}

/// Times recorded from blocks (Sendable for the completion-block closure).
final class LockedTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [CFTimeInterval] = []
    func append(_ t: CFTimeInterval) { lock.lock(); times.append(t); lock.unlock() }
    var values: [CFTimeInterval] { lock.lock(); defer { lock.unlock() }; return times }
}
