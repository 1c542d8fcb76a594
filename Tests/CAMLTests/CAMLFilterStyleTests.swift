import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// CAML's `compositingFilter`, `<filters>` and `<style>` (see CAMLFilterReader).
@Suite("Filters and style in CAML")
struct FilterCAMLReadTests {
    func root(_ attributes: String, _ body: String) throws -> (CALayer, [String]) {
        let s = try scene(caml("<CALayer bounds=\"0 0 10 10\" \(attributes)>\(body)</CALayer>"))
        return (s.rootLayer, s.warnings.map(\.message))
    }

    @Test func compositingFilterAttributeIsAString() throws {
        let (l, warnings) = try root("compositingFilter=\"multiplyBlendMode\"", "")
        #expect(l.compositingFilter as? String == "multiplyBlendMode")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func compositingFilterElementAndUnknownNames() throws {
        let (l, warnings) = try root("", "<compositingFilter type=\"CAFilter\" filter=\"plusD\"/>")
        #expect(l.compositingFilter as? String == "plusD")
        #expect(warnings.isEmpty, "\(warnings)")
        let (u, uw) = try root("compositingFilter=\"sparkleBlendMode\"", "")
        #expect(u.compositingFilter as? String == "sparkleBlendMode")     // kept
        #expect(uw.count == 1 && uw[0].contains("sparkleBlendMode"), "\(uw)")
    }

