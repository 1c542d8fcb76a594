import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// A frame of `root` in a `w` × `h` host at scale 1, y down.
func filterFrame(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer {
    CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h))!.frame(at: 0)!
}

/// `compositingFilter` on layers: the layer and its subtree blend onto what is behind them
/// (https://developer.apple.com/documentation/quartzcore/calayer/compositingfilter).
@Suite("Compositing filter: layers", .serialized)
struct CompositingFilterLayerTests {
    @Test func multiplyLayerOverAColouredBackground() {
        let root = makeRoot(40, 20)
        root.backgroundColor = color(0.8, 0.4, 1)
        let l = box(CGRect(x: 10, y: 0, width: 20, height: 20), color(0.5, 1, 0.2))
        l.compositingFilter = "multiplyBlendMode"
        root.addSublayer(l)
        let f = filterFrame(root, 40, 20)
        #expect(f.rgba(20, 10).near(RGBA(102, 102, 51, 255)), "\(f.rgba(20, 10))")  // 0.4, 0.4, 0.2
        #expect(f.rgba(5, 10).near(RGBA(204, 102, 255, 255)))                         // background alone
    }

    @Test func theSubtreeIsFlattenedBeforeBlending() {
        // A screen-blended parent whose opaque child covers it: the child (white) is what
        // screens the background; the parent's own colour only shows where the child is not.
        let root = makeRoot(40, 20)
        root.backgroundColor = color(0.2, 0.4, 0.6)
        let parent = box(CGRect(x: 0, y: 0, width: 40, height: 20), color(0, 0, 0))
        parent.compositingFilter = CAFilter(type: "screenBlendMode")
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(0.5, 0.5, 0.5)))
        root.addSublayer(parent)
        let f = filterFrame(root, 40, 20)
        // screen(b, 0.5) = b + 0.5 − 0.5b: 0.6, 0.7, 0.8; screen with black leaves the background.
        #expect(f.rgba(10, 10).near(RGBA(153, 179, 204, 255)), "\(f.rgba(10, 10))")
        #expect(f.rgba(30, 10).near(RGBA(51, 102, 153, 255)), "\(f.rgba(30, 10))")
    }

    @Test func plusDarkerAndUnknownNames() {
        let root = makeRoot(30, 10)
        root.backgroundColor = color(0.8, 0.6, 0.4)
        let dark = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(0.5, 0.5, 0.5))
        dark.compositingFilter = "plusD"
        let unknown = box(CGRect(x: 10, y: 0, width: 10, height: 10), color(0.5, 0.5, 0.5))
        unknown.compositingFilter = "noSuchBlendMode"
        var disabled = CAFilter(type: "multiplyBlendMode")
        disabled.isEnabled = false
        let off = box(CGRect(x: 20, y: 0, width: 10, height: 10), color(0.5, 0.5, 0.5))
        off.compositingFilter = disabled
        root.sublayers = [dark, unknown, off]
        let f = filterFrame(root, 30, 10)
        #expect(f.rgba(5, 5).near(RGBA(77, 26, 0, 255)), "\(f.rgba(5, 5))")     // 0.3, 0.1, 0
        #expect(f.rgba(15, 5).near(RGBA(128, 128, 128, 255)))                    // drawn normally
        #expect(f.rgba(25, 5).near(RGBA(128, 128, 128, 255)))
    }
}

