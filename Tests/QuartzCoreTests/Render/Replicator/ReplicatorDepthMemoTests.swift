import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// Replicators with `preservesDepth`, nested: their instance lists come from the frame's memo
/// (`FrameBuilder.instanceList`) as flattened replicators' do, and the frame is what the
/// instances' transforms and colours say.
@Suite("CAReplicatorLayer preservesDepth instance memo", .serialized)
struct ReplicatorDepthMemoTests {
    /// Three columns (outer: x + 20, z − 1, red − 0.5 each) of two rows (inner: y + 10, blue − 1)
    /// of one white 10 × 10 square, both replicators preserving depth.
    static func nested() -> (root: CALayer, outer: CAReplicatorLayer, inner: CAReplicatorLayer) {
        let root = makeRoot(60, 20)
        let outer = CAReplicatorLayer(), inner = CAReplicatorLayer()
        outer.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        outer.instanceCount = 3
        outer.instanceTransform = CATransform3DMakeTranslation(20, 0, -1)
        outer.instanceRedOffset = -0.5
        inner.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        inner.instanceCount = 2
        inner.instanceTransform = CATransform3DMakeTranslation(0, 10, 0)
        inner.instanceBlueOffset = -1
        for r in [outer, inner] { r.preservesDepth = true }
        inner.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 1, 1)))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        CATransaction.flush()
        return (root, outer, inner)
    }

    @Test func depthInstanceListsAreMemoizedPerFrame() {
        let (root, outer, inner) = Self.nested()
        let tree = RenderTree(root: root)
        var builder = FrameBuilder(layers: tree.current(), textures: TextureCache())
        _ = builder.frame(root: tree.rootID, time: 0,
                          geometry: .host(viewport: CGSize(width: 60, height: 20), scale: 1, flipped: false))
        // One list per replicator (the inner one asked once, not once per outer instance).
        #expect(builder.instanceLists.count == 2)
        let counts = builder.instanceLists.values.map { $0?.count ?? -1 }.sorted()
        #expect(counts == [inner.instanceCount, outer.instanceCount])
    }

    @Test func nestedDepthInstancesDrawTheirColumnsAndRows() throws {
        let f = try ReplicatorRenderTests.frame(Self.nested().root, 60, 20)
        for k in 0..<3 {
            let red = Int((255 * (1 - 0.5 * Double(k))).rounded())
            // `rgba` counts rows as the layers do here: row 5 is the inner instance 0, row 15
            // its instance 1 (blue 0).
            #expect(f.rgba(20 * k + 5, 5).near(RGBA(red, 255, 255, 255), 1), "column \(k), row 0: \(f.rgba(20 * k + 5, 5))")
            #expect(f.rgba(20 * k + 5, 15).near(RGBA(red, 255, 0, 255), 1), "column \(k), row 1: \(f.rgba(20 * k + 5, 15))")
            #expect(f.rgba(20 * k + 15, 10) == .clear, "gap after column \(k)")
        }
    }
}
