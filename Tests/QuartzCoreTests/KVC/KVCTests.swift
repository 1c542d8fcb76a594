import Testing
import CoreGraphics
@testable import QuartzCore

// Key-value coding of layers: every property by key, in every accepted form, and custom keys
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
@Suite("CALayer key-value coding")
struct KVCTests {
    final class Delegate: CALayerDelegate {}

    /// One sample value per property key, set by KVC and read back through the Swift property.
    @Test func everyPropertyRoundTripsByKey() throws {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        let sub = CALayer(), maskLayer = CALayer(), delegate = Delegate()
        let rot = CATransform3DMakeRotation(0.5, 0, 0, 1)
        let samples: [(String, Any, (CALayer) -> Bool)] = [
            ("bounds", NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4)), { $0.bounds == CGRect(x: 1, y: 2, width: 3, height: 4) }),
            ("position", NSValue(point: CGPoint(x: 5, y: 6)), { $0.position == CGPoint(x: 5, y: 6) }),
            ("zPosition", 7, { $0.zPosition == 7 }),
            ("anchorPoint", CGPoint(x: 0, y: 1), { $0.anchorPoint == CGPoint(x: 0, y: 1) }),
            ("anchorPointZ", Float(2), { $0.anchorPointZ == 2 }),
            ("transform", NSValue(caTransform3D: rot), { $0.transform == rot }),
            ("sublayerTransform", CGAffineTransform(scaleX: 2, y: 3), { $0.sublayerTransform == CATransform3DMakeScale(2, 3, 1) }),
            ("geometryFlipped", true, { $0.isGeometryFlipped }),
            ("autoresizingMask", 18, { $0.autoresizingMask == [.layerWidthSizable, .layerHeightSizable] }),
            ("hidden", NSNumber(value: true), { $0.isHidden }),
            ("doubleSided", false, { !$0.isDoubleSided }),
            ("opacity", 0.5, { $0.opacity == 0.5 }),
            ("opaque", 1, { $0.isOpaque }),
            ("allowsGroupOpacity", false, { !$0.allowsGroupOpacity }),
            ("allowsEdgeAntialiasing", true, { $0.allowsEdgeAntialiasing }),
            ("edgeAntialiasingMask", CAEdgeAntialiasingMask.layerTopEdge, { $0.edgeAntialiasingMask == .layerTopEdge }),
            ("masksToBounds", true, { $0.masksToBounds }),
            ("shouldRasterize", true, { $0.shouldRasterize }),
            ("rasterizationScale", CGFloat(2), { $0.rasterizationScale == 2 }),
            ("drawsAsynchronously", true, { $0.drawsAsynchronously }),
            ("filters", ["blur"], { ($0.filters as? [String]) == ["blur"] }),
            ("compositingFilter", "multiplyBlendMode", { ($0.compositingFilter as? String) == "multiplyBlendMode" }),
            ("backgroundFilters", [1, 2], { ($0.backgroundFilters as? [Int]) == [1, 2] }),
            ("contents", "not an image", { ($0.contents as? String) == "not an image" }),
            ("contentsRect", CGRect(x: 0, y: 0, width: 0.5, height: 0.5), { $0.contentsRect.width == 0.5 }),
            ("contentsCenter", NSValue(rect: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), { $0.contentsCenter.minX == 0.25 }),
            ("contentsGravity", "resizeAspect", { $0.contentsGravity == .resizeAspect }),
            ("contentsScale", NSNumber(value: 3), { $0.contentsScale == 3 }),
            ("contentsFormat", CALayerContentsFormat.RGBA16Float, { $0.contentsFormat == .RGBA16Float }),
            ("minificationFilter", NSString(string: "trilinear"), { $0.minificationFilter == .trilinear }),
            ("magnificationFilter", "nearest", { $0.magnificationFilter == .nearest }),
            ("minificationFilterBias", -0.5, { $0.minificationFilterBias == -0.5 }),
            ("needsDisplayOnBoundsChange", true, { $0.needsDisplayOnBoundsChange }),
            ("backgroundColor", red, { $0.backgroundColor == red }),
            ("borderColor", red, { $0.borderColor == red }),
            ("borderWidth", 2, { $0.borderWidth == 2 }),
            ("cornerRadius", 12.5, { $0.cornerRadius == 12.5 }),
            ("maskedCorners", UInt(3), { $0.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner] }),
            ("cornerCurve", "continuous", { $0.cornerCurve == .continuous }),
            ("shadowColor", red, { $0.shadowColor == red }),
            ("shadowOpacity", NSNumber(value: Float(0.75)), { $0.shadowOpacity == 0.75 }),
            ("shadowOffset", NSValue(size: CGSize(width: 2, height: 5)), { $0.shadowOffset == CGSize(width: 2, height: 5) }),
            ("shadowRadius", 8, { $0.shadowRadius == 8 }),
            ("shadowPath", path, { $0.shadowPath == path && $0.shadowPath !== path }),
            ("name", "card", { $0.name == "card" }),
            ("style", ["opacity": 0.5] as [String: Any], { ($0.style?["opacity"] as? Double) == 0.5 }),
            ("actions", ["position": NSNull()] as [String: Any], { $0.actions?["position"] is NSNull }),
            ("frame", CGRect(x: 10, y: 10, width: 20, height: 20), { $0.frame == CGRect(x: 10, y: 10, width: 20, height: 20) }),
            ("sublayers", [sub], { $0.sublayers?.first === sub }),
            ("mask", maskLayer, { $0.mask === maskLayer }),
            ("delegate", delegate, { $0.delegate === delegate }),
            // CAMediaTiming (https://developer.apple.com/documentation/quartzcore/camediatiming)
            ("beginTime", 1.5, { $0.beginTime == 1.5 }),
            ("duration", NSNumber(value: 2), { $0.duration == 2 }),
            ("speed", Float(0.5), { $0.speed == 0.5 }),
            ("timeOffset", 3, { $0.timeOffset == 3 }),
            ("repeatCount", Float.infinity, { $0.repeatCount == .infinity }),
            ("repeatDuration", 4.0, { $0.repeatDuration == 4 }),
            ("autoreverses", true, { $0.autoreverses }),
            ("fillMode", "both", { $0.fillMode == .both }),
        ]
        let keys = Set(samples.map(\.0))
        for d in PropertyTable.layer.all { #expect(keys.contains(d.key), "no sample for \(d.key)") }
        for (key, value, check) in samples {
            let l = CALayer()
            let reported = diagnostics { l.setValue(value, forKey: key) }.reported
            #expect(reported.isEmpty, "\(key): \(reported)")
            #expect(check(l), "\(key)")
            #expect(l.value(forKey: key) != nil, "\(key) reads back")
        }
    }

    @Test func valuesReadBackInApplesBoxedForms() {
        let l = CALayer()
        l.position = CGPoint(x: 3, y: 4)
        l.opacity = 0.5
        l.isHidden = true
        l.contentsGravity = .topLeft
        l.maskedCorners = .layerMaxXMaxYCorner
        #expect((l.value(forKey: "position") as? NSValue)?.pointValue == CGPoint(x: 3, y: 4))
        #expect(l.value(forKey: "opacity") as? Float == 0.5) // NSNumber → Float works on Linux
        #expect(l.value(forKey: "opacity") as? Double == 0.5)
        #expect(l.value(forKey: "hidden") as? Bool == true)
        #expect(l.value(forKey: "isHidden") as? Bool == true) // the getter's name works too
        #expect(l.value(forKey: "contentsGravity") as? String == "topLeft")
        #expect((l.value(forKey: "maskedCorners") as? NSNumber)?.intValue == 8)
        #expect(l.value(forKey: "backgroundColor") == nil)
        #expect((l.value(forKey: "bounds") as? NSValue)?.rectValue == .zero)
    }

    @Test func wrongTypesAreIgnoredAndReported() {
        let l = CALayer()
        let (_, reported) = diagnostics {
            l.setValue("big", forKey: "opacity")
            l.setValue(CGSize(width: 1, height: 1), forKey: "position")
            l.setValue(nil, forKey: "bounds")
            l.setValue(NSNull(), forKey: "zPosition")
            l.setValue(3, forKey: "backgroundColor")
            l.setValue(-1, forKey: "maskedCorners")
            l.setValue([1, "x"] as [Any], forKey: "sublayers")
            l.setValue(["a": 1], forKey: "actions")
            l.setValue(CALayer(), forKey: "superlayer")
        }
        #expect(reported.map(\.kind) == [.invalidValue, .invalidValue, .invalidValue, .invalidValue, .invalidValue,
                                         .invalidValue, .invalidValue, .invalidValue, .invalidKeyPath])
        #expect(reported[0].message.contains("'opacity'") && reported[0].message.contains("String"))
        #expect(reported[0].key == "opacity")
        #expect(l.opacity == 1 && l.position == .zero && l.backgroundColor == nil)
        #expect(l.maskedCorners.rawValue == 15 && l.sublayers == nil && l.actions == nil)
    }

    @Test func nilClearsOptionalProperties() {
        let l = CALayer()
        l.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        l.name = "x"
        l.setValue(nil, forKey: "backgroundColor")
        l.setValue(NSNull(), forKey: "name")
        l.setValue(nil, forKey: "borderColor")
        #expect(l.backgroundColor == nil && l.name == nil && l.borderColor == nil)
    }

    @Test func customKeysAreAContainer() {
        let l = CALayer()
        #expect(l.value(forKey: "someKey") == nil)
        l.setValue(50, forKey: "someKey")
        #expect((l.value(forKey: "someKey") as? NSNumber)?.intValue == 50)
        l.setValue(CGFloat(1.5), forKey: "progress")
        #expect(l.value(forKey: "progress") as? Double == 1.5) // boxed as NSNumber
        l.setValue(CGPoint(x: 1, y: 2), forKey: "target")
        #expect((l.value(forKey: "target") as? NSValue)?.pointValue == CGPoint(x: 1, y: 2))
        let c = CGColor.white
        l.setValue(c, forKey: "tint")
        #expect(l.value(forKey: "tint") as? CGColor === c)
        l.setValue(nil, forKey: "someKey")
        #expect(l.value(forKey: "someKey") == nil)
        #expect(l.changes.customKeys == ["someKey", "progress", "target", "tint"])
        l.setValuesForKeys(["a": 1, "opacity": 0.5])
        #expect(l.opacity == 0.5 && l.value(forKey: "a") != nil)
    }

    @Test func superlayerReadsThroughKVC() {
        let p = CALayer(), c = CALayer()
        p.addSublayer(c)
        #expect(c.value(forKey: "superlayer") as? CALayer === p)
    }

    @Test func setValueGoesThroughOverriddenSetters() {
        final class Recording: CALayer {
            var seen: [CGPoint] = []
            override var position: CGPoint {
                get { super.position }
                set { seen.append(newValue); super.position = newValue }
            }
        }
        let l = Recording()
        l.setValue(NSValue(point: CGPoint(x: 1, y: 1)), forKey: "position")
        l.setValue(9, forKeyPath: "position.y")
        #expect(l.seen == [CGPoint(x: 1, y: 1), CGPoint(x: 1, y: 9)])
    }
}
