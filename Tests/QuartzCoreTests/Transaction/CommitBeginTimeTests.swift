import Testing
import Foundation
@testable import QuartzCore

/// A commit resolves `beginTime == 0` to each layer's local time of the commit: siblings share
/// their superlayer's local time (found once per commit) and apply their own timing.
@Suite("Commit begin times")
struct CommitBeginTimeTests {
    @Test func siblingsResolveThroughTheSharedParentAndTheirOwnTiming() throws {
        let (host, root) = makeHost()
        let parent = CALayer(), a = CALayer(), b = CALayer()
        host.withClock {
            root.addSublayer(parent)
            parent.addSublayer(a); parent.addSublayer(b)
            parent.speed = 2; parent.beginTime = 1
            b.speed = 3; b.timeOffset = 5
        }
        host.update(to: 4)
        host.withClock {
            for l in [a, b] {
                let anim = CABasicAnimation(keyPath: "opacity")
                anim.fromValue = 0; anim.toValue = 1; anim.duration = 10
                l.add(anim, forKey: "fade")
            }
        }
        host.update(to: 4)
        let ta = try #require(a.animationEntries.first?.resolvedBeginTime)
        let tb = try #require(b.animationEntries.first?.resolvedBeginTime)
        // Parent: (t − 1) × 2; b: parent × 3 + 5, whatever t the commit ran at.
        #expect(abs(tb - (ta * 3 + 5)) < 1e-9)
        #expect(abs(ta - host.withClock { a.convertTime(CACurrentMediaTime(), from: nil) }) < 1e-9)
        #expect(abs(ta - 6) < 1e-9)
    }
}
