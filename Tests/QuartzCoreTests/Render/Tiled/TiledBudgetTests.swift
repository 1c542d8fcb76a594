import Testing
import Foundation
@testable import QuartzCore

/// CATiledLayer's tile cache budget is one per process (64 MiB by default), shared by every
/// tiled layer with one least-recently-used order, so many tiled layers together stay under it.
@Suite("CATiledLayer shared tile budget", .serialized)
struct TiledBudgetTests {
    /// Two 100,000-point tiled layers side by side, each seen through a 256-point window.
    func scene(_ budget: TileBudget) -> (CAOffscreenRenderer, [CATiledLayer]) {
        let root = makeRoot(512, 256)
        var layers: [CATiledLayer] = []
        for i in 0..<2 {
            let clip = CALayer()
            clip.frame = CGRect(x: 256 * CGFloat(i), y: 0, width: 256, height: 256)
            clip.masksToBounds = true
            let t = UnfadedTiledLayer()
            t.anchorPoint = .zero
            t.frame = CGRect(x: 0, y: 0, width: 100_000, height: 100_000)
            t.delegate = TileRecorder()
            t.tileStore!.budget = budget
            clip.addSublayer(t)
            root.addSublayer(clip)
            layers.append(t)
        }
        return (CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 512, height: 256))!, layers)
    }

    @Test func twoTiledLayersTogetherStayUnderOneBudget() {
        let tile = 256 * 256 * 4
        let budget = TileBudget(bytes: 16 * tile)
        let (r, layers) = scene(budget)
        var most = 0, drawn = 0
        for n in 0..<30 {                                   // both scroll 2,500 points a frame
            withoutActions { for t in layers { t.position = CGPoint(x: -2_500 * Double(n), y: -1_000 * Double(n)) } }
            _ = r.frame(at: Double(n))
            let held = layers.map { $0.tileStore!.statistics.bytes }.reduce(0, +)
            #expect(held == budget.usedBytes)
            most = max(most, held)
            drawn = layers.map { $0.tileStore!.statistics.draws }.reduce(0, +)
        }
        // Each layer alone would keep 16 tiles under a per-layer budget (32 together).
        #expect(most <= 16 * tile, "\(most / tile) tiles held at most")
        #expect(budget.usedBytes == 16 * tile && drawn > 100)
        // Both layers keep their latest frame's tiles: the one drawn first is not starved.
        #expect(layers.allSatisfy { $0.tileStore!.statistics.tiles >= 4 })
    }

    @Test func everyTiledLayerSharesTheProcessBudgetByDefault() {
        let a = CATiledLayer(), b = CATiledLayer()
        #expect(a.tileStore!.budget === TileBudget.shared && b.tileStore!.budget === TileBudget.shared)
        #expect(TileBudget.shared.bytes == 64 << 20)
    }
}
