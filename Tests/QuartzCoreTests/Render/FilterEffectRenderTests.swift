import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `filters.<name>.<input>` key paths: KVC and animation.
@Suite("Filters: key paths and animation", .serialized)
struct FilterKeyPathTests {
    @Test func keyPathsReadAndWriteANamedFiltersInputs() {
        let l = CALayer()
        l.filters = [CAFilter(type: "colorInvert"), CAFilter(type: "gaussianBlur", name: "blur")]
        #expect((l.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue == 10)  // default
        l.setValue(4, forKeyPath: "filters.blur.inputRadius")
        #expect((l.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue == 4)
        l.setValue(false, forKeyPath: "filters.blur.enabled")
        let blur = (l.filters?[1] as? CAFilter)
        #expect(blur?.isEnabled == false && blur?.number("inputRadius", default: 0) == 4)
        #expect(l.value(forKeyPath: "filters.nothing.inputRadius") == nil)
    }

    @Test func animatingTheBlurRadiusSpreadsTheEdge() {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 50, y: -50, width: 100, height: 200), color(1, 0, 0))
        var blur = CAFilter(type: "gaussianBlur", name: "blur")
        blur.setValue(0, forKey: "inputRadius")
        l.filters = [blur]
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100))!
        #expect(r.frame(at: 0)!.rgba(54, 50) == .red)
        let a = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        a.fromValue = 0; a.toValue = 18; a.duration = 1
        r.host.withClock { l.add(a, forKey: "blur") }
        // Halfway: inputRadius 9, σ = 4.5 pixels: 84.1 % at σ inside the edge.
        let f = r.frame(at: 0.5)!
        #expect(abs(Double(f.rgba(54, 50).a) - 255 * FilterBlurTests.phi(1)) <= 6, "\(f.rgba(54, 50))")
    }
}

/// `backgroundFilters`: what is behind the layer, filtered, inside its bounds
/// (https://developer.apple.com/documentation/quartzcore/calayer/backgroundfilters).
@Suite("Filters: background filters", .serialized)
struct FilterBackgroundTests {
    /// A 40 × 20 root, red on the left half and blue on the right, with a layer over
    /// x 10…30 carrying `filters` as background filters.
    static func scene(_ filters: [Any], cornerRadius: CGFloat = 0) -> PixelBuffer {
        let root = makeRoot(40, 20)
        root.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0)))
        root.addSublayer(box(CGRect(x: 20, y: 0, width: 20, height: 20), color(0, 0, 1)))
        let glass = box(CGRect(x: 10, y: 0, width: 20, height: 20), nil)
        glass.cornerRadius = cornerRadius
        glass.backgroundFilters = filters
        root.addSublayer(glass)
        return filterFrame(root, 40, 20)
    }

    @Test func colourFiltersApplyInsideTheBoundsOnly() {
        let f = Self.scene(["colorInvert"])
        #expect(f.rgba(15, 10) == RGBA(0, 255, 255, 255))   // red inverted
        #expect(f.rgba(25, 10) == RGBA(255, 255, 0, 255))   // blue inverted
        #expect(f.rgba(5, 10) == .red && f.rgba(35, 10) == .blue)
    }

    @Test func blurSoftensTheEdgeBehindTheLayerOnly() {
        var blur = CAFilter(type: "gaussianBlur")
        blur.setValue(7, forKey: "inputRadius")                  // σ = 3.5
        let f = Self.scene([blur])
        // Pixel centres 16.5 and 23.5 are σ from the red/blue edge at x = 20: Φ(1) = 84.1 %.
        let left = f.rgba(16, 10), right = f.rgba(23, 10)
        let near = 255 * FilterBlurTests.phi(1), far = 255 * FilterBlurTests.phi(-1)
        #expect(abs(Double(left.r) - near) <= 6 && abs(Double(left.b) - far) <= 6, "\(left)")
        #expect(abs(Double(right.b) - near) <= 6 && abs(Double(right.r) - far) <= 6, "\(right)")
        #expect(left.a == 255 && right.a == 255)
        #expect(f.rgba(9, 10) == .red && f.rgba(30, 10) == .blue)  // outside: sharp
    }

    @Test func damageTrackedFramesMatchFreshOnesWhenTheBackdropChanges() {
        let root = makeRoot(40, 20)
        let left = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
        root.addSublayer(left)
        let glass = box(CGRect(x: 15, y: 0, width: 20, height: 20), nil)
        var blur = CAFilter(type: "gaussianBlur")
        blur.setValue(4, forKey: "inputRadius")
        glass.backgroundFilters = [blur]
        root.addSublayer(glass)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 20))!
        _ = r.frame(at: 0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        left.backgroundColor = color(0, 1, 0)
        CATransaction.commit()
        let tracked = r.frame(at: 0.1)!
        let fresh = filterFrame(root, 40, 20)
        #expect(tracked.words == fresh.words)
        #expect(fresh.rgba(17, 10).g > 100 && fresh.rgba(17, 10).r == 0)
    }

    @Test func roundedCornersShapeTheFilteredArea() {
        let f = Self.scene(["colorInvert"], cornerRadius: 8)
        #expect(f.rgba(10, 0) == .red)                           // outside the rounded corner
        #expect(f.rgba(15, 10) == RGBA(0, 255, 255, 255))
    }
}
