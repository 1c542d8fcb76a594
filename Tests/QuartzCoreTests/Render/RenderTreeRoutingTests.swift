import Testing
import CoreGraphics
@testable import QuartzCore

/// A render tree hears only the commits of layers under its root (RenderTreeRegistry routes
/// each snapshot to the trees rooted at the layer or at a committed ancestor).
@Suite("Render tree routing", .serialized)
struct RenderTreeRoutingTests {
    @Test func aTreeHearsOnlyItsOwnRootsCommits() {
        let rootA = makeRoot(20, 20), rootB = makeRoot(20, 20)
        let a = box(CGRect(x: 0, y: 0, width: 5, height: 5), color(1, 0, 0))
        let b = box(CGRect(x: 0, y: 0, width: 5, height: 5), color(0, 0, 1))
        rootA.addSublayer(a); rootB.addSublayer(b)
        let ra = CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 20, height: 20))!
        let rb = CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 20, height: 20))!
        let bBefore = rb.tree.current()
        a.backgroundColor = color(0, 1, 0)
        CATransaction.flush()
        #expect(ra.tree.current()[a.layerID]?.state.backgroundColor?.rgba.g == 1)
        // B neither got A's snapshot nor any new one of its own.
        #expect(rb.tree.current()[a.layerID] == nil)
        #expect(rb.tree.current().keys.sorted() == bBefore.keys.sorted())
        #expect(rb.tree.current().allSatisfy { bBefore[$0.key] === $0.value })
    }

    @Test func aLayerCommittedElsewhereIsSeededWhenAttached() {
        let root = makeRoot(20, 20)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 20, height: 20), flipped: true)!
        // Committed while detached (no tree draws it), with a sublayer of its own.
        let card = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        let dot = box(CGRect(x: 0, y: 0, width: 2, height: 2), color(0, 0, 1))
        card.addSublayer(dot)
        CATransaction.flush()
        #expect(r.tree.current()[card.layerID] == nil)
        root.addSublayer(card)
        let frame = r.frame(at: 0)!
        #expect(r.tree.current()[card.layerID] != nil && r.tree.current()[dot.layerID] != nil)
        #expect(frame.rgba(1, 1) == .blue && frame.rgba(5, 5) == .red)
    }

    @Test func aTreeRootedAtASublayerHearsItsSubtree() {
        let root = makeRoot(20, 20)
        let sub = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        let leaf = box(CGRect(x: 0, y: 0, width: 4, height: 4), color(0, 0, 1))
        sub.addSublayer(leaf); root.addSublayer(sub)
        CATransaction.flush()
        let tree = RenderTree(root: sub)
        leaf.opacity = 0.5
        CATransaction.flush()
        #expect(tree.current()[leaf.layerID]?.state.opacity == 0.5)
        #expect(tree.current()[root.layerID] == nil)
    }
}

/// Snapshots say what their commit changed.
@Suite("Snapshot changes", .serialized)
struct SnapshotChangesTests {
    @Test func aSnapshotNamesTheChangedProperties() {
        let root = makeRoot(20, 20)
        let a = box(CGRect(x: 0, y: 0, width: 5, height: 5), color(1, 0, 0))
        root.addSublayer(a)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 20, height: 20))!
        #expect(r.tree.current()[a.layerID]?.changes == nil)      // the seed: not known
        _ = r.image(at: 0)   // shown in a frame, so its changes animate implicitly (CALayer+HostPresence)
        a.opacity = 0.5
        a.cornerRadius = 2
        CATransaction.flush()
        let changes = r.tree.current()[a.layerID]?.changes
        #expect(changes?.properties.contains(.opacity) == true)
        #expect(changes?.properties.contains(.cornerRadius) == true)
        #expect(changes?.properties.contains(.bounds) == false)
        #expect(changes?.tree == false && changes?.animations == true)   // implicit animations were added
        #expect(r.tree.current()[root.layerID]?.changes == nil)      // the root did not commit again
    }
}
