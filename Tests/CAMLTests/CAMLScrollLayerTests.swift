import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
@testable import CAML

/// `<CAScrollLayer scrollMode="…">`: read into CAScrollLayer's property table row, drawn with
/// its bounds origin scrolled, and written back.
@Suite("CAML CAScrollLayer")
struct CAMLScrollLayerTests {
    static let caml = """
    <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
      <CALayer bounds="0 0 40 40" position="20 20">
        <sublayers>
          <CAScrollLayer id="s" bounds="20 0 40 40" position="20 20" scrollMode="horizontally" masksToBounds="1">
            <sublayers>
              <CALayer bounds="0 0 20 40" position="10 20" backgroundColor="1 0 0"/>
              <CALayer bounds="0 0 20 40" position="30 20" backgroundColor="0 0 1"/>
            </sublayers>
          </CAScrollLayer>
        </sublayers>
      </CALayer>
    </caml>
    """

    @Test func readsDrawsAndWritesTheScrollMode() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let s = try #require(scene.rootLayer.sublayers?.first as? CAScrollLayer)
        #expect(s.scrollMode == .horizontally && s.bounds.origin.x == 20)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let host = try #require(CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size,
                                                   scale: 1, flipped: scene.isFlipped))
        let f = try #require(host.frame(at: 0))
        // Scrolled by 20: the blue sublayer (x 20…40) shows at the left, the red one is gone.
        #expect(f.pixel(x: 10, y: 20).b == 255 && f.pixel(x: 10, y: 20).r == 0)
        #expect(f.pixel(x: 30, y: 20).a == 0)
        let text = try CAMLWriter().string(for: scene.rootLayer)
        #expect(text.contains("<CAScrollLayer") && text.contains("scrollMode=\"horizontally\""), "\(text)")
        let again = try CAMLScene.load(camlData: Data(text.utf8))
        #expect((again.rootLayer.sublayers?.first as? CAScrollLayer)?.scrollMode == .horizontally)
    }
}
