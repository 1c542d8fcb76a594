import Testing
import CoreGraphics
@testable import QuartzCore

/// The Apple pattern, with `@NSManaged var progress: CGFloat` replaced by `@LayerProperty`.
final class PieLayer: CALayer {
    @LayerProperty("progress") var progress: CGFloat = 0
    @LayerProperty("tint") var tint: CGColor? = nil
    @LayerProperty("center") var center = CGPoint(x: 1, y: 1)

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }
}

// The @NSManaged replacement for custom animatable properties (see LayerProperty.swift).
@Suite("@LayerProperty")
struct LayerPropertyTests {
    @Test func storesInTheKeyValueContainer() {
        let p = PieLayer()
        #expect(p.progress == 0 && p.tint == nil && p.center == CGPoint(x: 1, y: 1))
        // Unset keys read back the initial value, as an unset @NSManaged scalar reads zero.
        #expect((p.value(forKey: "progress") as? NSNumber)?.doubleValue == 0)
        #expect((p.value(forKey: "center") as? NSValue)?.pointValue == CGPoint(x: 1, y: 1))
        p.progress = 0.25
        #expect(p.progress == 0.25)
        #expect(p.value(forKey: "progress") as? Double == 0.25)
        #expect(p.changes.customKeys.contains("progress"))
        #expect(p.needsDisplay())
    }

    @Test func kvcWritesInAnyFormReadBackTyped() {
        let p = PieLayer()
        p.setValue(NSNumber(value: 0.75), forKey: "progress")
        #expect(p.progress == 0.75)
        p.setValue(Float(0.5), forKey: "progress")
        #expect(p.progress == 0.5)
        p.setValue(NSValue(point: CGPoint(x: 3, y: 4)), forKey: "center")
        #expect(p.center == CGPoint(x: 3, y: 4))
        p.tint = CGColor.white
        #expect(p.tint === CGColor.white)
        p.tint = nil
        #expect(p.tint == nil)
    }

    @Test func presentationCopiesCarryTheValue() {
        let p = PieLayer()
        p.progress = 0.4
        let copy = PieLayer(layer: p)
        #expect(copy.progress == 0.4)
    }
}
