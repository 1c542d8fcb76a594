import Testing
import Foundation
import CoreGraphics
import Synchronization

/// Paths reaching past ±2²² device units: cairo keeps path points in 24.8 fixed point, which
/// wraps there, so a 1e300 vertex used to draw a mirrored, garbage shape. Every cairo-backed
/// context (bitmap and PDF) now drops such a path and says so once.
@Suite("CGContext far paths")
struct CGContextFarPathTests {
    /// A triangle with one vertex at `far` (user space), filled red in a 40 × 40 bitmap.
    func fillTriangle(_ ctx: CGContext, far: CGPoint) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: far)
        p.addLine(to: CGPoint(x: 0, y: 40))
        p.closeSubpath()
        ctx.addPath(p)
        ctx.fillPath()
    }

    func paintedPixels(_ ctx: CGContext) -> Int {
        var n = 0
        for y in 0..<ctx.height { for x in 0..<ctx.width where pixel(ctx, x, y).a != 0 { n += 1 } }
        return n
    }

    @Test func aFarVertexDrawsNothingAndIsReportedOnce() {
        let ctx = makeContext()
        let notes = collect {
            fillTriangle(ctx, far: CGPoint(x: 1e300, y: 20))
            fillTriangle(ctx, far: CGPoint(x: -1e7, y: 20))      // past 2²² too
            ctx.addPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 1e9, height: 10), transform: nil))
            ctx.strokePath()
        }
        #expect(paintedPixels(ctx) == 0)
        #expect(notes.map(\.kind) == [.invalidValue] && notes.first?.subject == "path")
        // The next path draws as usual: the context is not left in an error state.
        fillTriangle(ctx, far: CGPoint(x: 40, y: 20))
        #expect(pixel(ctx, user: 5, 20) == .red)
    }

    @Test func theLimitIsInDeviceSpace() {
        // 1e6 user units are fine at scale 1, but not once scaled by 100.
        let ctx = makeContext()
        ctx.scaleBy(x: 1e-4, y: 1)
        fillTriangle(ctx, far: CGPoint(x: 1e6, y: 20))          // 100 device pixels: drawn
        #expect(pixel(ctx, user: 5, 20) == .red)
        let big = makeContext()
        big.scaleBy(x: 100, y: 1)
        let notes = collect { fillTriangle(big, far: CGPoint(x: 1e6, y: 20)) }
        #expect(paintedPixels(big) == 0 && notes.count == 1)
    }

    @Test func aFarClipLeavesNothingDrawable() {
        let ctx = makeContext()
        let notes = collect {
            ctx.addPath(CGPath(rect: CGRect(x: -1e300, y: 0, width: 2e300, height: 40), transform: nil))
            ctx.clip()
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        #expect(paintedPixels(ctx) == 0 && notes.count == 1)
    }

    @Test func aPDFContextDropsTheFarPathToo() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("far-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: url) }
        var box = CGRect(x: 0, y: 0, width: 40, height: 40)
        let ctx = try #require(CGContext(url as CFURL, mediaBox: &box, nil))
        let notes = collect {
            ctx.beginPDFPage(nil)
            fillTriangle(ctx, far: CGPoint(x: 1e300, y: 20))
            ctx.move(to: CGPoint(x: 0, y: 0))
            ctx.addCurve(to: CGPoint(x: 40, y: 0), control1: CGPoint(x: 0, y: -1e300), control2: CGPoint(x: 40, y: 0))
            ctx.strokePath()
            ctx.endPDFPage()
            ctx.closePDF()
        }
        #expect(notes.count == 1)
        #expect(try Data(contentsOf: url).count > 0)
    }

    /// The notes `body` reports.
    func collect(_ body: () -> Void) -> [CGDiagnostic] {
        let notes = Mutex<[CGDiagnostic]>([])
        CGDiagnostics.withHandler({ d in notes.withLock { $0.append(d) } }) { body() }
        return notes.withLock { $0 }
    }
}
