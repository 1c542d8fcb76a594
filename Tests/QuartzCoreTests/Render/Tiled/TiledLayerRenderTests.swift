import Testing
import Foundation
@testable import QuartzCore
import RenderTestSupport

/// CATiledLayer drawn: only the visible tiles are drawn, once, at the level matching the scale,
/// on background threads; pixels land right in both host orientations without seams; tiles
/// fade in over `fadeDuration()`; `setNeedsDisplay(_:)` redraws only what it marks; the cache
/// stays under its budget (https://developer.apple.com/documentation/quartzcore/catiledlayer).
@Suite("CATiledLayer rendering", .serialized)   // one process-wide tile budget (TileBudget)
struct TiledLayerRenderTests {
    /// A `side`-point tiled layer at the origin of a `host`-point host.
    func scene(_ t: CATiledLayer, side: CGFloat = 1000, host: CGFloat = 300, flipped: Bool = true)
        -> (CAOffscreenRenderer, TileRecorder) {
        let root = makeRoot(host, host)
        let rec = TileRecorder()
        t.anchorPoint = .zero
        t.frame = CGRect(x: 0, y: 0, width: side, height: side)
        t.delegate = rec
        root.addSublayer(t)
        return (CAOffscreenRenderer(rootLayer: root, size: CGSize(width: host, height: host), flipped: flipped)!, rec)
    }

