import Testing
import Foundation
import CoreGraphics
import QuartzCore
@testable import CAML

/// `<CAShapeLayer>` elements read and written through CAShapeLayer's property table: the
/// path in `CAMLPathSyntax`, colours, numbers and the string options as attributes.
@Suite("CAML CAShapeLayer")
struct CAMLShapeLayerTests {
    static let caml = """
    <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
      <CALayer bounds="0 0 100 100">
        <sublayers>
          <CAShapeLayer name="ring" bounds="0 0 100 100" position="50 50" path="M 50 20 L 80 50 L 50 80 Z"
            fillColor="0 0 1" strokeColor="1 0 0" lineWidth="4" strokeEnd="0.5" lineCap="round"
            lineJoin="bevel" fillRule="even-odd" miterLimit="3" lineDashPhase="2" lineDashPattern="4 2.5" shadowPath="M 0 0 L 1 1"/>
        </sublayers>
      </CALayer>
    </caml>
    """

    @Test func readsTheShapesProperties() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let l = try #require(scene.rootLayer.sublayers?.first as? CAShapeLayer)
        #expect(l.path?.boundingBoxOfPath == CGRect(x: 50, y: 20, width: 30, height: 60))
        #expect(l.fillColor?.rgba.b == 1 && l.strokeColor?.rgba.r == 1)
        #expect(l.lineWidth == 4 && l.strokeEnd == 0.5 && l.miterLimit == 3 && l.lineDashPhase == 2)
        #expect(l.lineCap == .round && l.lineJoin == .bevel && l.fillRule == .evenOdd)
        #expect(l.lineDashPattern?.map(\.doubleValue) == [4, 2.5])
        #expect(l.shadowPath?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
    }

    @Test func roundTripsThroughTheWriter() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let text = try CAMLWriter().string(for: scene.rootLayer)
        #expect(text.contains("<CAShapeLayer"), "\(text)")
        #expect(text.contains("path=\"M 50 20 L 80 50 L 50 80 Z\""), "\(text)")
        #expect(!text.contains("miterLimit=\"10\""))          // defaults are left out
        let again = try CAMLScene.load(camlData: Data(text.utf8))
        let l = try #require(again.rootLayer.sublayers?.first as? CAShapeLayer)
        #expect(l.path?.boundingBoxOfPath == CGRect(x: 50, y: 20, width: 30, height: 60))
        #expect(l.lineWidth == 4 && l.strokeEnd == 0.5 && l.lineCap == .round && l.fillRule == .evenOdd)
        #expect(l.strokeColor?.rgba.r == 1 && l.fillColor?.rgba.b == 1)
        #expect(l.lineDashPattern?.map(\.doubleValue) == [4, 2.5])
    }
}
