import Testing
import Foundation
import Synchronization
@testable import QuartzCore

/// CADisplayLink driven by a host's clock: callbacks at the host's frame times with Apple's
/// timestamps, changes made in a callback shown in that frame, pausing, preferred rates, run loop
/// modes, and invalidation releasing the handler
/// (https://developer.apple.com/documentation/quartzcore/cadisplaylink).
@Suite("CADisplayLink")
struct DisplayLinkTests {
    struct Tick: Equatable { let timestamp, target, duration, now: CFTimeInterval }

    @Test func callbacksRunAtTheHostsFrameTimes() {
        let root = makeRoot(10, 10)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        let ticks = Mutex<[Tick]>([])
        let link = CADisplayLink(source: r.host.displayLinkSource) { l in
            ticks.withLock { $0.append(Tick(timestamp: l.timestamp, target: l.targetTimestamp, duration: l.duration,
                                            now: CACurrentMediaTime())) }
        }
        link.add(to: .main, forMode: .common)
        for n in 0..<4 { _ = r.frame(at: Double(n) / 30) }
        let got = ticks.withLock { $0 }
        let frames: [CFTimeInterval] = (0..<4).map { Double($0) / 30 }
        #expect(got.map(\.target) == frames)
        #expect(got.map(\.now) == got.map(\.target))                     // the host clock is at the frame
        #expect(Array(got.dropFirst().map(\.timestamp)) == Array(frames.dropLast()))   // the previous frame
        #expect(got[0].timestamp == -1.0 / 60 && got.allSatisfy { $0.duration == 1.0 / 60 })
        link.invalidate()
    }

    @Test func aChangeMadeInTheCallbackIsInThatFrame() {
        let root = makeRoot(10, 10)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        let link = CADisplayLink(source: r.host.displayLinkSource) { l in
            withoutActions { root.backgroundColor = CGColor(srgbRed: 0, green: l.targetTimestamp >= 1 ? 1 : 0, blue: 0, alpha: 1) }
        }
        link.add(to: .main, forMode: .default)
        #expect(r.frame(at: 0)!.rgba(5, 5) == RGBA(0, 0, 0, 255))
        #expect(r.frame(at: 1)!.rgba(5, 5) == RGBA(0, 255, 0, 255))
        link.invalidate()
    }

    @Test func pausingStopsCallbacksAndResumingRestartsThem() {
        let source = CADisplayLinkSource(framesPerSecond: 60)
        let count = Mutex(0)
        let link = CADisplayLink(source: source) { _ in count.withLock { $0 += 1 } }
        link.add(to: .main, forMode: .default)
        source.step(to: 0)
        link.isPaused = true
        for n in 1...5 { source.step(to: Double(n) / 60) }
        #expect(count.withLock { $0 } == 1)
        link.isPaused = false
        source.step(to: 6.0 / 60)
        #expect(count.withLock { $0 } == 2 && link.targetTimestamp == 6.0 / 60)
        link.invalidate()
    }

    @Test func aPreferredRateSkipsDisplayFrames() {
        let source = CADisplayLinkSource(framesPerSecond: 60)
        let targets = Mutex<[CFTimeInterval]>([])
        let link = CADisplayLink(source: source) { l in targets.withLock { $0.append(l.targetTimestamp) } }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30, preferred: 30)
        link.add(to: .main, forMode: .default)
        for n in 0..<7 { source.step(to: Double(n) / 60) }
        let every2nd: [CFTimeInterval] = [0, 2, 4, 6].map { Double($0) / 60 }
        #expect(targets.withLock { $0 } == every2nd)
        link.invalidate()
    }

    @Test func aWindowHostSetsTheDisplaysRefreshRate() {
        // A window on a 144 Hz display: duration follows, and a 72 Hz link fires every 2nd frame.
        let source = CADisplayLinkSource()
        source.framesPerSecond = 144
        let targets = Mutex<[CFTimeInterval]>([])
        let link = CADisplayLink(source: source) { l in targets.withLock { $0.append(l.targetTimestamp) } }
        link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 72, preferred: 72)
        link.add(to: .main, forMode: .default)
        for n in 0..<5 { source.step(to: Double(n) / 144) }
        #expect(targets.withLock { $0 } == [0, 2, 4].map { Double($0) / 144 })
        #expect(link.duration == 1.0 / 144)
        source.framesPerSecond = .nan
        #expect(source.framesPerSecond == 60)
        source.framesPerSecond = 5000
        #expect(source.framesPerSecond == 1000)
        link.invalidate()
    }

    @Test func modesDecideWhichStepsFire() {
        let source = CADisplayLinkSource()
        let count = Mutex(0)
        let link = CADisplayLink(source: source) { _ in count.withLock { $0 += 1 } }
        source.step(to: 0)                                             // not added yet
        let tracking = RunLoop.Mode("tracking")
        link.add(to: .main, forMode: tracking)
        source.step(to: 1)                                             // a default-mode step
        source.step(to: 2, mode: tracking)
        #expect(count.withLock { $0 } == 1)
        link.remove(from: .main, forMode: tracking)
        source.step(to: 3, mode: tracking)
        #expect(count.withLock { $0 } == 1 && source.linkCount == 0)
    }

    @Test func invalidateReleasesTheHandlerAndStopsCallbacks() {
        final class Target {}
        let source = CADisplayLinkSource()
        var target: Target? = Target()
        weak var weakTarget = target
        let count = Mutex(0)
        let link = CADisplayLink(source: source) { [target] _ in _ = target; count.withLock { $0 += 1 } }
        target = nil
        link.add(to: .main, forMode: .common)
        source.step(to: 0)
        #expect(weakTarget != nil && count.withLock { $0 } == 1)       // the link holds its handler
        link.invalidate()
        #expect(weakTarget == nil && source.linkCount == 0)
        source.step(to: 1)
        link.add(to: .main, forMode: .common)                          // an invalidated link stays off
        source.step(to: 2)
        #expect(count.withLock { $0 } == 1)
    }

    @Test func frameRateRangesAndAnimations() {
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil))
        let r = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        #expect(r.isEqual(to: CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)) && !r.isEqual(to: .default))
        #expect(r.effectiveRate(native: 60) == 60 && CAFrameRateRange.default.effectiveRate(native: 90) == 90)
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.preferredFrameRateRange == .default)
        a.preferredFrameRateRange = r
        #expect((a.copy() as! CABasicAnimation).preferredFrameRateRange == r)
    }
}
