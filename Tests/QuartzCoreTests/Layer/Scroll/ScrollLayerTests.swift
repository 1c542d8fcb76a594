import Testing
import Foundation
@testable import QuartzCore

/// CAScrollLayer's `scroll(to:)` (point and rectangle) under each `scrollMode`, and CALayer's
/// `scroll(_:)`, `scrollRectToVisible(_:)` and `visibleRect` through an ancestor scroll layer
/// (https://developer.apple.com/documentation/quartzcore/cascrolllayer,
/// https://developer.apple.com/documentation/quartzcore/calayer/visiblerect).
@Suite("CAScrollLayer and CALayer scrolling")
struct ScrollLayerTests {
    /// A 100 × 100 scroll layer holding a 1000 × 1000 content layer at (10, 20).
    func scene() -> (scroller: CAScrollLayer, content: CALayer) {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let content = layer(10, 20, 1000, 1000)
        scroller.addSublayer(content)
        return (scroller, content)
    }

    @Test func scrollModeDefaultsToBothAndReadsThroughKVC() {
        let s = CAScrollLayer()
        #expect(s.scrollMode == .both)
        #expect(s.value(forKey: "scrollMode") as? String == "both")
        s.setValue("horizontally", forKey: "scrollMode")
        #expect(s.scrollMode == .horizontally)
        #expect(CAScrollLayer.defaultValue(forKey: "scrollMode") as? String == "both")
    }

    @Test(arguments: [(CAScrollLayerScrollMode.both, CGPoint(x: 30, y: 40)),
                      (.horizontally, CGPoint(x: 30, y: 0)),
                      (.vertically, CGPoint(x: 0, y: 40)),
                      (.none, CGPoint(x: 0, y: 0))])
    func scrollToPointMovesTheOriginAlongTheAllowedAxes(_ mode: CAScrollLayerScrollMode, _ origin: CGPoint) {
        let (s, _) = scene()
        s.scrollMode = mode
        s.scroll(to: CGPoint(x: 30, y: 40))
        #expect(s.bounds == CGRect(origin: origin, size: CGSize(width: 100, height: 100)))
        #expect(s.position == CGPoint(x: 50, y: 50))      // the frame stays put
    }

    @Test func scrollToRectMovesTheLeastDistance() {
        let (s, _) = scene()
        s.scroll(to: CGRect(x: 150, y: 20, width: 30, height: 30))   // right of the window: its maxX at the edge
        #expect(s.bounds.origin == CGPoint(x: 80, y: 0))
        s.scroll(to: CGRect(x: 90, y: 10, width: 20, height: 20))    // already visible: no move
        #expect(s.bounds.origin == CGPoint(x: 80, y: 0))
        s.scroll(to: CGRect(x: -30, y: -10, width: 10, height: 10))  // above and left: its min corner at the origin
        #expect(s.bounds.origin == CGPoint(x: -30, y: -10))
        s.scroll(to: CGRect(x: 5, y: 500, width: 300, height: 50))   // wider than the window: its minX shown
        #expect(s.bounds.origin == CGPoint(x: 5, y: 450))
        s.scrollMode = .vertically
        s.scroll(to: CGRect(x: 1000, y: 0, width: 10, height: 10))
        #expect(s.bounds.origin == CGPoint(x: 5, y: 0))
    }

    @Test func layerScrollPutsItsPointAtTheScrollLayersOrigin() {
        let (s, content) = scene()
        content.scroll(CGPoint(x: 200, y: 300))
        #expect(s.bounds.origin == CGPoint(x: 210, y: 320))
        #expect(content.visibleRect == CGRect(x: 200, y: 300, width: 100, height: 100))
    }

    @Test func nestedLayersFindTheirClosestAncestorScrollLayer() {
        let (s, content) = scene()
        let inner = layer(100, 100, 50, 50)
        content.addSublayer(inner)
        inner.scrollRectToVisible(CGRect(x: 400, y: 400, width: 50, height: 50))
        // (400, 400) in inner is (510, 520) in the scroller; the window's maxX/maxY meet it.
        #expect(s.bounds.origin == CGPoint(x: 460, y: 470))
        #expect(content.visibleRect == CGRect(x: 450, y: 450, width: 100, height: 100))
        #expect(inner.visibleRect == .zero)   // the window (350…450 in inner) misses its 50 × 50 bounds
        #expect(s.visibleRect == s.bounds)   // no scroll layer above it
    }

    @Test func visibleRectIsCutByTheScrollLayersWindow() {
        let (s, content) = scene()
        s.scroll(to: CGPoint(x: -50, y: 0))
        // The window (-50, 0, 100, 100) is (-60, -20, 100, 100) in content; content starts at 0.
        #expect(content.visibleRect == CGRect(x: 0, y: 0, width: 40, height: 80))
        s.scroll(to: CGPoint(x: 5000, y: 0))
        #expect(content.visibleRect == .zero)
    }

    @Test func withoutAScrollLayerNothingScrolls() {
        let parent = layer(0, 0, 100, 100), child = layer(0, 0, 500, 500)
        parent.addSublayer(child)
        child.scroll(CGPoint(x: 50, y: 50))
        child.scrollRectToVisible(CGRect(x: 400, y: 400, width: 10, height: 10))
        #expect(parent.bounds.origin == .zero && child.bounds.origin == .zero)
        #expect(child.visibleRect == child.bounds)
    }

    @Test func nonFiniteScrollsAreIgnoredAndReported() {
        let (s, _) = scene()
        let kinds = reportedKinds {
            s.scroll(to: CGPoint(x: CGFloat.nan, y: 0))
            s.scroll(to: CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1))
        }
        #expect(s.bounds.origin == .zero)
        #expect(kinds == [.nonFiniteValue, .nonFiniteValue])
    }
}
