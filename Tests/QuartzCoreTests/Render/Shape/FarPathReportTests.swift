import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// A path past ±2²² points cannot be drawn (the rasteriser's fixed point ends there): it is
/// reported however it reaches a layer — `CAShapeLayer.path`, `shadowPath`, or the values of an
/// animation added to the layer — and draws nothing, never a wrapped-around shape.
@Suite("Far paths reported from every source", .serialized)
struct FarPathReportTests {
    /// A triangle with a vertex at x = `far`.
    static func triangle(_ far: CGFloat) -> CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 10, y: 10)); p.addLine(to: CGPoint(x: far, y: 50)); p.addLine(to: CGPoint(x: 10, y: 90))
        p.closeSubpath()
        return p
    }

    @Test func aFarShadowPathIsReportedAndCastsNothing() throws {
        let root = makeRoot(100, 100)
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.shadowOpacity = 1
        l.shadowRadius = 0
        let reported = diagnostics { l.shadowPath = Self.triangle(1e300) }.reported
        #expect(reported.map(\.key) == ["shadowPath"], "\(reported)")
        root.addSublayer(l)
        let f = try LayerGolden.frame(root, 100, 100)
        #expect(f.count { $0.a > 0 } == 0)
        // A path within the limit is not reported.
        #expect(diagnostics { l.shadowPath = Self.triangle(90) }.reported.isEmpty)
    }

    @Test(arguments: ["basic", "keyframe", "group"])
    func aFarPathInAnAnimationIsReportedWhenAdded(kind: String) throws {
        let l = CAShapeLayer()
        l.path = Self.triangle(90)
        let near = Self.triangle(80), far = Self.triangle(-1e7)
        let anim: CAAnimation
        switch kind {
        case "basic":
            let b = CABasicAnimation(keyPath: "path"); b.fromValue = near; b.toValue = far; anim = b
        case "keyframe":
            let k = CAKeyframeAnimation(keyPath: "path"); k.values = [near, far, near]; anim = k
        default:
            let b = CABasicAnimation(keyPath: "shadowPath"); b.toValue = far
            let g = CAAnimationGroup(); g.animations = [b]; anim = g
        }
        let reported = diagnostics { l.add(anim, forKey: "morph") }.reported
        #expect(reported.count == 1 && reported.first?.kind == .invalidValue, "\(reported)")
        #expect(reported.first?.key == (kind == "group" ? "shadowPath" : "path"))
        // Near values only: nothing reported.
        let ok = CABasicAnimation(keyPath: "path"); ok.toValue = near
        #expect(diagnostics { l.add(ok, forKey: "ok") }.reported.isEmpty)
    }
}
