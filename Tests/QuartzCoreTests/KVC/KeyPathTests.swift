import Testing
import CoreGraphics
@testable import QuartzCore

// Struct key paths, per the tables of "Key Path Support for Structures"
// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
@Suite("CALayer key paths")
struct KeyPathTests {
    @Test func pointSizeAndRectFields() {
        let l = CALayer()
        l.setValue(10, forKeyPath: "position.x")
        l.setValue(Float(20), forKeyPath: "position.y")
        #expect(l.position == CGPoint(x: 10, y: 20))
        #expect(number(l.value(forKeyPath: "position.x")) == 10)
        l.setValue(100, forKeyPath: "bounds.size.width")
        l.setValue(NSNumber(value: 50), forKeyPath: "bounds.size.height")
        l.setValue(5, forKeyPath: "bounds.origin.x")
        l.setValue(6, forKeyPath: "bounds.origin.y")
        #expect(l.bounds == CGRect(x: 5, y: 6, width: 100, height: 50))
        #expect(number(l.value(forKeyPath: "bounds.size.width")) == 100)
        #expect(number(l.value(forKeyPath: "bounds.origin.y")) == 6)
        #expect((l.value(forKeyPath: "bounds.size") as? NSValue)?.sizeValue == CGSize(width: 100, height: 50))
        #expect((l.value(forKeyPath: "bounds.origin") as? NSValue)?.pointValue == CGPoint(x: 5, y: 6))
        l.setValue(NSValue(point: CGPoint(x: 1, y: 2)), forKeyPath: "bounds.origin")
        l.setValue(CGSize(width: 30, height: 40), forKeyPath: "bounds.size")
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        l.setValue(4, forKeyPath: "shadowOffset.width")
        l.setValue(-6, forKeyPath: "shadowOffset.height")
        #expect(l.shadowOffset == CGSize(width: 4, height: -6))
        #expect(number(l.value(forKeyPath: "shadowOffset.height")) == -6)
        l.setValue(0, forKeyPath: "anchorPoint.x")
        #expect(l.anchorPoint == CGPoint(x: 0, y: 0.5))
        l.setValue(0.5, forKeyPath: "contentsRect.size.width")
        #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        l.setValue(7, forKeyPath: "frame.origin.x")
        #expect(l.frame.minX == 7)
    }

