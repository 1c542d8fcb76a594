import Testing
import CoreGraphics
@testable import QuartzCore

// Display and layout flags: setNeedsDisplay()/displayIfNeeded()
// (https://developer.apple.com/documentation/quartzcore/calayer/displayifneeded()), needsDisplayOnBoundsChange,
// setNeedsLayout()/layoutIfNeeded() (https://developer.apple.com/documentation/quartzcore/calayer/layoutifneeded())
// and the delegate's optional methods (https://developer.apple.com/documentation/quartzcore/calayerdelegate).
@Suite("Display and layout")
struct DisplayLayoutTests {
    final class Log: CALayerDelegate, CALayoutManager {
        var events: [String] = []
        var displays = true
        func display(_ layer: CALayer) {
            if displays { events.append("display \(layer.name ?? "")") } else { layer.drawBackingStore() }
        }
        func layerWillDraw(_ layer: CALayer) { events.append("willDraw \(layer.name ?? "")") }
        func layoutSublayers(of layer: CALayer) {
            events.append("layout \(layer.name ?? "")")
            if layer.name == "root" { layer.sublayers?.first?.bounds.size = CGSize(width: 7, height: 7) }
        }
        func invalidateLayout(of layer: CALayer) { events.append("invalidate \(layer.name ?? "")") }
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
    }

    final class DefaultDelegate: CALayerDelegate {}

    @Test func displayFlags() {
        let l = layer(0, 0, 10, 10, name: "l")
        #expect(!l.needsDisplay())
        l.setNeedsDisplay(CGRect(x: 0, y: 0, width: 0, height: 5)) // empty: nothing
        #expect(!l.needsDisplay())
        l.setNeedsDisplay(CGRect(x: 1, y: 1, width: 2, height: 2))
        l.setNeedsDisplay(CGRect(x: 5, y: 5, width: 1, height: 1))
        #expect(l.needsDisplay() && l.dirtyRect == CGRect(x: 1, y: 1, width: 5, height: 5))
        let log = Log()
        l.delegate = log
        l.displayIfNeeded()
        l.displayIfNeeded()
        #expect(log.events == ["display l"])
        #expect(!l.needsDisplay() && l.dirtyRect.isNull)
        // A zero-size layer can still be marked.
        let empty = CALayer()
        empty.setNeedsDisplay()
        #expect(empty.needsDisplay())
    }

    @Test func defaultDisplayDrawsTheBackingStore() {
        let l = layer(0, 0, 10, 10, name: "l")
        let log = Log()
        log.displays = false
        l.delegate = log
        l.display()
        #expect(log.events == ["willDraw l"])
        // A delegate with only default methods behaves the same.
        let d = DefaultDelegate()
        l.delegate = d
        l.display()
    }

    @Test func needsDisplayOnBoundsChange() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        #expect(!l.needsDisplay())
        l.needsDisplayOnBoundsChange = true
        l.bounds.origin = CGPoint(x: 1, y: 1) // origin only: no redisplay
        #expect(!l.needsDisplay())
        l.bounds.size = CGSize(width: 6, height: 6)
        #expect(l.needsDisplay())
    }

    @Test func boundsSizeChangeMarksLayout() {
        let l = CALayer()
        l.position = CGPoint(x: 3, y: 3)
        #expect(!l.needsLayout())
        l.bounds.size = CGSize(width: 2, height: 2)
        #expect(l.needsLayout())
    }

    @Test func layoutIfNeededRunsParentsFirstThroughTheDelegate() {
        let root = layer(0, 0, 100, 100, name: "root")
        let child = layer(0, 0, 10, 10, name: "child")
        let grandchild = layer(0, 0, 1, 1, name: "grandchild")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let log = Log()
        for l in [root, child, grandchild] { l.delegate = log; l.layoutIfNeeded() }
        log.events = []
        root.setNeedsLayout()
        grandchild.setNeedsLayout()
        child.layoutIfNeeded() // walks up to root, then down to every marked layer
        #expect(log.events == ["layout root", "layout grandchild"])
        #expect(!root.needsLayout() && !child.needsLayout() && !grandchild.needsLayout())
        // A layout that resizes a child lays that child out in the same pass.
        child.bounds.size = CGSize(width: 10, height: 10)
        log.events = []
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.events == ["layout root", "layout child"])
        #expect(child.bounds.size == CGSize(width: 7, height: 7))
    }

    @Test func layoutManagerIsUsedWithoutALayoutDelegate() {
        let l = layer(0, 0, 10, 10, name: "m")
        let manager = Log()
        l.layoutManager = manager
        l.setNeedsLayout()
        l.layoutIfNeeded()
        #expect(manager.events == ["invalidate m", "layout m"])
        // A delegate with default methods forwards to the layout manager.
        let d = DefaultDelegate()
        l.delegate = d
        manager.events = []
        l.layoutSublayers()
        #expect(manager.events == ["layout m"])
        #expect(l.preferredFrameSize() == CGSize(width: 10, height: 10))
    }

    @Test func preferredFrameSizeIsTheFrameSize() {
        let l = layer(0, 0, 10, 20)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(l.preferredFrameSize() == CGSize(width: 20, height: 60))
    }
}

// The action search of action(forKey:) (https://developer.apple.com/documentation/quartzcore/calayer/action(forkey:)).
@Suite("Action search")
struct ActionSearchTests {
    final class Named: CAAction {
        let name: String
        init(_ name: String) { self.name = name }
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
    }

    final class Delegate: CALayerDelegate {
        var answer: (any CAAction)?
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answer }
    }

    final class WithDefault: CALayer {
        override class func defaultAction(forKey event: String) -> (any CAAction)? { Named("default") }
    }

    @Test func delegateThenActionsThenStyleThenDefault() {
        let l = WithDefault()
        #expect((l.action(forKey: "opacity") as? Named)?.name == "default")
        l.style = ["actions": ["opacity": Named("style")]]
        #expect((l.action(forKey: "opacity") as? Named)?.name == "style")
        l.actions = ["opacity": Named("actions")]
        #expect((l.action(forKey: "opacity") as? Named)?.name == "actions")
        let d = Delegate()
        d.answer = Named("delegate")
        l.delegate = d
        #expect((l.action(forKey: "opacity") as? Named)?.name == "delegate")
        d.answer = nil // nil continues the search
        #expect((l.action(forKey: "opacity") as? Named)?.name == "actions")
    }

    @Test func nsNullEndsTheSearch() {
        let l = WithDefault()
        l.actions = ["position": NSNull()]
        #expect(l.action(forKey: "position") == nil)
        l.actions = nil
        l.style = ["actions": ["position": NSNull()]]
        #expect(l.action(forKey: "position") == nil)
        let d = Delegate()
        d.answer = NSNull()
        l.delegate = d
        #expect(l.action(forKey: "bounds") == nil)
        // Without NSNull, step 5 (Core Animation's implicit action) answers for animatable keys.
        #expect(CALayer().action(forKey: "bounds") is CABasicAnimation)
        #expect(CALayer().action(forKey: "name") == nil)
        NSNull().run(forKey: "x", object: l, arguments: nil) // does nothing
    }
}
