import Testing
import Foundation
import CoreGraphics
import QuartzCore
@testable import CAML

/// `<CATextLayer>` elements as CAPlayground writes them — `foregroundColor`, `fontSize`,
/// `alignmentMode` and `wrapped` as attributes, `<font type="string" value="…"/>` and
/// `<string type="string" value="…"/>` as elements — read, drawn and written back.
@Suite("CAML CATextLayer")
struct CAMLTextLayerTests {
    static let caml = """
    <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
      <CALayer bounds="0 0 200 100" position="100 50">
        <sublayers>
          <CATextLayer id="t1" name="Label" bounds="0 0 200 100" position="100 50" foregroundColor="1 0 0"
            fontSize="30" alignmentMode="center" wrapped="1" truncationMode="end">
            <font type="string" value="SFProText-Regular"/>
            <string type="string" value="Hello &amp; 你好"/>
          </CATextLayer>
        </sublayers>
      </CALayer>
    </caml>
    """

    @Test func readsCAPlaygroundsTextLayer() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let l = try #require(scene.rootLayer.sublayers?.first as? CATextLayer)
        #expect(l.string as? String == "Hello & 你好")
        #expect((l.font as? NSString) == "SFProText-Regular")
        #expect(l.fontSize == 30 && l.alignmentMode == .center && l.isWrapped && l.truncationMode == .end)
        #expect(l.foregroundColor?.rgba.r == 1 && l.foregroundColor?.rgba.g == 0)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
    }

    @Test func roundTripsThroughTheWriter() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let text = try CAMLWriter().string(for: scene.rootLayer)
        #expect(text.contains("<CATextLayer"), "\(text)")
        #expect(text.contains("<string type=\"string\" value=\"Hello &amp; 你好\"/>"), "\(text)")
        #expect(text.contains("<font type=\"string\" value=\"SFProText-Regular\"/>"), "\(text)")
        #expect(text.contains("fontSize=\"30\"") && text.contains("alignmentMode=\"center\""), "\(text)")
        #expect(!text.contains("string=\""), "free text is written as elements: \(text)")
        let again = try CAMLScene.load(camlData: Data(text.utf8))
        let l = try #require(again.rootLayer.sublayers?.first as? CATextLayer)
        #expect(l.string as? String == "Hello & 你好" && (l.font as? NSString) == "SFProText-Regular")
        #expect(l.fontSize == 30 && l.alignmentMode == .center && l.isWrapped && l.truncationMode == .end)
        #expect(l.foregroundColor?.rgba.r == 1)
    }

    @Test func defaultsAreLeftOut() throws {
        let l = CATextLayer()
        l.string = "x"
        let text = try CAMLWriter().string(for: l)
        #expect(!text.contains("fontSize") && !text.contains("<font") && !text.contains("alignmentMode"), "\(text)")
        #expect(text.contains("<string type=\"string\" value=\"x\"/>"), "\(text)")
    }

    @Test func theSceneDrawsItsText() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let renderer = try #require(CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size, scale: 1, flipped: scene.isFlipped))
        let frame = try #require(renderer.frame(at: 0))
        var red = 0
        for y in 0..<frame.height { for x in 0..<frame.width {
            let p = frame.pixel(x: x, y: y)
            if p.a > 200 && p.r > 200 && p.g < 40 { red += 1 }
        } }
        #expect(red > 100, "\(red) red pixels")
    }

    @Test func infoListsTheTextLayer() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let report = scene.describe()
        #expect(report.contains("CATextLayer \"Label\" id=t1"), "\(report)")
        // The class's own table rows, as for every class (CAMLScene+Describe).
        #expect(report.contains("string \"Hello & 你好\""), "\(report)")
        #expect(report.contains("font \"SFProText-Regular\""), "\(report)")
        #expect(report.contains("fontSize 30"), "\(report)")
    }
}
