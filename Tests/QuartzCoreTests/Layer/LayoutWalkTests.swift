import Testing
import CoreGraphics
@testable import QuartzCore

// The layout walk visits only the branches holding a layer marked as needing layout; which
// layers are laid out, and in what order, is Apple's: every marked layer, parents first
// (https://developer.apple.com/documentation/quartzcore/calayer/setneedslayout(),
// https://developer.apple.com/documentation/quartzcore/calayer/layoutifneeded()).
@Suite("Layout walk")
struct LayoutWalkTests {
    final class Log: CALayerDelegate {
        var laidOut: [String] = []
        func layoutSublayers(of layer: CALayer) { laidOut.append(layer.name ?? "?") }
    }

    /// A root with `width` children, each with `width` grandchildren, none marked.
    private func tree(_ width: Int, _ log: Log) -> (root: CALayer, children: [CALayer]) {
        let root = CALayer()
        root.name = "root"
        var children: [CALayer] = []
        for i in 0..<width {
            let c = CALayer()
            c.name = "c\(i)"
            for j in 0..<width {
                let g = CALayer()
                g.name = "g\(i).\(j)"
                g.delegate = log
                c.addSublayer(g)
            }
            c.delegate = log
            root.addSublayer(c)
            children.append(c)
        }
        root.delegate = log
        root.layoutMarkedSubtree()        // adding sublayers marked the parents
        for c in children { c.layoutMarkedSubtree() }
        log.laidOut = []
        return (root, children)
    }

    @Test func aMarkedGrandchildIsReachedThroughItsBranchAlone() {
        let log = Log()
        let (root, children) = tree(20, log)
        let g = children[7].sublayers![3]
        g.setNeedsLayout()
        #expect(root.subtreeNeedsLayout && children[7].subtreeNeedsLayout && !children[6].subtreeNeedsLayout)
        #expect(root.layoutMarkedSubtree() == 3)          // root, c7, g7.3 — not 421 layers
        #expect(log.laidOut == ["g7.3"])
        #expect(!root.subtreeNeedsLayout && !children[7].subtreeNeedsLayout && !g.needsLayout())
        // Nothing marked: the walk stops at the root.
        #expect(root.layoutMarkedSubtree() == 1)
        #expect(log.laidOut == ["g7.3"])
    }

    @Test func aMarkedParentLooksAtItsSublayersButDescendsOnlyIntoMarkedOnes() {
        let log = Log()
        let (root, children) = tree(10, log)
        root.setNeedsLayout()
        children[2].sublayers![5].setNeedsLayout()
        children[9].setNeedsLayout()
        #expect(root.layoutMarkedSubtree() == 4)          // root, c2, g2.5, c9
        #expect(log.laidOut == ["root", "g2.5", "c9"])    // parents first, in sublayer order
    }

    @Test func aLayerMarkedByItsParentsLayoutIsLaidOutInTheSamePass() {
        final class Resizer: CALayerDelegate {
            var laidOut: [String] = []
            func layoutSublayers(of layer: CALayer) {
                laidOut.append(layer.name ?? "?")
                if layer.name == "root" { layer.sublayers?.last?.bounds.size.width += 1 }
            }
        }
        let log = Resizer()
        let root = CALayer(), a = CALayer(), b = CALayer()
        for (l, n) in [(root, "root"), (a, "a"), (b, "b")] { l.name = n; l.delegate = log }
        root.addSublayer(a); root.addSublayer(b)
        root.layoutMarkedSubtree()
        log.laidOut = []
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(log.laidOut == ["root", "b"])             // b's size changed inside root's layout
        #expect(!b.needsLayout() && !root.subtreeNeedsLayout)
    }

    @Test func aMarkedLayerMovedUnderAnotherParentIsLaidOutAfterIt() {
        let log = Log()
        let (root, children) = tree(3, log)
        let g = children[0].sublayers![0]
        g.setNeedsLayout()
        children[2].addSublayer(g)                        // marks c2 (its sublayers changed)
        root.layoutIfNeeded()
        #expect(log.laidOut == ["c0", "c2", "g0.0"])
        #expect(!g.needsLayout())
    }

    @Test func theCommitLaysOutAMarkedLayerDeepInAnUnchangedTree() {
        let log = Log()
        let (root, children) = tree(5, log)
        CATransaction.flush()
        log.laidOut = []
        let g = children[4].sublayers![1]
        CATransaction.begin()
        g.setNeedsLayout()
        CATransaction.commit()
        #expect(log.laidOut == ["g4.1"])
        // The walk started at the marked layer (its superlayers need no layout), so the marks
        // above it stay until a walk from higher up passes: that walk finds nothing to do.
        #expect(root.layoutMarkedSubtree() == 2)          // root, c4
        #expect(log.laidOut == ["g4.1"])
        #expect(!root.subtreeNeedsLayout && !children[4].subtreeNeedsLayout)
    }
}
