import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// `<CAGradientLayer>`'s scalar properties (startPoint, endPoint, type) read and written through
/// the property table. `colors` and `locations` (arrays) are not read from CAML yet.
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
}
