import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// CAShapeLayer's twelve properties: Apple's defaults, KVC under Apple's keys, which animate
/// (compiled through the table) and which animate implicitly
/// (https://developer.apple.com/documentation/quartzcore/cashapelayer).
@Suite("CAShapeLayer properties", .serialized)
struct ShapeLayerPropertyTests {
    @Test func defaultsAreApples() {
        let l = CAShapeLayer()
        #expect(l.path == nil)
        #expect(l.fillColor?.rgba.r == 0 && l.fillColor?.rgba.a == 1)
        #expect(l.strokeColor == nil)
        #expect(l.fillRule == .nonZero && l.fillRule.rawValue == "non-zero")
        #expect(l.lineCap == .butt && l.lineJoin == .miter)
        #expect(l.lineWidth == 1 && l.miterLimit == 10 && l.lineDashPhase == 0)
        #expect(l.lineDashPattern == nil)
        #expect(l.strokeStart == 0 && l.strokeEnd == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "lineWidth") as? NSNumber == 1)
        #expect(CAShapeLayer.defaultValue(forKey: "miterLimit") as? NSNumber == 10)
        #expect(CAShapeLayer.defaultValue(forKey: "lineCap") as? String == "butt")
        #expect(CAShapeLayerFillRule.evenOdd.rawValue == "even-odd")
    }

    @Test func kvcReadsAndWritesUnderApplesKeys() {
        let l = CAShapeLayer()
        l.setValue(NSNumber(value: 4.5), forKey: "lineWidth")
        l.setValue("round", forKey: "lineCap")
        l.setValue("bevel", forKey: "lineJoin")
        l.setValue("even-odd", forKey: "fillRule")
        l.setValue([2, 3.5], forKey: "lineDashPattern")
        l.setValue(0.25, forKey: "strokeEnd")
        #expect(l.lineWidth == 4.5 && l.lineCap == .round && l.lineJoin == .bevel && l.fillRule == .evenOdd)
        #expect(l.lineDashPattern?.map(\.doubleValue) == [2, 3.5])
        #expect(l.strokeEnd == 0.25)
        #expect((l.value(forKey: "lineDashPattern") as? [NSNumber])?.map(\.doubleValue) == [2, 3.5])
        #expect(l.value(forKey: "lineJoin") as? String == "bevel")
        l.setValue("not a number", forKey: "lineWidth")   // rejected, reported, unchanged
        #expect(l.lineWidth == 4.5)
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        l.setValue(rect, forKey: "path")
        #expect(l.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 5, height: 5))
    }

    @Test func theTableRowsAreAnimatableAsAppleDocuments() {
        let t = PropertyTable.shapeLayer
        #expect(CAShapeLayer.propertyTable === t)
        for key in ["path", "fillColor", "strokeColor", "lineWidth", "miterLimit", "lineDashPhase",
                    "strokeStart", "strokeEnd"] {
            #expect(t[key]?.flags.contains(.animatable) == true, "\(key)")
            #expect(t[key]?.slot != nil, "\(key) compiles to a typed animation")
        }
        for key in ["fillRule", "lineCap", "lineJoin", "lineDashPattern"] {
            #expect(t[key]?.flags.contains(.animatable) == false, "\(key)")
        }
        #expect(t["path"]?.interpolation == .path && t["strokeEnd"]?.interpolation == .linear)
        #expect(t["fillColor"]?.interpolation == .color)
    }

    @Test func pathHasNoImplicitAnimationButStrokeEndDoes() {
        let l = CAShapeLayer()
        #expect(l.action(forKey: "path") == nil)
        #expect(l.action(forKey: "strokeEnd") is CABasicAnimation)
        #expect(l.action(forKey: "fillColor") is CABasicAnimation)
        #expect(l.action(forKey: "lineCap") == nil)
    }

    @Test func pathAnimationBlendsPointsOrJumpsToADifferentShape() throws {
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.frame = root.bounds
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let b = CGPath(rect: CGRect(x: 40, y: 40, width: 40, height: 20), transform: nil)
        l.path = a
        root.addSublayer(l)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = r.frame(at: 0)
        let anim = CABasicAnimation(keyPath: "path")
        anim.fromValue = a; anim.toValue = b; anim.duration = 1
        r.host.withClock { l.add(anim, forKey: "p") }
        _ = r.frame(at: 0.5)
        let mid = r.host.withClock { l.presentation()?.path?.boundingBoxOfPath }
        #expect(mid == CGRect(x: 20, y: 20, width: 30, height: 20))
        let ellipse = CGPath(ellipseIn: CGRect(x: 50, y: 50, width: 10, height: 10), transform: nil)
        let jump = CABasicAnimation(keyPath: "path")
        jump.fromValue = a; jump.toValue = ellipse; jump.duration = 1
        r.host.withClock { l.add(jump, forKey: "p") }
        _ = r.frame(at: 0.75)
        let box = try #require(r.host.withClock { l.presentation()?.path?.boundingBoxOfPath })
        #expect(abs(box.minX - 50) < 1e-9 && abs(box.width - 10) < 1e-9)
    }

    @Test func nonFiniteNumbersAreIgnored() {
        let l = CAShapeLayer()
        l.lineWidth = .nan
        l.strokeEnd = .infinity
        #expect(l.lineWidth == 1 && l.strokeEnd == 1)
    }
}
