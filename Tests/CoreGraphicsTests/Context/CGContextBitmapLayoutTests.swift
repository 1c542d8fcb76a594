import Testing
import CoreGraphics

/// Drawing into each supported bitmap layout leaves the right bytes in `data`, row 0 at the
/// top. Expected bytes follow Apple's layout definitions: premultipliedFirst + 32Little is
/// B, G, R, A in memory; premultipliedLast (default order) is R, G, B, A; noneSkipLast is
/// R, G, B, x; gray and alpha-only are one byte per pixel.
@Suite("CGContext bitmap layouts")
struct CGContextBitmapLayoutTests {
    func bytes(_ ctx: CGContext, _ x: Int, _ yFromTop: Int, _ n: Int) -> [UInt8] {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + yFromTop * ctx.bytesPerRow + x * n
        return (0..<n).map { p[$0] }
    }

    /// Fills the bottom 2×… rows orange (r 1, g 0.5, b 0) at `alpha` and returns the context.
    func draw(_ info: CGBitmapInfo, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(), alpha: CGFloat = 1) -> CGContext {
        let ctx = makeContext(8, 8, info: info, space: space)
        ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: alpha)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 2))        // rows 6 and 7 from the top
        return ctx
    }

    @Test func premultipliedFirst32LittleIsBGRA() {
        let ctx = draw(CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little))
        #expect(bytes(ctx, 3, 7, 4) == [0, 128, 255, 255])
        #expect(bytes(ctx, 3, 5, 4) == [0, 0, 0, 0])
        let half = draw(CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little), alpha: 0.5)
        #expect(pixel(half, 3, 6).isClose(to: Pixel(128, 64, 0, 128), tolerance: 1))
    }

    @Test func premultipliedLastIsRGBA() {
        let ctx = draw(CGBitmapInfo(alphaInfo: .premultipliedLast))
        #expect(bytes(ctx, 0, 6, 4) == [255, 128, 0, 255])
        #expect(bytes(ctx, 0, 5, 4) == [0, 0, 0, 0])
        let half = draw(CGBitmapInfo(alphaInfo: .premultipliedLast), alpha: 0.5)
        let b = bytes(half, 7, 7, 4).map(Int.init)
        #expect(Pixel(b[0], b[1], b[2], b[3]).isClose(to: Pixel(128, 64, 0, 128), tolerance: 1))
    }

    @Test func noneSkipLastIsRGBx() {
        let ctx = draw(CGBitmapInfo(alphaInfo: .noneSkipLast))
        #expect(Array(bytes(ctx, 2, 7, 4)[0..<3]) == [255, 128, 0])
        // Translucent colour over the (opaque) black start blends with black.
        let half = draw(CGBitmapInfo(alphaInfo: .noneSkipLast), alpha: 0.5)
        let b = bytes(half, 2, 7, 4).map(Int.init)
        #expect(Pixel(b[0], b[1], b[2], 255).isClose(to: Pixel(128, 64, 0, 255), tolerance: 1))
    }

    @Test func otherRGBOrders() {
        // noneSkipFirst + 32Little: B, G, R, x (cairo's RGB24, drawn in place).
        let bgrx = draw(CGBitmapInfo(alphaInfo: .noneSkipFirst, byteOrder: .order32Little))
        #expect(Array(bytes(bgrx, 1, 6, 4)[0..<3]) == [0, 128, 255])
        #expect(pixel(bgrx, 1, 6) == Pixel(255, 128, 0, 255))
        // premultipliedFirst, default (big-endian) order: A, R, G, B.
        let argb = draw(CGBitmapInfo(alphaInfo: .premultipliedFirst))
        #expect(bytes(argb, 1, 7, 4) == [255, 255, 128, 0])
    }

    @Test func gray8() {
        let ctx = makeContext(8, 8, info: CGBitmapInfo(alphaInfo: .none), space: CGColorSpaceCreateDeviceGray())
        #expect(ctx.bitsPerPixel == 8)
        ctx.setFillColor(gray: 0.25, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 1))
        #expect(bytes(ctx, 4, 7, 1) == [64])
        #expect(bytes(ctx, 4, 6, 1) == [0])
        // No alpha channel: a clear gives black, and translucent white then blends with it.
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
        ctx.clear(CGRect(x: 0, y: 4, width: 8, height: 4))
        ctx.setFillColor(gray: 1, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 4, width: 8, height: 4))
        #expect(abs(Int(bytes(ctx, 1, 1, 1)[0]) - 128) <= 1)
    }

    @Test func alphaOnly8() {
        let ctx = makeContext(8, 8, info: CGBitmapInfo(alphaInfo: .alphaOnly))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 6, width: 8, height: 2))        // top two rows
        #expect(abs(Int(bytes(ctx, 5, 0, 1)[0]) - 128) <= 1)
        #expect(bytes(ctx, 5, 2, 1) == [0])
    }

    @Test func drawsOverCallerBuffer() {
        // A caller buffer pre-filled with opaque white (RGBA), non-native layout with padded rows.
        let rowBytes = 40
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * 4, alignment: 4)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 255, count: rowBytes * 4)
        let ctx = CGContext(data: buffer, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: rowBytes,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        #expect(ctx.data == buffer)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 3, width: 1, height: 1))        // top-left pixel
        let p = buffer.assumingMemoryBound(to: UInt8.self)
        #expect([p[0], p[1], p[2], p[3]] == [0, 0, 255, 255])
        #expect([p[4], p[5], p[6], p[7]] == [255, 255, 255, 255])
        #expect(p[rowBytes + 0] == 255)
        #expect(p[16] == 255)      // padding after the row is left alone
    }
}
