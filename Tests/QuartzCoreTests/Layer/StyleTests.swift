import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// `style`: default values for keys the layer has not set, through nested `style` dictionaries
/// (https://developer.apple.com/documentation/quartzcore/calayer/style).
@Suite("Style dictionary", .serialized)
struct StyleDefaultsTests {
    @Test func styleValuesFillPropertiesStillAtTheirDefaults() {
        let l = CALayer()
        l.opacity = 0.25
        l.style = ["opacity": 0.5, "cornerRadius": 4, "backgroundColor": color(1, 0, 0)]
        #expect(l.opacity == 0.25)                    // set on the layer: kept
        #expect(l.cornerRadius == 4)
        #expect(l.backgroundColor == color(1, 0, 0))
    }

    @Test func nestedStyleIsSearchedAfterTheOuterOne() {
        let l = CALayer()
        l.style = ["borderWidth": 2, "style": ["borderWidth": 9, "shadowOpacity": 0.75]]
        #expect(l.borderWidth == 2)
        #expect(l.shadowOpacity == 0.75)
    }

    @Test func customKeysReadTheStyle() {
        let l = CALayer()
        l.style = ["flavour": "vanilla"]
        #expect(l.value(forKey: "flavour") as? String == "vanilla")
        l.setValue("mint", forKey: "flavour")
        #expect(l.value(forKey: "flavour") as? String == "mint")
    }

    @Test func aStyledBackgroundIsRendered() {
        let root = makeRoot(10, 10)
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.style = ["backgroundColor": color(0, 0, 1)]
        root.addSublayer(l)
        let f = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 10, height: 10))!.frame(at: 0)!
        #expect(f.rgba(5, 5) == .blue)
    }

    @Test func wrongTypesInTheStyleAreIgnored() {
        let l = CALayer()
        l.style = ["opacity": "loud"]
        #expect(l.opacity == 1)
    }
}
