import Testing
import CoreGraphics
@testable import CoreGraphics
import CQuartzCairo

// Test-only helpers for part B, prefixed `cb` so they cannot clash with other suites'
// helpers. The core drawing API (fill, colours, paths) is built on another branch, so shapes
// are painted here with cairo directly, through the same paint-effects hook the real fill uses.

/// A premultiplied BGRA (cairo-native, drawn directly) bitmap context.
func cbMakeContext(_ width: Int, _ height: Int) -> CGContext {
    CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
              space: CGColorSpaceCreateDeviceRGB(),
              bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little))!
}

/// Premultiplied (r, g, b, a) bytes of the pixel whose bottom-left corner is (x, y) in y-up
/// user space.
func cbPixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let row = ctx.height - 1 - y
    let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + row * ctx.bytesPerRow + 4 * x
    return (Int(p[2]), Int(p[1]), Int(p[0]), Int(p[3]))
}

func cbClose(_ p: (r: Int, g: Int, b: Int, a: Int), _ e: (Int, Int, Int, Int), tol: Int = 2) -> Bool {
    abs(p.r - e.0) <= tol && abs(p.g - e.1) <= tol && abs(p.b - e.2) <= tol && abs(p.a - e.3) <= tol
}

/// Fills a user-space rectangle with a straight-alpha colour through the paint effects.
func cbFillRect(_ ctx: CGContext, _ r: CGRect, _ c: (Double, Double, Double, Double)) {
    let cr = ctx.cr
    cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    ctx.withPaintEffects {
        cairo_set_source_rgba(cr, c.0, c.1, c.2, c.3)
        cairo_fill(cr)
    }
    ctx.didDraw(userExtents: nil)
}

/// Fills a polygon through the paint effects.
func cbFillPolygon(_ ctx: CGContext, _ points: [CGPoint], _ c: (Double, Double, Double, Double)) {
    let cr = ctx.cr
    for (i, p) in points.enumerated() {
        if i == 0 { cairo_move_to(cr, Double(p.x), Double(p.y)) } else { cairo_line_to(cr, Double(p.x), Double(p.y)) }
    }
    cairo_close_path(cr)
    ctx.withPaintEffects {
        cairo_set_source_rgba(cr, c.0, c.1, c.2, c.3)
        cairo_fill(cr)
    }
    ctx.didDraw(userExtents: nil)
}

/// Strokes a line of the given width in opaque black through the paint effects.
func cbStrokeLine(_ ctx: CGContext, from a: CGPoint, to b: CGPoint, width: Double) {
    let cr = ctx.cr
    cairo_set_line_width(cr, width)
    cairo_move_to(cr, Double(a.x), Double(a.y))
    cairo_line_to(cr, Double(b.x), Double(b.y))
    ctx.withPaintEffects {
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_stroke(cr)
    }
    ctx.didDraw(userExtents: nil)
}
