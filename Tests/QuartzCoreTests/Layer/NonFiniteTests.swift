import Testing
import CoreGraphics
@testable import QuartzCore

// Apple raises for NaN geometry; here such values are ignored and reported, and the layer keeps
// its previous value (the rule in CALayer+Update.swift).
@Suite("Non-finite values")
struct NonFiniteTests {
    @Test func nanAndInfinityAreIgnoredAndReported() {
        let l = CALayer()
        l.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let before = l.state
        let kinds = reportedKinds {
            l.position = CGPoint(x: CGFloat.nan, y: 0)
            l.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            l.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            l.zPosition = -.infinity
            l.anchorPoint = CGPoint(x: 0.5, y: CGFloat.nan)
            l.anchorPointZ = .nan
            var t = CATransform3DIdentity
            t.m34 = .nan
            l.transform = t
            l.sublayerTransform = t
            l.opacity = .nan
            l.cornerRadius = .infinity
            l.borderWidth = .nan
            l.shadowRadius = .nan
            l.shadowOffset = CGSize(width: CGFloat.nan, height: 0)
            l.shadowOpacity = .infinity
            l.contentsScale = .nan
            l.rasterizationScale = .infinity
            l.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        }
        #expect(kinds.count == 17)
        #expect(kinds.allSatisfy { $0 == .nonFiniteValue })
        #expect(l.position == before.position && l.bounds == before.bounds)
        #expect(l.frame == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(l.transform == CATransform3DIdentity && l.opacity == 1 && l.cornerRadius == 0)
        #expect(l.changes.properties.contains(.position))        // from the valid frame set
        #expect(!l.changes.properties.contains(.cornerRadius))   // nothing recorded for rejected sets
    }

    @Test func kvcNonFiniteIsIgnoredToo() {
        let l = CALayer()
        let kinds = reportedKinds {
            l.setValue(Double.nan, forKey: "zPosition")
            l.setValue(CGFloat.infinity, forKeyPath: "position.x")
        }
        #expect(kinds == [.nonFiniteValue, .nonFiniteValue])
        #expect(l.zPosition == 0 && l.position == .zero)
    }

    @Test func opacityIsClamped() {
        // "Values outside that range are clamped" (calayer/opacity).
        let l = CALayer()
        l.opacity = 1.5
        #expect(l.opacity == 1)
        l.opacity = -2
        #expect(l.opacity == 0)
        l.opacity = 0.25
        #expect(l.opacity == 0.25)
    }

    @Test func nonFiniteConversionResultsCannotPoisonTheTree() {
        let root = layer(0, 0, 100, 100)
        let child = layer(10, 10, 10, 10)
        root.addSublayer(child)
        child.transform = CATransform3DMakeScale(0, 0, 1)
        let p = child.convert(CGPoint(x: 5, y: 5), from: root)
        #expect(p.x == .infinity && p.y == .infinity)
        let kinds = reportedKinds { child.position = p }
        #expect(kinds == [.nonFiniteValue])
        #expect(child.position == CGPoint(x: 15, y: 15))
    }
}
