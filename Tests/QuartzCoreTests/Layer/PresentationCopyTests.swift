import Testing
import Foundation
@testable import QuartzCore

/// A subclass whose `init(layer:)` copies its own field and counts its calls.
final class TaggedLayer: CALayer {
    nonisolated(unsafe) static var copies = 0
    var tag = 0
    override init() { super.init() }
    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? TaggedLayer { tag = other.tag }
        TaggedLayer.copies += 1
    }
    required init?(coder: NSCoder) { nil }
}

/// Presentation copies of exact `CALayer`s start from the committed state directly; subclasses'
/// go through their `init(layer:)`. Both must give the same copy: the committed state and custom
/// values with the animations applied, not the live model values.
/// (https://developer.apple.com/documentation/quartzcore/calayer/presentation(),
/// https://developer.apple.com/documentation/quartzcore/calayer/init(layer:))
@Suite("Presentation copies", .serialized)
struct PresentationCopyTests {
    @Test func plainAndSubclassCopiesAgree() throws {
        let (host, root) = makeHost()
        let plain = CALayer(), tagged = TaggedLayer()
        tagged.tag = 7
        for l in [plain, tagged] {
            l.position = CGPoint(x: 5, y: 6); l.opacity = 0.75
            l.setValue("committed", forKey: "note")
            let a = CABasicAnimation(keyPath: "position.x")
            a.fromValue = 0; a.toValue = 100; a.duration = 1
            l.add(a, forKey: "move")
            host.withClock { root.addSublayer(l) }
        }
        host.update(to: 0)
        host.update(to: 0.25)
        // Live changes after the commit are not presented.
        for l in [plain, tagged] { l.opacity = 0.5; l.setValue("live", forKey: "note") }
        let before = TaggedLayer.copies
        let p = try #require(host.withClock { plain.presentation() })
        let t = try #require(host.withClock { tagged.presentation() })
        #expect(TaggedLayer.copies == before + 1)
        #expect(type(of: p) == CALayer.self && t.tag == 7)
        for c in [p, t as CALayer] {
            #expect(near(c.position.x, 25) && c.position.y == 6)
            #expect(c.opacity == 0.75)
            #expect(c.value(forKey: "note") as? String == "committed")
            #expect(c.superlayer?.model() === root && c.superlayer?.bounds.width == 100)
            #expect(c.layerID != c.model().layerID)
        }
        #expect(p.model() === plain && t.model() === tagged)
    }
}
