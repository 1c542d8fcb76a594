import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `compositingFilter` and `filters` through the vector path of `render(in:)`, against the
/// compositor path.
@Suite("Filters: vector render(in:)", .serialized)
struct FilterVectorTests {
    typealias V = VectorCompare

    @Test func multiplyLayerBlendsWithWhatIsBehindIt() {
        let l = box(CGRect(x: 0, y: 0, width: 40, height: 20), color(0.8, 0.4, 1))
        let m = box(CGRect(x: 10, y: 0, width: 20, height: 20), color(0.5, 1, 0.2))
        m.compositingFilter = "multiplyBlendMode"
        l.addSublayer(m)
        let (v, i) = V.both(l, 40, 20)
        #expect(V.px(v, 20, 10).near(RGBA(102, 102, 51, 255)), "\(V.px(v, 20, 10))")
        #expect(V.difference(v, i).over == 0)
    }

    @Test func blurredLayerIsRasterizedAsTheCompositorDrawsIt() {
        let l = box(CGRect(x: 0, y: 0, width: 60, height: 40), color(1, 1, 1))
        let b = box(CGRect(x: 20, y: 10, width: 20, height: 20), color(0, 0, 1))
        var blur = CAFilter(type: "gaussianBlur")
        blur.setValue(6, forKey: "inputRadius")
        b.filters = [blur, "colorInvert"]
        l.addSublayer(b)
        let (v, i) = V.both(l, 60, 40)
        #expect(V.px(v, 30, 20).r > 200 && V.px(v, 30, 20).b < 60)   // inverted blue: yellow
        #expect(V.px(v, 18, 20) != .white)                              // spread past the edge
        let d = V.difference(v, i, tolerance: 3)
        #expect(d.over <= 40, "pixels off: \(d.over) (max \(d.maximum))")
    }
}
