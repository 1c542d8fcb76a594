import Testing
import CoreGraphics
@testable import QuartzCore

// The property table: one row per base property, indexed by PropertyID.
@Suite("Property table")
struct PropertyTableTests {
    @Test func idsIndexTheTableAndKeysAreUnique() {
        let all = PropertyTable.layer.all
        #expect(all.count == 59)   // 51 base properties + 8 CAMediaTiming fields
        for (i, d) in PropertyTable.layer.descriptors.enumerated() {
            #expect(d?.id.rawValue == UInt8(i), "row \(i)")
        }
        #expect(Set(all.map(\.key)).count == all.count)
        #expect(all.allSatisfy { $0.id.rawValue < 64 }) // CALayer's range
        #expect(PropertyTable.layer["position"]?.id == .position)
        #expect(PropertyTable.layer["isHidden"]?.id == .hidden) // getter-name alias
        #expect(PropertyTable.layer["nope"] == nil)
    }

    @Test func animatableFlagsFollowApplesList() {
        // "Animatable Properties", Core Animation Programming Guide.
        let animatable = Set(PropertyTable.layer.all.filter { $0.flags.contains(.animatable) }.map(\.key))
        #expect(animatable == ["anchorPoint", "anchorPointZ", "backgroundColor", "backgroundFilters", "borderColor",
                               "borderWidth", "bounds", "compositingFilter", "contents", "contentsRect", "contentsCenter",
                               "cornerRadius", "doubleSided", "filters", "hidden", "mask", "masksToBounds", "opacity",
                               "position", "shadowColor", "shadowOffset", "shadowOpacity", "shadowPath", "shadowRadius",
                               "sublayers", "sublayerTransform", "transform", "zPosition"])
        #expect(PropertyTable.layer["frame"]?.flags.contains(.derived) == true)
        #expect(PropertyTable.layer["transform"]?.interpolation == .transform)
        #expect(PropertyTable.layer["backgroundColor"]?.interpolation == .color)
        #expect(PropertyTable.layer["position"]?.type == .point)
    }

    @Test func propertySetNeverLosesBits() {
        var s = PropertySet()
        #expect(s.isEmpty)
        for raw: UInt8 in [0, 1, 63, 64, 127, 128, 200, 255] { s.insert(PropertyID(raw)) }
        #expect(Array(s).map(\.rawValue) == [0, 1, 63, 64, 127, 128, 200, 255])
        #expect(s.contains(PropertyID(200)) && !s.contains(PropertyID(201)))
        var t = PropertySet([.opacity])
        t.formUnion(s)
        #expect(t.contains(.opacity) && t.contains(PropertyID(255)))
    }
}

@Suite("Change funnel and identity")
struct ChangeFunnelTests {
    @Test func settersRecordDirtyProperties() {
        let l = CALayer()
        #expect(l.changes.isEmpty)
        l.position = CGPoint(x: 1, y: 1)
        l.opacity = 0.5
        l.setValue(3, forKeyPath: "bounds.size.width")
        #expect(Array(l.changes.properties) == [.bounds, .position, .opacity])
        l.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let taken = l.takeChanges()
        #expect(taken.properties.contains(.position) && taken.properties.contains(.bounds))
        #expect(!taken.properties.contains(.frame)) // derived: its parts are recorded
        #expect(l.changes.isEmpty)
    }

    @Test func layerIDsAreUnique() {
        let ids = (0..<100).map { _ in CALayer().layerID }
        #expect(Set(ids).count == 100)
        let a = CALayer()
        #expect(CALayer(layer: a).layerID != a.layerID)
    }

    @Test func initLayerCopiesValuesNotTree() {
        let a = CALayer()
        a.position = CGPoint(x: 5, y: 6)
        a.backgroundColor = CGColor.white
        a.setValue(2, forKey: "custom")
        a.addSublayer(CALayer())
        a.mask = CALayer()
        let copy = CALayer(layer: a)
        #expect(copy.position == CGPoint(x: 5, y: 6) && copy.backgroundColor === CGColor.white)
        #expect((copy.value(forKey: "custom") as? NSNumber)?.intValue == 2)
        #expect(copy.sublayers == nil && copy.mask == nil && copy.superlayer == nil)
        // The copy is independent.
        copy.position = .zero
        #expect(a.position == CGPoint(x: 5, y: 6))
        let kinds = reportedKinds { _ = CALayer(layer: "not a layer") }
        #expect(kinds == [.invalidValue])
    }

    @Test func subclassInitLayerKeepsTheClass() {
        final class Sub: CALayer {
            var extra = 0
            override init() { super.init() }
            required init(layer: Any) {
                super.init(layer: layer)
                extra = (layer as? Sub)?.extra ?? 0
            }
            required init?(coder: NSCoder) { nil }
        }
        let s = Sub()
        s.extra = 7
        let made = type(of: s as CALayer).init(layer: s)
        #expect((made as? Sub)?.extra == 7)
    }

    @Test func defaultValueOverridesSetInitialValues() {
        // Listing C-1 of the KVC extensions: a subclass default for masksToBounds.
        final class Clipping: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                switch key {
                case "masksToBounds": return NSNumber(value: true)
                case "cornerRadius": return 4
                case "level": return 3
                default: return super.defaultValue(forKey: key)
                }
            }
        }
        let c = Clipping()
        #expect(c.masksToBounds && c.cornerRadius == 4)
        #expect((c.value(forKey: "level") as? NSNumber)?.intValue == 3)
        #expect(!CALayer().masksToBounds)
        #expect(c.opacity == 1)
    }

    @Test func needsDisplayForKeyMarksTheLayer() {
        final class Drawn: CALayer {
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "cornerRadius" || key == "progress" || super.needsDisplay(forKey: key)
            }
        }
        #expect(!CALayer.needsDisplay(forKey: "position"))
        let d = Drawn()
        d.position = CGPoint(x: 1, y: 1)
        #expect(!d.needsDisplay())
        d.cornerRadius = 3
        #expect(d.needsDisplay())
        d.displayIfNeeded()
        #expect(!d.needsDisplay())
        d.setValue(0.5, forKey: "progress")
        #expect(d.needsDisplay())
    }
}
