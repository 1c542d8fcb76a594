import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// CAReplicatorLayer's nine properties: Apple's defaults, KVC under Apple's keys, which animate,
/// and bad input clamped or ignored with a diagnostic
/// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer).
@Suite("CAReplicatorLayer properties")
struct ReplicatorLayerPropertyTests {
    @Test func defaultsAreApples() {
        let l = CAReplicatorLayer()
        #expect(l.instanceCount == 1 && !l.preservesDepth && l.instanceDelay == 0)
        #expect(CATransform3DIsIdentity(l.instanceTransform))
        let c = l.instanceColor?.rgba
        #expect(c?.r == 1 && c?.g == 1 && c?.b == 1 && c?.a == 1)
        #expect(l.instanceRedOffset == 0 && l.instanceGreenOffset == 0 && l.instanceBlueOffset == 0
                && l.instanceAlphaOffset == 0)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? NSNumber == 1)
        #expect(CAReplicatorLayer.defaultValue(forKey: "instanceDelay") as? NSNumber == 0)
    }

    @Test func kvcReadsAndWritesUnderApplesKeys() {
        let l = CAReplicatorLayer()
        l.setValue(NSNumber(value: 12), forKey: "instanceCount")
        l.setValue(0.125, forKey: "instanceDelay")
        l.setValue(NSNumber(value: -0.25), forKey: "instanceRedOffset")
        l.setValue(true, forKey: "preservesDepth")
        l.setValue(NSValue(caTransform3D: CATransform3DMakeTranslation(20, 0, 0)), forKey: "instanceTransform")
        l.setValue(CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1), forKey: "instanceColor")
        #expect(l.instanceCount == 12 && l.instanceDelay == 0.125 && l.instanceRedOffset == -0.25 && l.preservesDepth)
        #expect(l.instanceTransform.m41 == 20)
        #expect(l.instanceColor?.rgba.g == 0)
        #expect((l.value(forKey: "instanceCount") as? NSNumber)?.intValue == 12)
        l.setValue(CGFloat.pi / 2, forKeyPath: "instanceTransform.rotation.z")
        #expect(abs(l.instanceTransform.m12 - 1) < 1e-12)
    }

    @Test func theTableRowsAreAnimatableAsAppleDocuments() {
        let t = PropertyTable.replicatorLayer
        #expect(CAReplicatorLayer.propertyTable === t)
        for key in ["instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
                    "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] {
            #expect(t[key]?.flags.contains(.animatable) == true, "\(key)")
            #expect(t[key]?.slot != nil, "\(key) compiles to a typed animation")
        }
        for key in ["instanceCount", "preservesDepth"] {
            #expect(t[key]?.flags.contains(.animatable) == false, "\(key)")
        }
        #expect(CAReplicatorLayer().action(forKey: "instanceRedOffset") is CABasicAnimation)
        #expect(CAReplicatorLayer().action(forKey: "instanceCount") == nil)
    }

    @Test(arguments: [(1_000_000_000, CAReplicatorLayer.maximumInstanceCount), (-3, 0), (Int.min, 0)])
    func instanceCountIsClampedWithADiagnostic(given: Int, kept: Int) {
        let l = CAReplicatorLayer()
        let (_, reported) = diagnostics { l.instanceCount = given }
        #expect(l.instanceCount == kept)
        #expect(reported.count == 1 && reported.first?.key == "instanceCount")
        let (_, quiet) = diagnostics { l.instanceCount = 7 }
        #expect(quiet.isEmpty && l.instanceCount == 7)
    }

    @Test func nonFiniteValuesAreIgnoredAndReported() {
        let l = CAReplicatorLayer()
        var nan = CATransform3DMakeTranslation(5, 0, 0)
        nan.m11 = .nan
        let (_, reported) = diagnostics {
            l.instanceTransform = nan
            l.instanceDelay = .infinity
            l.instanceRedOffset = .nan
            l.setValue(Double.nan, forKey: "instanceAlphaOffset")
            l.setValue(Double.nan, forKey: "instanceCount")
        }
        #expect(CATransform3DIsIdentity(l.instanceTransform) && l.instanceDelay == 0)
        #expect(l.instanceRedOffset == 0 && l.instanceAlphaOffset == 0 && l.instanceCount == 1)
        #expect(reported.count == 5)
    }

    @Test func presentationAppliesAnAnimatedOffset() throws {
        let root = makeRoot(10, 10)
        let l = CAReplicatorLayer()
        root.addSublayer(l)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10)))
        _ = r.frame(at: 0)
        let a = CABasicAnimation(keyPath: "instanceRedOffset")
        a.fromValue = 0; a.toValue = -1; a.duration = 1
        r.host.withClock { l.add(a, forKey: "red") }
        _ = r.frame(at: 0.25)
        let mid = r.host.withClock { (l.presentation() as? CAReplicatorLayer)?.instanceRedOffset }
        #expect(mid.map { abs($0 + 0.25) < 1e-6 } == true, "\(String(describing: mid))")
    }
}