/// `filters`: a Gaussian blur and colour filters on the layer and its subtree
/// (https://developer.apple.com/documentation/quartzcore/calayer/filters).
@Suite("Filters: gaussian blur", .serialized)
struct FilterBlurTests {
    /// Φ, the standard normal distribution function.
    static func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.squareRoot())) }

    @Test func blurSpreadsAnEdgeAsAGaussianOfHalfTheRadius() {
        // An opaque red layer from x = 50 to 100 (the frame's right edge), inputRadius 9 → σ = 4.5
        // pixels. Across the step edge alpha follows Φ(d/σ): at d = ±σ, 84.1 % and 15.9 %.
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 50, y: -50, width: 100, height: 200), color(1, 0, 0))
        var blur = CAFilter(type: "gaussianBlur", name: "blur")
        blur.setValue(9, forKey: "inputRadius")
        l.filters = [blur]
        root.addSublayer(l)
        let f = filterFrame(root, 100, 100)
        let inside = f.rgba(54, 50), outside = f.rgba(45, 50)        // pixel centres 54.5 and 45.5
        #expect(abs(Double(inside.a) - 255 * Self.phi(1)) <= 6, "\(inside)")
        #expect(abs(Double(outside.a) - 255 * Self.phi(-1)) <= 6, "\(outside)")
        #expect(inside.r == inside.a && inside.g == 0)                 // still red, premultiplied
        #expect(f.rgba(75, 50) == .red)                                // far inside: untouched
        #expect(f.rgba(30, 50) == .clear)                              // beyond 3σ: nothing
        #expect(f.rgba(49, 50).a > 100 && f.rgba(49, 50).a < 155)       // the edge: about half
    }

    @Test func blurScalesWithTheContentsScale() {
        // At scale 2 the same radius covers twice the pixels: σ = 9 device pixels.
        let root = makeRoot(50, 50)
        let l = box(CGRect(x: 25, y: -25, width: 50, height: 100), color(1, 1, 1))
        l.filters = [{ var b = CAFilter(type: "gaussianBlur"); b.setValue(9, forKey: "inputRadius"); return b }()]
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 50, height: 50), scale: 2)!.frame(at: 0)!
        #expect(abs(Double(f.rgba(59, 50).a) - 255 * Self.phi(1)) <= 6, "\(f.rgba(59, 50))")
    }

    @Test func zeroRadiusAndDisabledBlursChangeNothing() {
        let root = makeRoot(20, 20)
        let l = box(CGRect(x: 10, y: 0, width: 10, height: 20), color(0, 0, 1))
        var zero = CAFilter(type: "gaussianBlur"); zero.setValue(0, forKey: "inputRadius")
        var off = CAFilter(type: "gaussianBlur"); off.isEnabled = false
        l.filters = [zero, off, "noSuchFilter"]
        root.addSublayer(l)
        let f = filterFrame(root, 20, 20)
        #expect(f.rgba(9, 10) == .clear)
        #expect(f.rgba(10, 10) == .blue)
    }
}

@Suite("Filters: colour filters", .serialized)
struct FilterColorTests {
    /// A 10 × 10 layer of (0.8, 0.4, 0.2) (bytes 204, 102, 51) with `filters`, its pixel (5, 5).
    static func filtered(_ filters: [Any], alpha: CGFloat = 1) -> RGBA {
        let root = makeRoot(10, 10)
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(0.8, 0.4, 0.2, alpha))
        l.filters = filters
        root.addSublayer(l)
        return filterFrame(root, 10, 10).rgba(5, 5)
    }

    static func filter(_ type: String, _ inputs: [String: Any]) -> CAFilter {
        var f = CAFilter(type: type)
        for (k, v) in inputs { f.setValue(v, forKey: k) }
        return f
    }

    @Test func invert() {
        #expect(Self.filtered(["colorInvert"]) == RGBA(51, 153, 204, 255))
    }

    @Test func invertOfATranslucentLayerKeepsItsAlpha() {
        // Straight (0.2, 0.6, 0.8) at alpha 0.5 (128): premultiplied about 26, 77, 102.
        #expect(Self.filtered(["colorInvert"], alpha: 0.5).near(RGBA(26, 77, 102, 128), 1))
    }

    @Test func saturateZeroIsTheRec709Luminance() {
        // 0.2126·0.8 + 0.7152·0.4 + 0.0722·0.2 = 0.4706 → 120.
        #expect(Self.filtered([Self.filter("colorSaturate", ["inputAmount": 0])]) == RGBA(120, 120, 120, 255))
        #expect(Self.filtered([Self.filter("colorSaturate", ["inputAmount": 1])]) == RGBA(204, 102, 51, 255))
    }

    @Test func multiplyColor() {
        let got = Self.filtered([Self.filter("multiplyColor", ["inputColor": color(0.5, 1, 0.5)])])
        #expect(got == RGBA(102, 102, 26, 255))
    }

    @Test func luminanceToAlpha() {
        #expect(Self.filtered(["luminanceToAlpha"]) == RGBA(0, 0, 0, 120))
    }

    @Test func colorMatrixSwapsRedAndBlueAndFiltersApplyInOrder() {
        let swap: [Any] = [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0].map { NSNumber(value: $0) }
        let m = Self.filter("colorMatrix", ["inputColorMatrix": swap])
        #expect(Self.filtered([m]) == RGBA(51, 102, 204, 255))
        // Swap then invert: (0.8, 0.6, 0.2); invert then swap: (0.8, 0.6, 0.2) too, so use
        // brightness, which does not commute with the swap's clamp: +0.3 then swap.
        let bright = Self.filter("colorBrightness", ["inputAmount": 0.3])
        #expect(Self.filtered([bright, m]).near(RGBA(128, 179, 255, 255), 1))  // (1.1→1, 0.7, 0.5) swapped
        #expect(Self.filtered([m, "colorInvert"]) == RGBA(204, 153, 51, 255))
    }

    @Test func aMalformedMatrixIsSkipped() {
        let bad = Self.filter("colorMatrix", ["inputColorMatrix": [1, 2, 3]])
        #expect(Self.filtered([bad]) == RGBA(204, 102, 51, 255))
    }
}
