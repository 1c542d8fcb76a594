import Testing
import CoreGraphics

/// Apple's bitmap initializer is failable: unsupported parameter combinations return nil
/// (https://developer.apple.com/documentation/coregraphics/cgcontext/1455939-init). Nothing here
/// may crash or allocate without bound.
@Suite("CGContext bad input")
struct CGContextBadInputTests {
    let rgb = CGColorSpaceCreateDeviceRGB()
    let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

    func make(_ w: Int, _ h: Int, bpc: Int = 8, row: Int = 0, info: UInt32? = nil,
              space: CGColorSpace? = nil) -> CGContext? {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: bpc, bytesPerRow: row,
                  space: space ?? rgb, bitmapInfo: info ?? rgba)
    }

    @Test func nonPositiveSizesAreRejected() {
        #expect(make(0, 10) == nil)
        #expect(make(10, 0) == nil)
        #expect(make(-5, 10) == nil)
        #expect(make(10, -1) == nil)
    }

    @Test func overLimitSizesAreRejectedWithoutAllocating() {
        #expect(make(CGImage.maximumDimension + 1, 1) == nil)
        #expect(make(30_000, 30_000) == nil)           // 3.6 GB: over maximumByteCount
        #expect(make(Int.max, Int.max) == nil)
        #expect(make(1, 1, row: Int.max) == nil)
    }

    @Test func bytesPerRowTooSmallIsRejected() {
        #expect(make(10, 10, row: 39) == nil)          // 10 RGBA pixels need 40 bytes
        #expect(make(10, 10, row: 40) != nil)
        #expect(make(10, 10, row: 48)?.bytesPerRow == 48)
    }

    @Test func unsupportedFormatsAreRejected() {
        #expect(make(4, 4, bpc: 16) == nil)
        #expect(make(4, 4, info: CGImageAlphaInfo.last.rawValue) == nil)   // straight alpha: Apple rejects
        #expect(make(4, 4, info: CGImageAlphaInfo.none.rawValue) == nil)   // 24-bit RGB: unsupported
        #expect(make(4, 4, info: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.floatComponents.rawValue) == nil)
        #expect(make(4, 4, info: CGImageAlphaInfo.premultipliedLast.rawValue, space: CGColorSpaceCreateDeviceGray()) == nil)
    }

    @Test func nonFiniteAndHugeGeometryDrawsNothingOrClips() {
        let ctx = make(20, 20)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
        ctx.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5))
        ctx.translateBy(x: .nan, y: 0)
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.scaleBy(x: 0, y: 0)                    // singular CTM: drawing is skipped, not broken
        ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        let data = ctx.data!.assumingMemoryBound(to: UInt8.self)
        let touched = (0..<(20 * 20 * 4)).filter { data[$0] != 0 }.count
        // Only the infinite-width fill may have painted (clipped to the bitmap): rows 15…19.
        #expect(touched == 0 || touched == 20 * 5 * 4)
        // The context still works after all of that.
        ctx.resetClip()
        let fresh = make(4, 4)!
        fresh.fill(CGRect(x: 0, y: 0, width: 1e12, height: 1e12))
        #expect(pixel(fresh, 0, 0) == .black)
    }
}
