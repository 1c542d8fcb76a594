import Testing
import CoreGraphics
@testable import QuartzCore

// Every form Apple code passes for a value, per the "Wrapping Conventions" of Core Animation's
// KVC extensions (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreAnimation_guide/Key-ValueCodingExtensions/Key-ValueCodingExtensions.html).
// On Linux `NSNumber as? CGFloat` and `NSValue as? CGPoint` are nil, so each form is tested.
@Suite("Value normaliser")
struct ValueNormalizerTests {
    @Test func numbersFromEveryNumericForm() {
        let forms: [Any] = [CGFloat(2.5), 2.5, Float(2.5), NSNumber(value: 2.5), NSNumber(value: Float(2.5))]
        for f in forms { #expect(ValueNormalizer.cgFloat(f) == 2.5, "\(type(of: f))") }
        let ints: [Any] = [3, Int8(3), Int16(3), Int32(3), Int64(3), UInt(3), UInt8(3), UInt16(3), UInt32(3),
                           UInt64(3), NSNumber(value: 3)]
        for f in ints { #expect(ValueNormalizer.cgFloat(f) == 3, "\(type(of: f))") }
        #expect(ValueNormalizer.cgFloat(true) == 1 && ValueNormalizer.cgFloat(false) == 0)
        #expect(ValueNormalizer.float(Double(0.25)) == Float(0.25))
        #expect(ValueNormalizer.cgFloat(Optional<Double>.some(4)) == 4)
        #expect(ValueNormalizer.cgFloat("2.5") == nil)
        #expect(ValueNormalizer.cgFloat(CGPoint.zero) == nil)
        #expect(ValueNormalizer.cgFloat(nil) == nil)
        #expect(ValueNormalizer.cgFloat(NSNull()) == nil)
    }

    @Test func booleans() {
        #expect(ValueNormalizer.bool(true) == true)
        #expect(ValueNormalizer.bool(NSNumber(value: true)) == true)
        #expect(ValueNormalizer.bool(NSNumber(value: 0)) == false)
        #expect(ValueNormalizer.bool(1) == true && ValueNormalizer.bool(0.0) == false)
        #expect(ValueNormalizer.bool("yes") == nil)
    }

    @Test func structsFromThemselvesAndNSValue() {
        let p = CGPoint(x: 1, y: 2), s = CGSize(width: 3, height: 4)
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(ValueNormalizer.point(p) == p && ValueNormalizer.point(NSValue(point: p)) == p)
        #expect(ValueNormalizer.size(s) == s && ValueNormalizer.size(NSValue(size: s)) == s)
        #expect(ValueNormalizer.rect(r) == r && ValueNormalizer.rect(NSValue(rect: r)) == r)
        // An NSValue of another struct, or a number, is not accepted.
        #expect(ValueNormalizer.point(NSValue(size: s)) == nil)
        #expect(ValueNormalizer.size(NSValue(rect: r)) == nil)
        #expect(ValueNormalizer.rect(NSValue(point: p)) == nil)
        #expect(ValueNormalizer.point(NSNumber(value: 1)) == nil)
        #expect(ValueNormalizer.point(s) == nil)
        // The iOS spellings make the same values.
        #expect(ValueNormalizer.point(NSValue(cgPoint: p)) == p && NSValue(point: p).cgPointValue == p)
        #expect(ValueNormalizer.size(NSValue(cgSize: s)) == s && NSValue(size: s).cgSizeValue == s)
        #expect(ValueNormalizer.rect(NSValue(cgRect: r)) == r && NSValue(rect: r).cgRectValue == r)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: a).cgAffineTransformValue == a)
        #expect(NSValue(cgPoint: p).cgAffineTransformValue == .identity)
    }

    @Test func transforms() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        #expect(ValueNormalizer.transform(t) == t)
        #expect(ValueNormalizer.transform(NSValue(caTransform3D: t)) == t)
        let a = CGAffineTransform(translationX: 5, y: 6)
        #expect(ValueNormalizer.transform(a) == CATransform3DMakeTranslation(5, 6, 0))
        #expect(ValueNormalizer.transform(NSValue(cgAffineTransform: a)) == CATransform3DMakeTranslation(5, 6, 0))
        #expect(ValueNormalizer.transform(NSValue(point: .zero)) == nil)
        #expect(ValueNormalizer.transform(NSNumber(value: 1)) == nil)
    }

    @Test func objects() throws {
        let c = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        #expect(ValueNormalizer.color(c) === c)
        #expect(ValueNormalizer.color(Optional(c)) === c)
        #expect(ValueNormalizer.color("red") == nil)
        let m = CGMutablePath()
        m.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        let stored = try #require(ValueNormalizer.path(m))
        #expect(stored !== m && !(stored is CGMutablePath) && stored == m) // mutable paths are copied
        let fixed = try #require(m.copy())
        #expect(ValueNormalizer.path(fixed) === fixed)
        #expect(ValueNormalizer.string("a") == "a" && ValueNormalizer.string(NSString(string: "b")) == "b")
        #expect(ValueNormalizer.string(Substring("c")) == "c" && ValueNormalizer.string(1) == nil)
        #expect(ValueNormalizer.rawString("center", as: CALayerContentsGravity.self) == .center)
        #expect(ValueNormalizer.rawString(CALayerContentsGravity.top, as: CALayerContentsGravity.self) == .top)
        #expect(ValueNormalizer.mask(5) == 5 && ValueNormalizer.mask(-1) == nil && ValueNormalizer.mask(1.5) == nil)
    }

    @Test func unwrapSeesThroughOptionalsAndNSNull() {
        let nested: Any = Optional<Optional<Int>>.some(.some(3)) as Any
        #expect(ValueNormalizer.unwrap(nested) as? Int == 3)
        let none: Any = Optional<Int>.none as Any
        #expect(ValueNormalizer.unwrap(none) == nil)
        #expect(ValueNormalizer.unwrap(NSNull()) == nil)
    }

    @Test func boxingAsApple() {
        #expect((ValueNormalizer.boxed(CGFloat(1.5)) as? NSNumber)?.doubleValue == 1.5)
        #expect((ValueNormalizer.boxed(7) as? NSNumber)?.intValue == 7)
        #expect((ValueNormalizer.boxed(true) as? NSNumber)?.boolValue == true)
        #expect((ValueNormalizer.boxed(CGPoint(x: 1, y: 2)) as? NSValue)?.pointValue == CGPoint(x: 1, y: 2))
        #expect((ValueNormalizer.boxed(CATransform3DIdentity) as? NSValue)?.caTransform3DValue == CATransform3DIdentity)
        #expect(ValueNormalizer.boxed("s") as? String == "s")
        #expect(ValueNormalizer.boxed(nil) == nil)
    }

    @Test func convertBackToSwiftTypes() {
        #expect(ValueNormalizer.convert(NSNumber(value: 2.5), to: CGFloat.self) == 2.5)
        #expect(ValueNormalizer.convert(NSNumber(value: 2), to: Int.self) == 2)
        #expect(ValueNormalizer.convert(NSNumber(value: 2.5), to: Int.self) == nil)
        #expect(ValueNormalizer.convert(NSValue(point: CGPoint(x: 1, y: 1)), to: CGPoint.self) == CGPoint(x: 1, y: 1))
        #expect(ValueNormalizer.convert("x", to: CGFloat.self) == nil)
    }
}
