import Testing
import Foundation
@testable import QuartzCore

/// `CAAnimation` is a key-value coding container, as `CALayer`
/// (https://developer.apple.com/documentation/quartzcore/caanimation).
@Suite struct AnimationKVCTests {
    final class TagReader: CAAnimationDelegate {
        var tags: [String] = []
        var finished: [Bool] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            tags.append(anim.value(forKey: "tag") as? String ?? "(none)")
            finished.append(flag)
        }
    }

    @Test func customKeysAreStoredAndCopied() throws {
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.value(forKey: "tag") == nil)
        a.setValue("fade-1", forKey: "tag")
        a.setValue(42, forKey: "index")
        #expect(a.value(forKey: "tag") as? String == "fade-1")
        #expect((a.value(forKey: "index") as? NSNumber)?.intValue == 42)
        let c = try #require(a.copy() as? CABasicAnimation)
        #expect(c.value(forKey: "tag") as? String == "fade-1")
        c.setValue("other", forKey: "tag")
        #expect(a.value(forKey: "tag") as? String == "fade-1")     // copies are independent
        a.setValue(nil, forKey: "tag")
        #expect(a.value(forKey: "tag") == nil)
    }

    @Test func propertiesReadAndWriteByTheirKVCNames() {
        let a = CABasicAnimation(keyPath: "position.x")
        a.setValue(2.5, forKey: "duration")
        a.setValue(NSNumber(value: 3), forKey: "repeatCount")
        a.setValue(false, forKey: "removedOnCompletion")
        a.setValue("forwards", forKey: "fillMode")
        a.setValue(10, forKey: "toValue")
        #expect(a.duration == 2.5 && a.repeatCount == 3 && !a.isRemovedOnCompletion && a.fillMode == .forwards)
        #expect((a.value(forKey: "duration") as? NSNumber)?.doubleValue == 2.5)
        #expect(a.value(forKey: "keyPath") as? String == "position.x")
        #expect(a.value(forKey: "fillMode") as? String == "forwards")
        #expect(a.toValue as? Int == 10)
        a.setValue("not a number", forKey: "duration")             // wrong type: ignored
        #expect(a.duration == 2.5)
        let g = CAAnimationGroup()
        g.setValue("x", forKey: "toValue")                          // not a group property: custom
        #expect(g.value(forKey: "toValue") as? String == "x")
    }

    /// The usual way to tell animations apart in a shared delegate.
    @Test func taggedAnimationIsReadBackInItsDelegate() {
        let (host, root) = makeHost()
        let reader = TagReader()
        for (i, tag) in ["first", "second"].enumerated() {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1; a.duration = Double(i + 1) * 0.5
            a.setValue(tag, forKey: "tag")
            a.delegate = reader
            host.withClock { root.add(a, forKey: tag) }
        }
        host.update(to: 0.6)
        #expect(reader.tags == ["first"])
        host.update(to: 1.1)
        #expect(reader.tags == ["first", "second"] && reader.finished == [true, true])
    }
}
