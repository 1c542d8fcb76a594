import Testing
import CoreGraphics
@testable import QuartzCore

/// How a subclass in this module (CAShapeLayer and friends, later) adds typed properties: its own
/// state struct, IDs in its own range, and a table that extends CALayer's.
final class StrokeLayer: CALayer {
    struct StrokeState { var lineWidth: CGFloat = 1; var strokeColor: CGColor? = nil }
    var stroke = StrokeState()

    static let lineWidthID = PropertyID(64)
    static let strokeColorID = PropertyID(65)
    static let table = PropertyTable(extending: .layer, with: [
        PropertyDescriptor(lineWidthID, "lineWidth", .cgFloat, [.animatable, .needsDisplay], .linear,
                           layer: \StrokeLayer.lineWidth, state: nil, defaultValue: 1),
        PropertyDescriptor(strokeColorID, "strokeColor", ValueCodec.color.optional(), .animatable, .color,
                           layer: \StrokeLayer.strokeColor, state: nil),
    ])
    override class var propertyTable: PropertyTable { table }

    var lineWidth: CGFloat {
        get { stroke.lineWidth }
        set {
            guard newValue.isFinite else { return rejectNonFinite("lineWidth", newValue) }
            willChange(Self.lineWidthID); stroke.lineWidth = newValue; didChange(Self.lineWidthID)
        }
    }
    var strokeColor: CGColor? {
        get { stroke.strokeColor }
        set { willChange(Self.strokeColorID); stroke.strokeColor = newValue; didChange(Self.strokeColorID) }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        table[key]?.flags.contains(.needsDisplay) ?? super.needsDisplay(forKey: key)
    }

    override init() { super.init() }
    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? StrokeLayer { stroke = other.stroke }
    }
    required init?(coder: NSCoder) { nil }
}

@Suite("Subclass property registration")
struct SubclassRegistrationTests {
    @Test func subclassPropertiesWorkThroughTheTable() {
        let s = StrokeLayer()
        #expect(StrokeLayer.defaultValue(forKey: "lineWidth") as? Double == 1)
        #expect(StrokeLayer.defaultValue(forKey: "opacity") as? Float == 1) // inherited rows
        s.setValue(4, forKey: "lineWidth")
        s.setValue(CGColor.white, forKey: "strokeColor")
        #expect(s.lineWidth == 4 && s.strokeColor === CGColor.white)
        #expect(s.value(forKey: "lineWidth") as? Double == 4)
        #expect(s.changes.properties.contains(StrokeLayer.lineWidthID))
        #expect(s.needsDisplay()) // lineWidth is flagged needsDisplay for this class
        #expect(s.customValues.isEmpty) // typed storage, not the dictionary
        let kinds = reportedKinds { s.setValue("thick", forKey: "lineWidth") }
        #expect(kinds == [.invalidValue] && s.lineWidth == 4)
        // CALayer itself does not know the key: it is a custom key there.
        #expect(PropertyTable.layer["lineWidth"] == nil)
        // Presentation copies keep the subclass and its typed state.
        let copy = type(of: s as CALayer).init(layer: s)
        #expect((copy as? StrokeLayer)?.lineWidth == 4)
    }
}
