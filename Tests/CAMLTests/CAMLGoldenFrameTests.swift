import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
import RenderTestSupport
@testable import CAML

/// Golden frames of two real scenes at fixed times (half scale), each paired with analytic probes
/// of what the recordings in shared/scenes/previews show.
@Suite("CAML golden frames", .serialized, .enabled(if: CAMLTestScenes.available))
struct CAMLGoldenFrameTests {
    func frame(_ name: String, at t: Double) throws -> PixelBuffer {
        let s = try CAMLTestScenes.load(name)
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 0.5,
                                                 flipped: s.isFlipped, startTime: 0))
        return try #require(r.frame(at: t))
    }

    func golden(_ f: PixelBuffer, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectGolden(f, name, directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden"), sourceLocation: sourceLocation)
    }

    @Test func spinningSquaresAtAQuarterSecond() throws {
        let f = try frame("Spinning_Squares", at: 0.25)
        // Centre (195, 422) pt → (97, 211) px: the innermost (yellow, 25 % over the others).
        let c = f.pixel(x: 97, y: 211)
        #expect(c.r > 150 && c.b < 40)
        // The outer 250-pt square is turned 3π/8: its corner direction at 3π/8 + π/4 from +x…
        // a point 120 pt from the centre along +x lies inside (rotated squares cover their inscribed
        // circle of radius 125 minus rounding), and a point 170 pt away lies outside.
        #expect(f.pixel(x: 97 + 60, y: 211).r > 0)
        #expect(f.pixel(x: 97 + 85, y: 211) == (0, 0, 0, 255))
        golden(f, "spinning-squares-0.25")
    }

    @Test func sideStoreAtZeroPointThree() throws {
        let f = try frame("SideStore", at: 0.3)
        // A horizontal gradient from cyan (left) to magenta (right) behind the marquee.
        let left = f.pixel(x: 2, y: 400), right = f.pixel(x: 192, y: 400)
        #expect(left.g > 150 && left.r < 80)
        #expect(right.r > 150 && right.g < 80)
        golden(f, "sidestore-0.3")
    }
}