    @Test func filtersWithInputs() throws {
        let (l, warnings) = try root("", """
            <filters>
              <CAFilter type="gaussianBlur" name="blur" inputRadius="10"/>
              <filter filter="multiplyColor" inputColor="1 0.5 0"/>
              <CAFilter type="colorSaturate" enabled="0"><inputAmount type="real" value="0.25"/></CAFilter>
              <CAFilter type="colorMatrix" inputColorMatrix="0 0 1 0 0  0 1 0 0 0  1 0 0 0 0  0 0 0 1 0"/>
            </filters>
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        let fs = try #require(l.filters as? [CAFilter])
        #expect(fs.map(\.type) == ["gaussianBlur", "multiplyColor", "colorSaturate", "colorMatrix"])
        #expect(fs[0].name == "blur" && fs[0].number("inputRadius", default: 0) == 10)
        let c = try #require(fs[1].value(forKey: "inputColor") as? CGColor)
        #expect(c.components == [1, 0.5, 0, 1])
        #expect(!fs[2].isEnabled && fs[2].number("inputAmount", default: 1) == 0.25)
        #expect((fs[3].value(forKey: "inputColorMatrix") as? [Any])?.count == 20)
    }

    @Test func describeListsFiltersAndStyle() throws {
        let s = try scene(caml("""
            <CALayer bounds="0 0 10 10" compositingFilter="screenBlendMode">
              <filters><CAFilter type="gaussianBlur" name="blur"/><CAFilter type="colorInvert" enabled="0"/></filters>
              <style opacity="0.5"/>
            </CALayer>
            """))
        let text = s.describe()
        #expect(text.contains("compositingFilter screenBlendMode filters [blur:gaussianBlur, colorInvert (disabled)] style (1 key)"),
                "\(text)")
    }

    @Test func unknownFiltersAreKeptWithAWarning() throws {
        let (l, warnings) = try root("", "<filters><CAFilter type=\"pixellate\" inputScale=\"8\"/><CAFilter/></filters>")
        #expect((l.filters as? [CAFilter])?.map(\.type) == ["pixellate"])
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("pixellate") })
        #expect(warnings.contains { $0.contains("names no filter type") })
    }

    @Test func readFiltersRender() throws {
        let s = try scene(caml("""
            <CALayer bounds="0 0 10 10" backgroundColor="0.8 0.4 0.2">
              <filters><CAFilter type="colorInvert"/></filters>
            </CALayer>
            """))
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: CGSize(width: 10, height: 10)))
        let image = try #require(r.image(at: 0))
        let p = pixel(image, 5, 5)
        #expect(p.r == 51 && p.g == 153 && p.b == 204 && p.a == 255, "\(p)")
    }

    @Test func filterInputsAnimateByKeyPath() throws {
        let (l, warnings) = try root("", """
            <filters><CAFilter type="gaussianBlur" name="blur" inputRadius="0"/></filters>
            <animations>
              <animation type="CABasicAnimation" keyPath="filters.blur.inputRadius" duration="2">
                <fromValue type="real" value="0"/><toValue type="real" value="20"/>
              </animation>
            </animations>
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        let a = try #require(l.animation(forKey: "filters.blur.inputRadius") as? CABasicAnimation)
        #expect((a.toValue as? NSNumber)?.doubleValue == 20)
    }

    @Test func styleIsADictionaryOfTypedValues() throws {
        let (l, warnings) = try root("opacity=\"0.5\"", """
            <style cornerRadius="3">
              <opacity type="real" value="0.25"/>
              <backgroundColor value="0 0 1"/>
              <flavour type="string" value="vanilla"/>
              <style><borderWidth value="2"/><cornerRadius value="8"/></style>
            </style>
            """)
        #expect(warnings.isEmpty, "\(warnings)")
        let style = try #require(l.style)
        #expect((style["style"] as? [AnyHashable: Any])?.count == 2)
        #expect(l.opacity == 0.5)                       // the attribute wins over the style
        #expect(l.cornerRadius == 3)                    // the outer style wins over the nested one
        #expect(l.borderWidth == 2)
        #expect(l.backgroundColor?.components == [0, 0, 1, 1])
        #expect(l.value(forKey: "flavour") as? String == "vanilla")
    }

    @Test func badStyleValuesWarn() throws {
        let (l, warnings) = try root("", "<style><opacity value=\"loud\"/><bounds/></style>")
        #expect(l.opacity == 1)
        #expect(warnings.count == 2, "\(warnings)")
    }
}

/// The writer's filters and style read back to the same values.
@Suite("Filters and style: CAML round trip")
struct FilterCAMLRoundTripTests {
    @Test func compositingFilterFiltersAndStyleRoundTrip() throws {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.compositingFilter = "screenBlendMode"
        var blur = CAFilter(type: "gaussianBlur", name: "soft")
        blur.setValue(12.5, forKey: "inputRadius")
        var tint = CAFilter(type: "multiplyColor")
        tint.setValue(CGColor(srgbRed: 1, green: 0.5, blue: 0.25, alpha: 1), forKey: "inputColor")
        tint.isEnabled = false
        l.filters = [blur, tint, "colorInvert"]
        l.style = ["flavour": "mint", "style": ["zPosition": 3.0]]
        let (text, back) = try writeAndRead(l)
        #expect(text.contains("compositingFilter=\"screenBlendMode\""))
        #expect(back.compositingFilter as? String == "screenBlendMode")
        let fs = try #require(back.filters as? [CAFilter])
        #expect(fs.map(\.type) == ["gaussianBlur", "multiplyColor", "colorInvert"])
        #expect(fs[0].name == "soft" && fs[0].number("inputRadius", default: 0) == 12.5)
        #expect(!fs[1].isEnabled)
        #expect(writerRGBA(fs[1].value(forKey: "inputColor") as? CGColor) == [1, 0.5, 0.25, 1])
        #expect(back.value(forKey: "flavour") as? String == "mint")
        #expect(back.zPosition == 3)
        #expect(((back.style?["style"] as? [AnyHashable: Any])?["zPosition"]).flatMap(writerNumber) == 3)
    }

    @Test func aCompositingFilterObjectIsAnElement() throws {
        let l = CALayer()
        var f = CAFilter(type: "plusD")
        f.setValue(1, forKey: "inputAmount")
        l.compositingFilter = f
        let (text, back) = try writeAndRead(l)
        #expect(text.contains("<compositingFilter>"))
        let g = try #require(back.compositingFilter as? CAFilter)
        #expect(g.type == "plusD" && g.number("inputAmount", default: 0) == 1)
    }
}
