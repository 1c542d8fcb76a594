import Testing
import CoreGraphics
@testable import CoreGraphics

/// A 4-wide horizontal line along y = 5 from x = 0 to 40: with dashes [10, 10] ink covers
/// x 0–10 and 20–30.
@Suite("CGContextB line dash")
struct CGContextBDashTests {
    func line(_ configure: (CGContext) -> Void) -> CGContext {
        let ctx = cbMakeContext(40, 10)
        configure(ctx)
        cbStrokeLine(ctx, from: CGPoint(x: 0, y: 5), to: CGPoint(x: 40, y: 5), width: 4)
        return ctx
    }

    @Test func dashedLineAlternates() {
        let ctx = line { $0.setLineDash(phase: 0, lengths: [10, 10]) }
        #expect(cbPixel(ctx, 5, 5).a == 255)
        #expect(cbPixel(ctx, 15, 5).a == 0)
        #expect(cbPixel(ctx, 25, 5).a == 255)
        #expect(cbPixel(ctx, 35, 5).a == 0)
    }

    @Test func phaseShiftsThePattern() {
        let ctx = line { $0.setLineDash(phase: 5, lengths: [10, 10]) }
        // Starting 5 into the pattern: ink 0–5, gap 5–15, ink 15–25.
        #expect(cbPixel(ctx, 2, 5).a == 255)
        #expect(cbPixel(ctx, 10, 5).a == 0)
        #expect(cbPixel(ctx, 20, 5).a == 255)
    }

    @Test func emptyLengthsMeanSolid() {
        let ctx = line { $0.setLineDash(phase: 0, lengths: [10, 10]); $0.setLineDash(phase: 0, lengths: []) }
        #expect(cbPixel(ctx, 15, 5).a == 255)
        #expect(cbPixel(ctx, 35, 5).a == 255)
    }

    @Test func invalidPatternsAreIgnored() {
        let ctx = line {
            $0.setLineDash(phase: 0, lengths: [10, 10])
            $0.setLineDash(phase: 0, lengths: [-1, 5])
            $0.setLineDash(phase: 0, lengths: [0, 0])
            $0.setLineDash(phase: 0, lengths: [CGFloat.nan])
        }
        #expect(cbPixel(ctx, 5, 5).a == 255)
        #expect(cbPixel(ctx, 15, 5).a == 0)
    }

    @Test func dashIsPartOfGraphicsState() {
        let ctx = line {
            $0.saveGState()
            $0.setLineDash(phase: 0, lengths: [10, 10])
            $0.restoreGState()
        }
        #expect(cbPixel(ctx, 15, 5).a == 255)
    }
}