    @Test func onlyTheVisibleTilesAreDrawnOnceOffTheCallingThread() {
        let t = UnfadedTiledLayer()
        let (r, rec) = scene(t)
        _ = r.frame(at: 0)
        #expect(rec.clips == [CGRect(x: 0, y: 0, width: 256, height: 256), CGRect(x: 256, y: 0, width: 256, height: 256),
                              CGRect(x: 0, y: 256, width: 256, height: 256), CGRect(x: 256, y: 256, width: 256, height: 256)])
        #expect(rec.calls.withLock { $0.allSatisfy { $0.scale == 1 && $0.thread != currentThreadID() } })
        _ = r.frame(at: 1)
        #expect(rec.count == 4)                                   // cached
        withoutActions { t.position = CGPoint(x: -300, y: 0) }     // bounds x 300…600 now visible
        _ = r.frame(at: 2)
        #expect(rec.count == 6)                                   // column 2's two tiles
        #expect(rec.clips.filter { $0.minX == 512 }.count == 2)
        #expect(t.tileStore!.statistics.tiles == 6)
    }

    @Test func zoomedOutTheCoarserLevelIsDrawnAtItsScale() {
        let t = UnfadedTiledLayer()
        t.levelsOfDetail = 3
        let (r, rec) = scene(t)
        withoutActions { t.transform = CATransform3DMakeScale(0.5, 0.5, 1) }   // about the origin (anchor 0, 0)
        _ = r.frame(at: 0)
        // 0.5 px per point: level -1, 512-point tiles at CTM scale 0.5; 600 points visible: 2 × 2.
        #expect(rec.clips == [CGRect(x: 0, y: 0, width: 512, height: 512), CGRect(x: 512, y: 0, width: 488, height: 512),
                              CGRect(x: 0, y: 512, width: 512, height: 488), CGRect(x: 512, y: 512, width: 488, height: 488)])
        #expect(rec.calls.withLock { $0.allSatisfy { $0.scale == 0.5 } })
    }

    @Test func zoomedInAMagnifiedLevelIsDrawn() {
        let t = UnfadedTiledLayer()
        t.levelsOfDetail = 2
        t.levelsOfDetailBias = 1
        let (r, rec) = scene(t)
        withoutActions { t.transform = CATransform3DMakeScale(2, 2, 1) }
        _ = r.frame(at: 0)
        // 2 px per point: level 1, 128-point tiles; 150 points visible: 2 × 2 at CTM scale 2.
        #expect(rec.count == 4 && rec.clips.first == CGRect(x: 0, y: 0, width: 128, height: 128))
        #expect(rec.calls.withLock { $0.allSatisfy { $0.scale == 2 } })
    }

    @Test(arguments: [true, false])
    func pixelsLandWhereTheDelegateDrewThemInEitherOrientation(_ flipped: Bool) {
        let t = UnfadedTiledLayer()
        t.tileSize = CGSize(width: 64, height: 64)
        let (r, rec) = scene(t, side: 300, host: 300, flipped: flipped)
        rec.split = 150; rec.band = 100
        let f = r.frame(at: 0)!
        // Bounds y < 100 is green: the top rows when flipped, the bottom rows when not.
        let greenRow = flipped ? 50 : 250, otherRow = flipped ? 250 : 50
        #expect(f.rgba(20, greenRow) == RGBA(0, 255, 0, 255))
        #expect(f.rgba(100, otherRow) == RGBA(255, 0, 0, 255))
        #expect(f.rgba(200, otherRow) == RGBA(0, 0, 255, 255))
        #expect(rec.count == 25)   // 300 / 64 → 5 × 5 tiles
    }

    @Test func neighbouringTilesMeetWithoutASeam() {
        let t = UnfadedTiledLayer()
        t.tileSize = CGSize(width: 32, height: 32)
        let (r, rec) = scene(t, side: 400, host: 200)
        rec.split = 10_000                                          // all red
        withoutActions { t.transform = CATransform3DConcat(CATransform3DMakeScale(0.7, 0.7, 1),
                                                           CATransform3DMakeTranslation(0.3, 0.45, 0)) }
        let f = r.frame(at: 0)!
        var seams = 0
        for y in 2..<198 { for x in 2..<198 where f.rgba(x, y) != RGBA(255, 0, 0, 255) { seams += 1 } }
        #expect(seams == 0)
    }

    @Test func tilesFadeInOverFadeDuration() {
        let t = CATiledLayer()
        let (r, rec) = scene(t)   // the delegate is weak: keep it
        #expect(r.frame(at: 0)!.rgba(10, 10).a == 0)               // first shown at 0: opacity 0
        #expect(abs(r.frame(at: 0.125)!.rgba(10, 10).a - 128) <= 1) // half way
        #expect(r.frame(at: 0.25)!.rgba(10, 10) == RGBA(255, 0, 0, 255))
        #expect(rec.count == 4)
    }

    /// LayerPlayer's fade slider: a subclass answers a setting the app changes while running;
    /// tiles added after the change fade over the new duration, tiles already shown keep theirs.
    @Test func fadeDurationIsReadForEachTileAsItIsAdded() {
        SlidingFadeTiledLayer.seconds.withLock { $0 = 0.25 }
        let t = SlidingFadeTiledLayer()
        let (r, rec) = scene(t)
        #expect(r.frame(at: 0)!.rgba(10, 10).a == 0)
        SlidingFadeTiledLayer.seconds.withLock { $0 = 2 }          // the slider moves
        #expect(r.frame(at: 0.25)!.rgba(10, 10) == RGBA(255, 0, 0, 255))   // shown tile: 0.25 s
        t.setNeedsDisplay()                                          // new tiles from now on
        #expect(r.frame(at: 1)!.rgba(10, 10).a == 0)
        #expect(abs(r.frame(at: 2)!.rgba(10, 10).a - 128) <= 1)    // half of 2 s
        #expect(r.frame(at: 3)!.rgba(10, 10) == RGBA(255, 0, 0, 255))
        #expect(rec.count == 8)
    }

    @Test func setNeedsDisplayInRectRedrawsOnlyTheTilesItMeets() {
        let t = UnfadedTiledLayer()
        let (r, rec) = scene(t)
        _ = r.frame(at: 0)
        t.setNeedsDisplay(CGRect(x: 10, y: 10, width: 20, height: 20))
        _ = r.frame(at: 1)
        #expect(rec.count == 5)
        #expect(rec.calls.withLock { $0.last?.clip } == CGRect(x: 0, y: 0, width: 256, height: 256))
        t.setNeedsDisplay()
        _ = r.frame(at: 2)
        #expect(rec.count == 9)
    }

    @Test func framesAreTheSameFromAFreshRenderer() {
        func pixels() -> [UInt8] {
            let t = UnfadedTiledLayer()
            let (r, rec) = scene(t)
            rec.split = 123.5; rec.band = 77.25
            withoutActions { t.transform = CATransform3DMakeScale(0.9, 0.9, 1) }
            return r.frame(at: 0)!.makeCGImage()!.straightRGBA8Pixels()!
        }
        #expect(pixels() == pixels())
    }

    @Test func aLiveHostShowsTilesWhenTheyAreReady() async throws {
        let t = UnfadedTiledLayer()
        let (r, rec) = scene(t)
        _ = TiledLayerRendering.$waitsForTiles.withValue(false) { r.frame(at: 0) }
        for _ in 0..<500 where rec.count < 4 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(rec.count == 4)
        let f = TiledLayerRendering.$waitsForTiles.withValue(false) { r.frame(at: 1) }!
        #expect(f.rgba(10, 10) == RGBA(255, 0, 0, 255))
    }

    @Test func scrollingAcrossAHugeLayerKeepsTheCacheUnderItsBudget() {
        let t = UnfadedTiledLayer()
        let (r, rec) = scene(t, side: 100_000, host: 300)
        let budget = 16 * 256 * 256 * 4                          // 16 tiles
        t.tileStore!.budget = TileBudget(bytes: budget)              // its own: tests run in parallel
        var most = 0
        for n in 0..<40 {                                          // diagonally, 2,500 points a frame
            withoutActions { t.position = CGPoint(x: -2_500 * Double(n), y: -2_500 * Double(n)) }
            _ = r.frame(at: Double(n))
            most = max(most, t.tileStore!.statistics.bytes)
        }
        // Each frame draws the tiles its 300-point window meets along x times along y.
        func across(_ s: Double) -> Int { Int(((s + 300) / 256).rounded(.up)) - Int((s / 256).rounded(.down)) }
        var expected = 0
        for n in 0..<40 { let k = across(2_500 * Double(n)); expected += k * k }
        #expect(rec.count == expected)
        #expect(most <= budget && t.tileStore!.statistics.tiles == 16)
    }

    @Test func zoomedOutPastTheCoarsestLevelAFrameDrawsAtMostItsLimit() {
        let t = UnfadedTiledLayer()
        let (r, rec) = scene(t, side: 100_000, host: 300)
        withoutActions { t.transform = CATransform3DMakeScale(0.003, 0.003, 1) }
        let (_, reported) = diagnostics { _ = r.frame(at: 0) }
        // 391² level-0 tiles are visible; the 64 MiB budget holds 256 of 256 × 256 pixels.
        #expect(rec.count == 256 && reported.map(\.kind) == [.invalidValue])
        #expect(t.tileStore!.statistics.tiles == 256)
        // With enough levels, 0.003 px per point is drawn at level -8 (1/256): 65,536-point tiles, 2 × 2.
        let u = UnfadedTiledLayer()
        u.levelsOfDetail = 12
        let (r2, rec2) = scene(u, side: 100_000, host: 300)
        withoutActions { u.transform = CATransform3DMakeScale(0.003, 0.003, 1) }
        _ = r2.frame(at: 0)
        #expect(rec2.count == 4 && rec2.calls.withLock { $0.allSatisfy { $0.scale == 1.0 / 256 } })
    }

    @Test func renderInContextDrawsTheTilesAndCopiesShareTheCache() throws {
        let t = UnfadedTiledLayer()
        let rec = TileRecorder()
        rec.split = 50
        t.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        t.delegate = rec
        CATransaction.flush()
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let ctx = try #require(CGContext(data: nil, width: 100, height: 40, bitsPerComponent: 8, bytesPerRow: 400, space: space,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        t.render(in: ctx)
        let px = ctx.data!.assumingMemoryBound(to: UInt32.self)
        #expect(px[20 * 100 + 10] == 0xFFFF_0000 && px[20 * 100 + 90] == 0xFF00_00FF)   // ARGB: red left, blue right
        #expect(rec.count == 1)
        #expect(t.presentation()?.tileStore === t.tileStore)
    }
}
