import Testing
import Foundation
@testable import QuartzCore

/// CATiledLayer's properties: Apple's defaults, KVC, the clamping of bad values, and the levels
/// of detail they give (https://developer.apple.com/documentation/quartzcore/catiledlayer).
@Suite("CATiledLayer properties")
struct TiledLayerPropertyTests {
    @Test func defaultsAreApples() {
        let t = CATiledLayer()
        #expect(t.tileSize == CGSize(width: 256, height: 256))
        #expect(t.levelsOfDetail == 1)
        #expect(t.levelsOfDetailBias == 0)
        #expect(CATiledLayer.fadeDuration() == 0.25)
        #expect((CATiledLayer.defaultValue(forKey: "levelsOfDetail") as? NSNumber)?.intValue == 1)
        #expect(t.tileStore != nil && t.tileStore?.fadeDuration == 0.25)
    }

    @Test func kvcReadsAndWritesTheProperties() {
        let t = CATiledLayer()
        t.setValue(NSNumber(value: 4), forKey: "levelsOfDetail")
        t.setValue(2, forKey: "levelsOfDetailBias")
        t.setValue(NSValue(size: CGSize(width: 512, height: 128)), forKey: "tileSize")
        #expect(t.levelsOfDetail == 4 && t.levelsOfDetailBias == 2)
        #expect(t.tileSize == CGSize(width: 512, height: 128))
        #expect((t.value(forKey: "levelsOfDetail") as? NSNumber)?.intValue == 4)
        let kinds = reportedKinds { t.setValue(2.5, forKey: "levelsOfDetail") }   // not a whole number
        #expect(t.levelsOfDetail == 4 && kinds == [.invalidValue])
    }

    @Test func badValuesAreClampedAndReported() {
        let t = CATiledLayer()
        var kinds = reportedKinds { t.tileSize = .zero }
        #expect(t.tileSize == CGSize(width: 16, height: 16) && kinds == [.invalidValue])
        kinds = reportedKinds { t.tileSize = CGSize(width: 1e6, height: 100) }
        #expect(t.tileSize == CGSize(width: 2048, height: 100) && kinds == [.invalidValue])
        kinds = reportedKinds { t.tileSize = CGSize(width: CGFloat.nan, height: 100) }
        #expect(t.tileSize == CGSize(width: 2048, height: 100) && kinds == [.nonFiniteValue])
        kinds = reportedKinds { t.levelsOfDetail = 1000 }
        #expect(t.levelsOfDetail == 32 && kinds == [.invalidValue])
        kinds = reportedKinds { t.levelsOfDetailBias = -3 }
        #expect(t.levelsOfDetailBias == 0 && kinds == [.invalidValue])
    }

    func grid(_ bounds: CGRect, levels: Int, bias: Int, scale: CGFloat = 1) -> TileGrid {
        var st = LayerState()
        st.bounds = bounds
        st.contentsScale = scale
        st.tiled.levelsOfDetail = levels
        st.tiled.levelsOfDetailBias = bias
        return TileGrid(st)!
    }

    @Test func levelsRunFromTheBiasDownAndMatchTheScale() {
        let g = grid(CGRect(x: 0, y: 0, width: 1000, height: 1000), levels: 4, bias: 2)
        #expect(g.finestLevel == 2 && g.coarsestLevel == -1)
        #expect(g.level(forPixelsPerPoint: 1) == 0)
        #expect(g.level(forPixelsPerPoint: 1.5) == 1)
        #expect(g.level(forPixelsPerPoint: 3) == 2)
        #expect(g.level(forPixelsPerPoint: 16) == 2)       // past the finest: the finest
        #expect(g.level(forPixelsPerPoint: 0.5) == -1)
        #expect(g.level(forPixelsPerPoint: 0.01) == -1)    // past the coarsest: the coarsest
        #expect(g.span(ofLevel: -1) == (512, 512) && g.span(ofLevel: 2) == (64, 64))
        // contentsScale 2: level 0 is 2 px/pt, a tile spans 128 points.
        #expect(grid(CGRect(x: 0, y: 0, width: 1000, height: 1000), levels: 1, bias: 0, scale: 2).span(ofLevel: 0) == (128, 128))
    }

    @Test func theCoarsestLevelKeepsAPixel() {
        // 4 points: 4 px, 2 px, 1 px are levels 0, -1, -2; a thousand levels asked for give three.
        let g = grid(CGRect(x: 0, y: 0, width: 4, height: 400), levels: 1000, bias: 0)
        #expect(g.coarsestLevel == -2 && g.finestLevel == 0)
    }

    @Test func visibleTilesAndTheFrameLimit() {
        let g = grid(CGRect(x: 0, y: 0, width: 100_000, height: 100_000), levels: 1, bias: 0)
        let (keys, cut) = g.tiles(in: CGRect(x: 250, y: 0, width: 300, height: 10), level: 0, limit: 100)
        #expect(keys.map(\.column) == [0, 1, 2] && keys.allSatisfy { $0.row == 0 } && !cut)
        #expect(g.rect(of: TileKey(level: 0, column: 390, row: 0)) == CGRect(x: 99_840, y: 0, width: 160, height: 256))
        let all = g.tiles(in: g.bounds, level: 0, limit: 256)   // 391² tiles wanted
        #expect(all.truncated && all.keys.count == 256)
        #expect(all.keys.contains(TileKey(level: 0, column: 195, row: 195)))   // the centre's
    }
}
