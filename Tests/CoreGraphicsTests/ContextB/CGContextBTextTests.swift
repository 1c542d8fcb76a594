import Testing
import CoreGraphics
@testable import CoreGraphics

@Suite("CGContextB text")
struct CGContextBTextTests {
    /// "Hello" at baseline origin (10, 20), 20 units, black: ink lies inside the measured box
    /// (x 10…10+width, from the baseline up by the first baseline and down by the rest), and
    /// nowhere more than 2 pixels outside it.
    @Test func drawsInsideTheMeasuredBox() {
        let ctx = cbMakeContext(120, 50)
        let size = ctx.measureText("Hello", fontSize: 20)
        let metrics = TextLayout("Hello", fontSize: 20).measure()
        #expect(size == metrics.size)
        #expect(size.width > 30 && size.width < 80)
        #expect(size.height > 18 && size.height < 30)
        ctx.drawText("Hello", at: CGPoint(x: 10, y: 20), fontSize: 20, color: .black)
        let top = 20 + metrics.firstBaseline, bottom = top - size.height
        var inside = 0, outside = 0
        for y in 0..<50 {
            for x in 0..<120 where cbPixel(ctx, x, y).a > 0 {
                let cx = CGFloat(x) + 0.5, cy = CGFloat(y) + 0.5
                if cx >= 8 && cx <= 12 + size.width && cy >= bottom - 2 && cy <= top + 2 { inside += 1 } else { outside += 1 }
            }
        }
        #expect(inside > 50)
        #expect(outside == 0)
        // Dark ink, not just antialiasing fringe.
        #expect((0..<120).contains { x in (0..<50).contains { cbPixel(ctx, x, $0).a == 255 } })
    }

    @Test func widthGrowsWithLength() {
        let ctx = cbMakeContext(1, 1)
        let a = ctx.measureText("Hi"), b = ctx.measureText("Hi there"), c = ctx.measureText("Hi there, world")
        #expect(a.width < b.width && b.width < c.width)
        #expect(a.height == c.height)
        ctx.setFontSize(24)
        #expect(ctx.measureText("Hi").width > a.width)
    }

    @Test func wrappingAndTruncation() {
        var layout = TextLayout("The quick brown fox jumps over the lazy dog", fontSize: 12)
        let single = layout.measure()
        #expect(single.lineCount == 1)
        layout.wrapWidth = 60
        let wrapped = layout.measure()
        #expect(wrapped.lineCount > 2)
        #expect(wrapped.size.width <= 60)
        #expect(wrapped.size.height > 2 * single.size.height)
        layout.truncation = .end
        layout.maximumNumberOfLines = 1
        let truncated = layout.measure()
        #expect(truncated.lineCount == 1)
        #expect(truncated.size.width <= 60)
    }

    @Test func colourAndAlignment() {
        let ctx = cbMakeContext(100, 30)
        var layout = TextLayout("I", fontSize: 20)
        layout.wrapWidth = 100
        layout.alignment = .right
        ctx.drawText(layout, at: CGPoint(x: 0, y: 8), color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        var minX = 100
        var sawRed = false
        for y in 0..<30 {
            for x in 0..<100 where cbPixel(ctx, x, y).a > 0 {
                minX = min(minX, x)
                let p = cbPixel(ctx, x, y)
                if p.a == 255 { sawRed = sawRed || (p.r == 255 && p.g == 0 && p.b == 0) }
            }
        }
        #expect(minX > 80)  // right-aligned in a 100-wide box
        #expect(sawRed)
    }
}
