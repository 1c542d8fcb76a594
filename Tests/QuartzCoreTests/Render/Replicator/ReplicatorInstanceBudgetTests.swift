import Testing
import Foundation
@testable import QuartzCore

/// A replicator makes only the instances the frame's quad budget can still draw: 2,000
/// replicators of 10,000 instances made 20 million instances (3.6 GB) after the budget
/// (`FrameBuilder.maximumReplicatedQuads`) had stopped drawing them.
@Suite("Replicator instance budget")
struct ReplicatorInstanceBudgetTests {
    func replicatorState(count: Int) -> LayerState {
        let r = CAReplicatorLayer()
        r.instanceCount = count
        r.instanceTransform = CATransform3DMakeTranslation(1, 0, 0)
        return r.state
    }

    @Test func theListStopsAtTheLimit() throws {
        let renderer = ReplicatorLayerRenderer()
        let all = try #require(renderer.sublayerInstances(replicatorState(count: 10_000), limit: .max))
        #expect(all.count == 10_000)
        let few = try #require(renderer.sublayerInstances(replicatorState(count: 10_000), limit: 7))
        #expect(few.count == 7 && few.map(\.index) == Array(0..<7))
        #expect(few[6].transform.m41 == 6)                                      // the same instances, cut
        #expect(try #require(renderer.sublayerInstances(replicatorState(count: 10_000), limit: 0)).count == 1)
    }

    /// Many replicators past the budget: the frame is drawn (instance 0 of each), in bounded
    /// memory, and says once where it stopped.
    @Test func manyReplicatorsPastTheBudgetDrawTheirFirstInstances() throws {
        let root = makeRoot(100, 100)
        for i in 0..<40 {
            let r = CAReplicatorLayer()
            r.frame = CGRect(x: CGFloat(i % 10) * 10, y: CGFloat(i / 10) * 10, width: 10, height: 10)
            r.instanceCount = 10_000
            r.instanceTransform = CATransform3DMakeTranslation(0.001, 0, 0)
            r.addSublayer(box(CGRect(x: 0, y: 0, width: 2, height: 2), color(1, 0, 0)))
            root.addSublayer(r)
        }
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        let frame = try #require(host.frame(at: 0))
        #expect(frame.rgba(91, 31).r > 200)                                     // the last replicator's first instance
    }
}
