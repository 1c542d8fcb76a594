import Testing
import CoreGraphics
@testable import CoreGraphics

/// A triangle with a diagonal edge (0,0)–(20,13): antialiased, some pixels are partly covered;
/// not antialiased, every pixel is fully covered or empty.
@Suite("CGContextB antialiasing")
struct CGContextBAntialiasTests {
    func alphas(_ configure: (CGContext) -> Void) -> Set<Int> {
        let ctx = cbMakeContext(20, 20)
        configure(ctx)
        cbFillPolygon(ctx, [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 13)], (0, 0, 0, 1))
        var seen = Set<Int>()
        for y in 0..<20 { for x in 0..<20 { seen.insert(cbPixel(ctx, x, y).a) } }
        return seen
    }

    @Test func onByDefault() {
        #expect(alphas { _ in }.contains { $0 != 0 && $0 != 255 })
    }

    @Test func shouldAntialiasOff() {
        #expect(alphas { $0.setShouldAntialias(false) } == [0, 255])
    }

    @Test func allowsAntialiasingOffWins() {
        #expect(alphas { $0.setAllowsAntialiasing(false); $0.setShouldAntialias(true) } == [0, 255])
    }

    @Test func restoredWithGraphicsState() {
        #expect(alphas { $0.saveGState(); $0.setShouldAntialias(false); $0.restoreGState() }
            .contains { $0 != 0 && $0 != 255 })
    }
}
