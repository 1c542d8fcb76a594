import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Nested shadows on the vector path are drawn by the compositor as one image (linear work;
/// through the frame builder's shared shadow pass, so they match the compositor.
@Suite("Vector nested shadows", .serialized)
struct VectorNestedShadowTests {
    typealias V = VectorCompare

    func nested(_ depth: Int) -> CALayer {
        let root = box(CGRect(x: 0, y: 0, width: 80, height: 80), nil)
        var parent = root
        for i in 0..<depth {
            let side = 60 - 2 * Double(i)
            let l = box(CGRect(x: 4, y: 4, width: side, height: side), color(0, 0, 1 - Double(i % 3) * 0.3))
            l.shadowOpacity = 1
            l.shadowOffset = CGSize(width: 3, height: -3)
            l.shadowRadius = 2
            parent.addSublayer(l)
            parent = l
        }
        return root
    }

    @Test func nestedShadowsMatchTheCompositor() {
        let (v, i) = V.both(nested(12), 80, 80)
        let d = V.difference(v, i)
        #expect(d.maximum <= 2, "max \(d.maximum), \(d.over) pixels off")
        #expect(V.px(v, 20, 40).b > 100)   // the layers are drawn, not only their shadows
    }
}
