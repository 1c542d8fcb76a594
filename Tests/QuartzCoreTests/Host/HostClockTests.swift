import Testing
import Foundation
import Synchronization
@testable import QuartzCore

/// One media clock per host tree: an animation whose commit happens outside the host's step (a
/// main-queue turn, a timer, a completion block on the main queue, another thread's explicit
/// transaction) begins on the host's clock, as on Apple where every layer shares one media clock
/// (https://developer.apple.com/documentation/quartzcore/caanimation/add(_:forkey:): a begin
/// time of 0 is the current time of the layer's timespace). The host clock here starts at 0; the
/// system clock reads thousands of seconds, so a begin time taken from it leaves the animation
/// not yet started (position.x at the model value 10) at host time 0.5.
@Suite("Host clock")
struct HostClockTests {
    /// A 100×20 host whose 20×20 layer sits at x = 10, shown in a frame at t = 0.
    static func scene() -> (CAOffscreenRenderer, CALayer) {
        let root = makeRoot(100, 20)
        let l = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 20))!
        _ = r.frame(at: 0)
        return (r, l)
    }

    /// position.x 0 → 100 over 1 s from "now".
    static func slide() -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0; a.toValue = 100; a.duration = 1
        return a
    }

    /// position.x of the presentation at host time `t`, read inside and outside the host clock.
    static func x(_ r: CAOffscreenRenderer, _ l: CALayer, at t: CFTimeInterval) -> (inside: CGFloat?, outside: CGFloat?) {
        _ = r.frame(at: t)
        return (r.host.withClock { l.presentation()?.position.x }, l.presentation()?.position.x)
    }

    /// Waits for the main queue to run `body` and everything it scheduled (the implicit commit).
    static func onMainQueue(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                body()
                DispatchQueue.main.async { done.resume() }
            }
        }
    }

    @Test func addedInsideWithClockCommittedByAMainQueueTurn() async {
        let (r, l) = Self.scene()
        let box = UncheckedBox((r, l))
        await Self.onMainQueue {
            let (r, l) = box.value
            r.host.withClock { l.add(Self.slide(), forKey: "slide") }   // no flush: the main queue commits
        }
        #expect(l.hasCommitted && l.animationKeys() == ["slide"])
        let x = Self.x(r, l, at: 0.5)
        #expect(x.inside == 50 && x.outside == 50)
    }

    @Test func addedFromATimerOnTheMainQueue() async {
        let (r, l) = Self.scene()
        let box = UncheckedBox((r, l))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let doneBox = UncheckedBox(done)
            timer.schedule(deadline: .now() + .milliseconds(10))
            timer.setEventHandler {
                timer.cancel()
                box.value.1.add(Self.slide(), forKey: "slide")             // no clock at all
                DispatchQueue.main.async { doneBox.value.resume() }
            }
            timer.resume()
        }
        #expect(Self.x(r, l, at: 0.5).inside == 50)
    }

    @Test func addedFromACompletionBlockOnTheMainQueue() async {
        let (r, l) = Self.scene()
        let box = UncheckedBox((r, l))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let doneBox = UncheckedBox(done)
            // Outside any host: the block goes to the main queue once the transaction commits.
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                box.value.1.add(Self.slide(), forKey: "slide")
                DispatchQueue.main.async { doneBox.value.resume() }
            }
            CATransaction.commit()
        }
        #expect(Self.x(r, l, at: 0.5).inside == 50)
    }

    @Test func addedInAnotherThreadsExplicitTransaction() {
        let (r, l) = Self.scene()
        let box = UncheckedBox(l)
        let thread = Thread {
            CATransaction.begin()
            box.value.add(Self.slide(), forKey: "slide")
            CATransaction.commit()
        }
        thread.start()
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        let x = Self.x(r, l, at: 0.25)
        #expect(x.inside == 25 && x.outside == 25)
    }

    @Test func anExplicitTaskClockStillWins() {
        let (r, l) = Self.scene()
        let other = CAManualMediaClock(start: 0.5)                           // half a second ahead
        CAMediaClockContext.$current.withValue(other) {
            l.add(Self.slide(), forKey: "slide")
            CATransaction.flush()
        }
        #expect(Self.x(r, l, at: 1).inside == 50)
    }

    @Test func aLayerNoHostHoldsUsesTheSystemClock() {
        let l = CALayer()
        CATransaction.flush()
        let before = CACurrentMediaTime()
        l.add(Self.slide(), forKey: "slide")
        CATransaction.flush()
        let begin = l.committed?.animations.first?.resolvedBeginTime ?? -1
        #expect(begin >= before && begin <= CACurrentMediaTime())
    }
}

/// `CADisplayLink`s on the default source (`.main`) fire at an offscreen host's frames when the
/// host renders on the main queue and no window drives the display: the port of
/// `CADisplayLink(target:selector:)` counts one callback per rendered frame, with `timestamp`
/// and `targetTimestamp` the previous and current frame times
/// (https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp).
@Suite("Main display offscreen", .serialized)
struct MainDisplayOffscreenTests {
    struct Tick: Equatable { let timestamp, target: CFTimeInterval }

    @MainActor @Test func aDefaultLinkFiresOncePerMainQueueFrame() {
        let root = makeRoot(10, 10)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        let ticks = Mutex<[Tick]>([])
        let link = CADisplayLink { l in ticks.withLock { $0.append(Tick(timestamp: l.timestamp, target: l.targetTimestamp)) } }
        link.add(to: .main, forMode: .default)
        defer { link.invalidate() }
        for n in 0..<120 { _ = r.frame(at: Double(n) / 60) }             // 2 s at 60 fps
        let got = ticks.withLock { $0 }
        #expect(got.count == 120)
        #expect(got.map(\.target) == (0..<120).map { Double($0) / 60 })
        #expect(Array(got.dropFirst().map(\.timestamp)) == (0..<119).map { Double($0) / 60 })
        // A second renderer starts the display's times afresh on its own clock.
        let r2 = CAOffscreenRenderer(rootLayer: makeRoot(10, 10), size: CGSize(width: 10, height: 10))!
        _ = r2.frame(at: 0)
        #expect(ticks.withLock { $0.count } == 121 && ticks.withLock { $0.last } == Tick(timestamp: -1.0 / 60, target: 0))
    }

    @Test func aHostOffTheMainQueueDoesNotStepTheMainDisplay() async {
        let fired = Mutex(0)
        let root = makeRoot(10, 10)
        let count = await Task.detached { () -> Int in
            let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
            let main = CADisplayLink { _ in fired.withLock { $0 += 1 } }
            main.add(to: .main, forMode: .default)
            defer { main.invalidate() }
            for n in 0..<10 { _ = r.frame(at: Double(n) / 60) }
            return fired.withLock { $0 }
        }.value
        #expect(count == 0)
    }
}

/// A tree whose host is gone is on the system clock again.
@Suite("Host clock release")
struct HostClockReleaseTests {
    @Test func aReleasedHostLeavesTheSystemClock() {
        let root = makeRoot(10, 10)
        do {
            let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
            _ = r.frame(at: 5)
            #expect(root.hostClock != nil)
        }
        #expect(root.hostClock == nil)
        let before = CACurrentMediaTime()
        root.add(HostClockTests.slide(), forKey: "slide")
        CATransaction.flush()
        #expect((root.committed?.animations.first?.resolvedBeginTime ?? 0) >= before)   // not 5
    }
}