    @Test func transformFieldsRead() {
        let l = CALayer()
        var t = CATransform3DMakeScale(2, 3, 4)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(0.5, 0, 0, 1))
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(10, 20, 30))
        l.transform = t
        #expect(close(number(l.value(forKeyPath: "transform.rotation.z"))!, 0.5))
        #expect(close(number(l.value(forKeyPath: "transform.rotation"))!, 0.5))
        #expect(close(number(l.value(forKeyPath: "transform.rotation.x"))!, 0))
        #expect(close(number(l.value(forKeyPath: "transform.scale.x"))!, 2))
        #expect(close(number(l.value(forKeyPath: "transform.scale.y"))!, 3))
        #expect(close(number(l.value(forKeyPath: "transform.scale.z"))!, 4))
        #expect(close(number(l.value(forKeyPath: "transform.scale"))!, 3)) // average of 2, 3, 4
        #expect(number(l.value(forKeyPath: "transform.translation.x")) == 10)
        #expect(number(l.value(forKeyPath: "transform.translation.z")) == 30)
        #expect((l.value(forKeyPath: "transform.translation") as? NSValue)?.sizeValue == CGSize(width: 10, height: 20))
    }

    @Test func settingRotationKeepsTheOtherComponents() {
        let l = CALayer()
        l.transform = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(5, 6, 0))
        l.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        let expected = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 2, 1),
                                                               CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                                           CATransform3DMakeTranslation(5, 6, 0))
        #expect(close(l.transform, expected, 1e-12))
        // Replacing (not adding to) the angle.
        l.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation")
        #expect(close(number(l.value(forKeyPath: "transform.rotation.z"))!, .pi / 4))
        #expect(close(number(l.value(forKeyPath: "transform.scale.x"))!, 2))
        // About y, keeping z.
        l.setValue(0.3, forKeyPath: "transform.rotation.y")
        #expect(close(number(l.value(forKeyPath: "transform.rotation.y"))!, 0.3))
        #expect(close(number(l.value(forKeyPath: "transform.rotation.z"))!, .pi / 4))
    }

    @Test func settingScaleAndTranslation() {
        let l = CALayer()
        l.setValue(2, forKeyPath: "transform.scale")
        #expect(close(l.transform, CATransform3DMakeScale(2, 2, 2)))
        l.setValue(3, forKeyPath: "transform.scale.x")
        #expect(close(l.transform, CATransform3DMakeScale(3, 2, 2)))
        l.setValue(10, forKeyPath: "transform.translation.x")
        l.setValue(-4, forKeyPath: "transform.translation.z")
        #expect(l.transform.m41 == 10 && l.transform.m43 == -4 && close(l.transform.m11, 3))
        l.setValue(CGSize(width: 1, height: 2), forKeyPath: "transform.translation")
        #expect(l.transform.m41 == 1 && l.transform.m42 == 2 && l.transform.m43 == -4)
        l.setValue(1, forKeyPath: "transform.scale")
        l.setValue(0, forKeyPath: "transform.translation.z")
        l.setValue(CGSize.zero, forKeyPath: "transform.translation")
        #expect(close(l.transform, CATransform3DIdentity))
    }

    @Test func sublayerTransformKeyPaths() {
        let l = CALayer()
        l.setValue(0.25, forKeyPath: "sublayerTransform.rotation.z")
        #expect(close(l.sublayerTransform, CATransform3DMakeRotation(0.25, 0, 0, 1), 1e-12))
        l.setValue(2, forKeyPath: "sublayerTransform.scale.y")
        #expect(close(number(l.value(forKeyPath: "sublayerTransform.scale.y"))!, 2))
        #expect(number(l.value(forKeyPath: "sublayerTransform.translation.y")) == 0)
    }

    @Test func aZeroScaleCanBeUndone() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(0, 0, 1)
        #expect(number(l.value(forKeyPath: "transform.scale.x")) == 1) // not decomposable: a pure translation
        l.setValue(1, forKeyPath: "transform.scale")
        #expect(l.transform == CATransform3DIdentity)
    }

    @Test func layerValuedKeysAreFollowed() {
        let l = CALayer(), m = CALayer()
        l.mask = m
        l.setValue(3, forKeyPath: "mask.position.x")
        l.setValue(0.5, forKeyPath: "mask.opacity")
        #expect(m.position.x == 3 && m.opacity == 0.5)
        #expect(number(l.value(forKeyPath: "mask.position.x")) == 3)
        let child = CALayer()
        l.addSublayer(child)
        #expect(number(child.value(forKeyPath: "superlayer.opacity")) == 1)
    }

    @Test func badPathsAreReported() {
        let l = CALayer()
        let (_, reported) = diagnostics {
            l.setValue(1, forKeyPath: "position.z")
            l.setValue(1, forKeyPath: "transform.skew")
            l.setValue("x", forKeyPath: "position.x")
            l.setValue(1, forKeyPath: "opacity.x")
            l.setValue(CGPoint.zero, forKeyPath: "transform.translation")
        }
        #expect(reported.map(\.kind) == [.invalidKeyPath, .invalidKeyPath, .invalidValue, .invalidKeyPath, .invalidValue])
        #expect(l.position == .zero && l.transform == CATransform3DIdentity)
        #expect(l.value(forKeyPath: "position.z") == nil)
        #expect(l.value(forKeyPath: "nothing.here") == nil)
    }

    @Test func customStructValuesHaveFieldsToo() {
        let l = CALayer()
        l.setValue(CGPoint(x: 1, y: 2), forKey: "target")
        l.setValue(5, forKeyPath: "target.y")
        #expect((l.value(forKey: "target") as? NSValue)?.pointValue == CGPoint(x: 1, y: 5))
        #expect(number(l.value(forKeyPath: "target.x")) == 1)
    }
}
