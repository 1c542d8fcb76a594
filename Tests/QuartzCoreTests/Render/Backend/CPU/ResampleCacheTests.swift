import Testing
import CoreGraphics
@testable import QuartzCore

/// Scaled textures are resampled once at device scale when their scale and pixel phase hold
/// from one frame to the next, then copied; the pixels stay those of a direct draw.
@Suite("Resample cache")
struct ResampleCacheTests {
    let size = 96

    func texture() throws -> TextureResource {
        // Translucent and varied, with transparent texels, so edges and OVER both matter.
        let words = (0..<(40 * 40)).map { i -> UInt32 in
            let a = UInt32(i * 37 % 256)
            let c = UInt32(i * 13 % 256) * a / 255
            return a << 24 | c << 16 | (a - c / 2) << 8 | (a / 3)
        }
        return try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: 40, height: 40, bytesPerRow: 160) })
    }

    func quad(_ t: TextureResource, x: Double, scale: Double = 1.7, opacity: Double = 0.6, clip: CGRect? = nil) -> DrawQuad {
        .texture(CGRect(x: 0, y: 0, width: 40, height: 40), t,
                 state: SharedQuadState(transform: .scale(x: scale, y: scale).concatenating(.translation(x: x, y: 5.25)),
                                        opacity: opacity, clip: clip))
    }

    func draw(_ q: DrawQuad, _ c: CPUCompositor) throws -> PixelBuffer {
        var b = try #require(PixelBuffer(width: size, height: size))
        b.words.withUnsafeMutableBufferPointer { $0.update(repeating: 0xFF20_4060) }   // something to draw over
        try c.draw([RenderPass(id: RenderPassID(0), width: size, height: size, quads: [q])], into: &b)
        return b
    }

    /// The largest difference of any channel between two frames.
    func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var m = 0
        for (x, y) in zip(a.words, b.words) {
            for k in 0..<4 {
                let u = Int((x >> UInt32(k * 8)) & 0xFF), v = Int((y >> UInt32(k * 8)) & 0xFF)
                m = max(m, abs(u - v))
            }
        }
        return m
    }

    @Test func aQuadDrawnTwiceAtTheSameScaleIsKeptAndDrawnAlmostAsDirectly() throws {
        let t = try texture()
        let cached = CPUCompositor(threadCount: 1)
        let first = try draw(quad(t, x: 3.25), cached)
        #expect(cached.resampleCache.count == 0)   // seen once: drawn directly
        let second = try draw(quad(t, x: 3.25), cached)
        #expect(cached.resampleCache.count == 1)
        let direct = try draw(quad(t, x: 3.25), CPUCompositor(threadCount: 1))
        #expect(first.words == direct.words)
        // Interior pixels are the same words; edge pixels round coverage and opacity apart.
        #expect(maxDifference(first, second) <= 2)
        let interior = (7..<72).flatMap { y in (5..<70).map { (y * size) + $0 } }
        #expect(interior.allSatisfy { first.words[$0] == second.words[$0] })
        let third = try draw(quad(t, x: 3.25), cached)
        #expect(third.words == second.words)
    }

    @Test func aQuadMovedByWholePixelsReusesTheBitmap() throws {
        let t = try texture()
        let c = CPUCompositor(threadCount: 1)
        _ = try draw(quad(t, x: 3.25), c)
        let a = try draw(quad(t, x: 3.25), c)
        let b = try draw(quad(t, x: 13.25), c)
        #expect(c.resampleCache.count == 1)
        #expect(a.pixel(x: 30, y: 30) == b.pixel(x: 40, y: 30))
        let direct = try draw(quad(t, x: 13.25), CPUCompositor(threadCount: 1))
        #expect(maxDifference(b, direct) <= 2)
    }

    @Test func aQuadWhoseScaleOrPhaseChangesEveryFrameIsNeverKept() throws {
        let t = try texture()
        let c = CPUCompositor(threadCount: 1)
        for i in 0..<6 { _ = try draw(quad(t, x: 3.25, scale: 1.5 + Double(i) * 0.01), c) }
        for i in 0..<6 { _ = try draw(quad(t, x: 3.25 + Double(i) * 0.1), c) }
        #expect(c.resampleCache.count == 0)
    }

    /// A quad mostly outside its clip (the edge of a frame's damage) copies the bitmap that
    /// unclipped frames keep, so its pixels in the clip are a full repaint's; without a kept
    /// bitmap it is drawn directly and no bitmap is made for it.
    @Test func aMostlyClippedQuadCopiesAKeptBitmapButNeverMakesOne() throws {
        let t = try texture()
        let clip = CGRect(x: 60, y: 30, width: 8, height: 20)   // 160 of the quad's 69×69 px
        let c = CPUCompositor(threadCount: 1)
        _ = try draw(quad(t, x: 3.25), c)
        let kept = try draw(quad(t, x: 3.25), c)
        #expect(c.resampleCache.count == 1)
        let clipped = try draw(quad(t, x: 3.25, clip: clip), c)
        var changed = 0
        for y in 0..<size {
            for x in 0..<size {
                let inside = clip.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let want = inside ? kept.words[y * size + x] : 0xFF20_4060
                if clipped.words[y * size + x] != want { changed += 1 }
            }
        }
        #expect(changed == 0)
        // The same quad at a new phase, only ever mostly clipped: drawn directly, never kept.
        let fresh = CPUCompositor(threadCount: 1)
        for _ in 0..<3 { _ = try draw(quad(t, x: 3.5, clip: clip), fresh) }
        #expect(fresh.resampleCache.count == 0)
        let direct = try draw(quad(t, x: 3.5), CPUCompositor(threadCount: 1))
        let alone = try draw(quad(t, x: 3.5, clip: clip), fresh)
        #expect(alone.words[40 * size + 62] == direct.words[40 * size + 62])
    }

    /// A bitmap made in this frame is not "kept" for quads that may only copy kept ones, so a
    /// band never draws differently because another band made a bitmap meanwhile.
    @Test func onlyBitmapsOfEarlierFramesCountAsKept() throws {
        let cache = PixelCache<Int>()
        let t = try texture()
        cache.beginFrame()
        cache.insert(7, PixelCache<Int>.Entry(owner: t, texture: t, originX: 0, originY: 0, lastUse: 0))
        #expect(cache.lookup(7) != nil)
        #expect(cache.lookup(7, keptOnly: true) == nil)
        cache.beginFrame()
        #expect(cache.lookup(7, keptOnly: true)?.texture === t)
    }

    @Test func bandedFramesUseTheCacheAsOneThreadDoes() throws {
        let t = try texture()
        let one = CPUCompositor(threadCount: 1), four = CPUCompositor(threadCount: 4)
        let big = DrawQuad.texture(CGRect(x: 0, y: 0, width: 40, height: 40), t,
                                   state: SharedQuadState(transform: .scale(x: 7.3, y: 7.3).concatenating(.translation(x: 0.5, y: 0)),
                                                          opacity: 0.8))
        func frame(_ c: CPUCompositor) throws -> PixelBuffer {
            var b = try #require(PixelBuffer(width: 300, height: 300))
            try c.draw([RenderPass(id: RenderPassID(0), width: 300, height: 300, quads: [big])], into: &b)
            return b
        }
        for _ in 0..<3 {
            let a = try frame(one), b = try frame(four)
            #expect(a.words == b.words)
        }
        #expect(one.resampleCache.count == 1 && four.resampleCache.count == 1)
    }
}
