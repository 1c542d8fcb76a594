import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// The GPU backend's texture atlas (`GLAtlas`): small bitmaps share pages, so quads drawing
/// different bitmaps are one draw call, with the pixels of a texture of their own (no texel of
/// a neighbouring bitmap under bilinear filtering); pages are evicted under the cache's budget.
@Suite("GPU texture atlas", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"), .serialized)
struct GPUAtlasTests {
    static let own = try? GLCompositor()
    var gpu: GLCompositor { Self.own! }

    /// A bitmap with a one-texel frame of `edge` around `inside` (straight RGB).
    static func framed(_ w: Int, _ h: Int, edge: (UInt8, UInt8, UInt8), inside: (UInt8, UInt8, UInt8)) throws -> TextureResource {
        try Probe.texture(width: w, height: h) { x, y in x == 0 || y == 0 || x == w - 1 || y == h - 1 ? edge : inside }
    }

    @Test func smallBitmapsDrawnScaledShareADrawCallWithTheCPUsPixels() throws {
        let side = 120
        var quads: [DrawQuad] = [.solidColor(CGRect(x: 0, y: 0, width: side, height: side), Probe.white)]
        for i in 0..<24 {
            let v = UInt8(i * 10)
            let t = try Self.framed(5 + i % 4, 4 + i % 3, edge: (255, v, 0), inside: (0, 255 - v, 255))
            // Magnified about 3–4×, at fractional positions; even cells clamp, odd ones fade out.
            let cell = CGRect(x: Double(i % 6) * 20 + 1.3, y: Double(i / 6) * 28 + 0.6, width: 17.5, height: 15.25)
            quads.append(.texture(cell, t, filter: i < 16 ? .linear : .nearest, edge: i % 2 == 0 ? .clamp : .transparent))
        }
        var target = try #require(PixelBuffer(width: side, height: side))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: side, height: side, quads: quads)], into: &target)
        // One atlas page; nearest and linear are the page's sampler state, so two runs.
        #expect(gpu.lastDrawCalls == 2)
        let cpu = try Probe.render(.cpu, quads, width: side, height: side)
        let bad = RenderPaths.mismatches(cpu.words, target.words, side, side)
        #expect(bad.isEmpty, "\(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")")
    }

    @Test func aBitmapsEdgeTexelsNeverBlendWithItsNeighboursInThePage() throws {
        // Red and green bitmaps packed next to each other, each drawn magnified 8× over whole
        // pixels: every pixel of the red quad is red, to the last one at its edges.
        let red = try Probe.texture(width: 4, height: 4) { _, _ in (255, 0, 0) }
        let green = try Probe.texture(width: 4, height: 4) { _, _ in (0, 255, 0) }
        let blue = try Probe.texture(width: 4, height: 4) { _, _ in (0, 0, 255) }
        let quads: [DrawQuad] = [.texture(CGRect(x: 0, y: 0, width: 32, height: 32), red),
                                 .texture(CGRect(x: 32, y: 0, width: 32, height: 32), green),
                                 .texture(CGRect(x: 0, y: 32, width: 32, height: 32), blue)]
        var target = try #require(PixelBuffer(width: 64, height: 64))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 64, quads: quads)], into: &target)
        #expect(gpu.lastDrawCalls == 1)
        for y in 0..<32 {
            for x in 0..<32 {
                #expect(Probe.matches(target, x, y, 255, 0, 0, 255, tolerance: 0), "(\(x), \(y))")
                #expect(Probe.matches(target, 32 + x, y, 0, 255, 0, 255, tolerance: 0), "(\(32 + x), \(y))")
                #expect(Probe.matches(target, x, 32 + y, 0, 0, 255, 255, tolerance: 0), "(\(x), \(32 + y))")
            }
        }
    }

    @Test func aBitmapMinifiedWithTrilinearFilteringLeavesThePageForItsOwnMipmappedTexture() throws {
        // Stripes one texel wide: level 1 is their average.
        let stripes = try Probe.texture(width: 64, height: 64) { x, _ in x % 2 == 0 ? (255, 0, 0) : (0, 0, 255) }
        let whole = CGRect(x: 0, y: 0, width: 64, height: 64)
        var target = try #require(PixelBuffer(width: 64, height: 64))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 64, height: 64, quads: [.texture(whole, stripes)])], into: &target)
        let before = gpu.atlasUsage.bitmaps
        let small = [DrawQuad.texture(CGRect(x: 0, y: 0, width: 16, height: 16), stripes, filter: .trilinear)]
        target = try #require(PixelBuffer(width: 16, height: 16))
        try gpu.draw([RenderPass(id: RenderPassID(0), width: 16, height: 16, quads: small)], into: &target)
        #expect(gpu.atlasUsage.bitmaps == before - 1)
        let cpu = try Probe.render(.cpu, small, width: 16, height: 16)
        #expect(RenderPaths.mismatches(cpu.words, target.words, 16, 16).isEmpty)
        #expect(Probe.matches(target, 8, 8, 128, 0, 128, 255, tolerance: 3))
    }

    @Test func pagesOverTheBudgetAreEvictedAndTheirBitmapsUploadedAgain() throws {
        // Small pages (a 256-texel limit: 256² pages, bitmaps up to 64 a side), a budget of 4.
        let gl = try GLCompositor(maximumTextureSize: 256)
        #expect(gl.atlasSides.page == 256 && gl.atlasSides.largestBitmap == 64)
        let page = 256 * 256 * 4
        gl.setTextureBudget(4 * page)
        // 100 bitmaps of 60 × 60 (62 with the border): 16 a page, so 7 pages in one frame.
        let textures = try (0..<100).map { i in try Probe.texture(width: 60, height: 60) { _, _ in (UInt8(i), 0, 255) } }
        func frame(_ indices: [Int]) throws -> PixelBuffer {
            let quads = indices.enumerated().map { k, i in
                DrawQuad.texture(CGRect(x: (k % 10) * 6, y: (k / 10) * 6, width: 6, height: 6), textures[i])
            }
            var target = try #require(PixelBuffer(width: 60, height: 60))
            try gl.draw([RenderPass(id: RenderPassID(0), width: 60, height: 60, quads: quads)], into: &target)
            return target
        }
        let first = try frame(Array(0..<100))
        #expect(Probe.matches(first, 57, 57, 99, 0, 255, 255, tolerance: 1))
        #expect(gl.cachedTextures.bytes <= 4 * page)
        #expect(gl.atlasUsage.pages <= 4)
        // The first bitmaps were in the pages used least recently: drawn again, they are
        // uploaded again, and right.
        let again = try frame(Array(0..<10))
        for k in 0..<10 { #expect(Probe.matches(again, k * 6 + 3, 3, k, 0, 255, 255, tolerance: 1)) }
        #expect(gl.cachedTextures.bytes <= 4 * page)
    }

    @Test func bitmapsOfOneFrameGiveTheirRoomBackForTheNext() throws {
        // Text changed every frame is rasterised into new bitmaps each frame: the pages are
        // reused, not added to.
        let gl = try GLCompositor(maximumTextureSize: 512)
        let grid = TextGrid(count: 40, columns: 4)
        grid.renderer.backend = gl
        var pages: [Int] = []
        for n in 1...4 {
            grid.setStrings(frame: n)
            let frame = try #require(grid.renderer.frame(at: Double(n) / 60))
            #expect(gl.lastDrawCalls <= 2)
            pages.append(gl.atlasUsage.pages)
            let cpu = TextGrid(count: 40, columns: 4)
            cpu.setStrings(frame: n)
            let expected = try #require(cpu.renderer.frame(at: Double(n) / 60))
            let bad = RenderPaths.mismatches(expected.words, frame.words, TextGrid.width, TextGrid.height)
            #expect(bad.isEmpty, "frame \(n): \(bad.count) pixels differ")
        }
        #expect(pages.allSatisfy { $0 == pages[0] }, "\(pages)")
    }
}

/// `count` CATextLayers of 12-point text on white, in `columns` columns of 100 × 16 points
/// (cabench's text-layers scene, smaller).
final class TextGrid {
    static let width = 400, height = 200
    let root = CALayer()
    var layers: [CATextLayer] = []
    let renderer: CAOffscreenRenderer

    init(count: Int, columns: Int) {
        root.bounds = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<count {
            let l = CATextLayer()
            l.anchorPoint = .zero
            l.frame = CGRect(x: Double(i % columns) * 100, y: Double(i / columns) * 16, width: 98, height: 16)
            l.fontSize = 12
            l.foregroundColor = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(l)
            layers.append(l)
        }
        CATransaction.commit()
        renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: Self.width, height: Self.height))!
    }

    func setStrings(frame n: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, l) in layers.enumerated() { l.string = "Item \(i) · frame \(n)" }
        CATransaction.commit()
        CATransaction.flush()
    }
}
