import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// CAGradientLayer through the vector backend (`render(in:)` drawing calls) against the
/// compositor: every type, rounded corners. Tolerance 2/255 (measured: at most 1/255 everywhere), a few corner pixels allowed.
@Suite("Vector render(in:) of gradient layers", .serialized)
struct VectorGradientLayerTests {
    typealias V = VectorCompare

    @Test(arguments: [CAGradientLayerType.axial, .radial, .conic])
    func gradientLayerMatchesTheCompositor(_ type: CAGradientLayerType) {
        let g = CAGradientLayer()
        g.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        g.colors = [color(1, 0, 0), color(0, 1, 0), color(0, 0, 1)]
        g.locations = [0, 0.3, 1]
        g.type = type
        g.startPoint = CGPoint(x: 0.4, y: 0.5); g.endPoint = CGPoint(x: 0.9, y: 0.9)
        g.cornerRadius = 10
        let (v, i) = V.both(g, 80, 60)
        #expect(V.px(v, 0, 0) == .clear)
        let d = V.difference(v, i)
        #expect(d.over <= 8, "\(type.rawValue): pixels off by more than 2/255: \(d.over) (max \(d.maximum))")
    }
}
