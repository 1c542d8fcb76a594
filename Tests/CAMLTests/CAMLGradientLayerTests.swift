import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// `<CAGradientLayer>` read and written through the property table: points and type as
/// attributes, `colors` and `locations` as arrays of typed values.
@Suite("Gradient layer CAML")
struct CAMLGradientLayerTests {
    @Test func readsTheGradientClassAndItsPoints() throws {
        let s = try scene(caml("""
        <CAGradientLayer bounds="0 0 100 100" startPoint="0 0.5" endPoint="1 0.25" type="radial"/>
        """))
        let g = try #require(s.rootLayer as? CAGradientLayer)
        #expect(g.startPoint == CGPoint(x: 0, y: 0.5) && g.endPoint == CGPoint(x: 1, y: 0.25) && g.type == .radial)
    }

    @Test func writesAndReadsBackThePoints() throws {
        let g = CAGradientLayer()
        g.startPoint = CGPoint(x: 0.25, y: 0); g.type = .conic
        let (text, root) = try writeAndRead(g)
        #expect(text.contains("<CAGradientLayer"))
        let back = try #require(root as? CAGradientLayer)
        #expect(back.startPoint == CGPoint(x: 0.25, y: 0) && back.endPoint == CGPoint(x: 0.5, y: 1) && back.type == .conic)
    }

    @Test func colorsAndLocationsRoundTrip() throws {
        let s = try scene(caml("""
        <CAGradientLayer bounds="0 0 10 10">
          <colors type="NSArray"><CGColor value="1 0 0"/><CGColor value="0 0 1" opacity="0.5"/></colors>
          <locations><real value="0.25"/><real value="0.75"/></locations>
        </CAGradientLayer>
        """))
        let g = try #require(s.rootLayer as? CAGradientLayer)
        #expect((g.colors as? [CGColor])?.map(\.components) == [[1, 0, 0, 1], [0, 0, 1, 0.5]])
        #expect(g.locations?.map(\.doubleValue) == [0.25, 0.75])
        let (text, root) = try writeAndRead(g)
        let back = try #require(root as? CAGradientLayer)
        #expect(text.contains("<colors type=\"NSArray\">"))
        #expect((back.colors as? [CGColor])?.map(\.components) == [[1, 0, 0, 1], [0, 0, 1, 0.5]])
        #expect(back.locations?.map(\.doubleValue) == [0.25, 0.75])
    }
}
