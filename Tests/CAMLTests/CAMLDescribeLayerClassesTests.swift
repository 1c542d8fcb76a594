import Testing
import Foundation
import CoreGraphics
import QuartzCore
@testable import CAML

/// `carender info`'s report (`CAMLScene.describe()`) lists shape and gradient layers with the
/// properties their class adds to CALayer's, read from the class's property table: those not
/// at Apple's defaults, so a default (fill black, width 1) adds nothing.
@Suite("CAML describe: layer classes")
struct CAMLDescribeLayerClassesTests {
    @Test func shapeAndGradientLayersAreListedWithTheirProperties() throws {
        let s = try CAMLScene.load(camlData: Data(CAMLShapeLayerTests.caml.utf8))
        let report = s.describe()
        let line = try #require(report.split(separator: "\n").first { $0.contains("CAShapeLayer") }.map(String.init))
        for part in ["CAShapeLayer \"ring\"", "path path(4 elements in (50 20 30 60))", "fillColor rgba(0 0 1 1)",
                     "strokeColor rgba(1 0 0 1)", "lineWidth 4", "strokeEnd 0.5", "lineCap \"round\"",
                     "lineJoin \"bevel\"", "fillRule \"even-odd\"", "miterLimit 3", "lineDashPattern [4, 2.5]"] {
            #expect(line.contains(part), "\(part) in \(line)")
        }
        #expect(!line.contains("strokeStart"))   // at its default
        let gradient = try CAMLScene.load(camlData: Data(caml("""
        <CAGradientLayer bounds="0 0 100 100" startPoint="0 0.5" endPoint="1 0.25" type="radial"/>
        """).utf8)).describe()
        let g = try #require(gradient.split(separator: "\n").first { $0.contains("CAGradientLayer") }.map(String.init))
        #expect(g.contains("startPoint (0 0.5)") && g.contains("endPoint (1 0.25)") && g.contains("type \"radial\""), "\(g)")
        let plain = try CAMLScene.load(camlData: Data(caml("<CAShapeLayer bounds=\"0 0 1 1\"/>").utf8)).describe()
        let p = try #require(plain.split(separator: "\n").first { $0.contains("CAShapeLayer") }.map(String.init))
        #expect(!p.contains("fillColor") && !p.contains("lineWidth"), "\(p)")
    }
}
