import Testing
import Foundation
@testable import QuartzCore

/// CAGradientLayer's properties through the table: Apple's defaults, KVC, bad input, and
/// element-wise animation of `colors` and `locations`
/// (https://developer.apple.com/documentation/quartzcore/cagradientlayer).
@Suite("CAGradientLayer properties")
struct CAGradientLayerTests {
    @Test func defaultsAreApples() {
        let g = CAGradientLayer()
        #expect(g.colors == nil && g.locations == nil)
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1))
        #expect(g.type == .axial)
        #expect(ValueNormalizer.point(CAGradientLayer.defaultValue(forKey: "endPoint")) == CGPoint(x: 0.5, y: 1))
    }

    @Test func kvcReadsAndWritesTheTypedState() {
        let g = CAGradientLayer()
        g.setValue([color(1, 0, 0), color(0, 0, 1)], forKey: "colors")
        g.setValue([0.25, 0.75], forKey: "locations")
        g.setValue("radial", forKey: "type")
        g.setValue(CGPoint(x: 0.2, y: 0.3), forKey: "startPoint")
        #expect((g.colors as? [CGColor])?.map(\.components) == [[1, 0, 0, 1], [0, 0, 1, 1]])
        #expect(g.locations?.map(\.doubleValue) == [0.25, 0.75])
        #expect(g.type == .radial && g.startPoint == CGPoint(x: 0.2, y: 0.3))
        #expect((g.value(forKey: "locations") as? [NSNumber])?.map(\.doubleValue) == [0.25, 0.75])
    }

    @Test func badInputIsReportedNeverFatal() {
        let g = CAGradientLayer()
        let reports = diagnostics {
            g.colors = [color(1, 0, 0), "not a colour", 3, color(0, 0, 1)]
            g.locations = [NSNumber(value: Double.nan), 0.5]
            g.setValue([0.9, 0.1, 2], forKey: "locations")   // kept, reported
            g.startPoint = CGPoint(x: CGFloat.infinity, y: 0)
            g.setValue(42, forKey: "colors")
        }.reported
        #expect((g.colors as? [CGColor])?.count == 2)
        #expect(g.locations?.map(\.doubleValue) == [0.9, 0.1, 2])
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0))
        #expect(reports.count >= 5)
    }

    @Test func colorsAndLocationsAnimateElementWise() {
        let g = CAGradientLayer()
        g.colors = [color(1, 0, 0), color(0, 0, 1)]
        g.locations = [0, 1]
        let root = makeRoot(10, 10)
        root.addSublayer(g)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!
        _ = r.frame(at: 0)
        let c = CABasicAnimation(keyPath: "colors")
        c.fromValue = [color(1, 0, 0), color(0, 0, 1)]; c.toValue = [color(0, 0, 1), color(0, 1, 0)]; c.duration = 1
        let l = CABasicAnimation(keyPath: "locations")
        l.fromValue = [0, 1]; l.toValue = [0.5, 0.5]; l.duration = 1
        r.host.withClock { g.add(c, forKey: "c"); g.add(l, forKey: "l") }
        _ = r.frame(at: 0.5)
        let p = r.host.withClock { g.presentation()! }
        let comps = (p.colors as? [CGColor])?.map { $0.components ?? [] } ?? []
        let expected: [[CGFloat]] = [[0.5, 0, 0.5, 1], [0, 0.5, 0.5, 1]]
        #expect(comps.count == 2 && zip(comps, expected).allSatisfy { a, b in
            a.count == 4 && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 } }, "\(comps)")
        #expect(p.locations?.map(\.doubleValue) == [0.25, 0.75])
    }

    @Test func arraysOfDifferentLengthsSwitchHalfWay() {
        let a = [color(1, 0, 0)], b = [color(0, 0, 1), color(0, 1, 0)]
        #expect(PairwiseInterpolation.value(a, b, 0.4) == nil)
        #expect((PairwiseInterpolation.value([0.0, 2.0], [1.0, 4.0], 0.25) as? [NSNumber])?.map(\.doubleValue) == [0.25, 2.5])
    }
}
