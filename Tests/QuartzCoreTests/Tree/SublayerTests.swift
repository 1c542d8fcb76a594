import Testing
import CoreGraphics
@testable import QuartzCore

// Tree edits follow the CALayer "Managing the Layer Hierarchy" methods
// (https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:) and siblings).
// Where Apple raises (cycles, a mask with a superlayer) the edit is ignored and reported.
@Suite("CALayer tree")
struct SublayerTests {
    func names(_ l: CALayer) -> [String] { (l.sublayers ?? []).map { $0.name ?? "?" } }

    func named(_ n: String) -> CALayer { let l = CALayer(); l.name = n; return l }

    @Test func addAndInsert() {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c"), d = named("d"), e = named("e")
        root.addSublayer(a)
        root.addSublayer(b)
        #expect(names(root) == ["a", "b"])
        #expect(a.superlayer === root)
        root.insertSublayer(c, at: 0)
        #expect(names(root) == ["c", "a", "b"])
        root.insertSublayer(d, below: b)
        #expect(names(root) == ["c", "a", "d", "b"])
        root.insertSublayer(e, above: c)
        #expect(names(root) == ["c", "e", "a", "d", "b"])
        // nil sibling: below → back, above → front.
        let f = named("f"), g = named("g")
        root.insertSublayer(f, below: nil)
        root.insertSublayer(g, above: nil)
        #expect(names(root) == ["f", "c", "e", "a", "d", "b", "g"])
    }

    @Test func reorderingWithinTheSameParent() {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c")
        root.sublayers = [a, b, c]
        root.addSublayer(a)
        #expect(names(root) == ["b", "c", "a"])
        root.insertSublayer(a, at: 0)
        #expect(names(root) == ["a", "b", "c"])
        root.insertSublayer(a, above: c)
        #expect(names(root) == ["b", "c", "a"])
        root.insertSublayer(c, below: b)
        #expect(names(root) == ["c", "b", "a"])
    }

    @Test func movingBetweenParents() {
        let p1 = named("p1"), p2 = named("p2"), x = named("x")
        p1.addSublayer(x)
        p2.addSublayer(x)
        #expect(p1.sublayers == nil)
        #expect(names(p2) == ["x"])
        #expect(x.superlayer === p2)
    }

    @Test func replaceAndRemove() {
        let root = named("root")
        let a = named("a"), b = named("b"), c = named("c")
        root.sublayers = [a, b]
        root.replaceSublayer(a, with: c)
        #expect(names(root) == ["c", "b"])
        #expect(a.superlayer == nil && c.superlayer === root)
        // Replacing with a sibling: the sibling moves into the old place.
        root.replaceSublayer(c, with: b)
        #expect(names(root) == ["b"])
        b.removeFromSuperlayer()
        #expect(root.sublayers == nil && b.superlayer == nil)
        b.removeFromSuperlayer() // no superlayer: nothing happens
        let kinds = reportedKinds { root.replaceSublayer(a, with: c) }
        #expect(kinds == [.notASublayer])
    }

    @Test func settingSublayersRelinksEveryone() {
        let root = named("root"), other = named("other")
        let a = named("a"), b = named("b"), c = named("c")
        root.sublayers = [a, b]
        other.addSublayer(c)
        root.sublayers = [c, a]
        #expect(names(root) == ["c", "a"])
        #expect(b.superlayer == nil && other.sublayers == nil && c.superlayer === root)
        let kinds = reportedKinds { root.sublayers = [a, a, b] }
        #expect(kinds == [.invalidValue])
        #expect(names(root) == ["a", "b"])
        root.sublayers = nil
        #expect(root.sublayers == nil && a.superlayer == nil)
    }

    @Test func cyclesAreRejectedAndTheTreeStaysIntact() {
        let root = named("root"), child = named("child"), grandchild = named("grandchild")
        root.addSublayer(child)
        child.addSublayer(grandchild)
        let (_, reported) = diagnostics {
            child.addSublayer(child)
            grandchild.addSublayer(root)
            grandchild.insertSublayer(child, at: 0)
            grandchild.insertSublayer(root, below: nil)
            child.sublayers = [grandchild, root]
            grandchild.mask = root
        }
        #expect(reported.map(\.kind) == [.cycle, .cycle, .cycle, .cycle, .cycle, .cycle])
        #expect(reported[1].message.contains("cycle"))
        #expect(root.superlayer == nil && child.superlayer === root && grandchild.superlayer === child)
        #expect(names(root) == ["child"] && names(child) == ["grandchild"] && grandchild.sublayers == nil)
        #expect(grandchild.mask == nil)
    }

    @Test func outOfRangeIndexIsClampedAndReported() {
        let root = named("root"), a = named("a"), b = named("b")
        root.addSublayer(a)
        let kinds = reportedKinds { root.insertSublayer(b, at: 7) }
        #expect(kinds == [.indexOutOfRange])
        #expect(names(root) == ["a", "b"])
    }

    @Test func masks() {
        let l = named("l"), m = named("m"), other = named("other")
        l.mask = m
        #expect(l.mask === m && m.superlayer === l)
        #expect(l.sublayers == nil)
        // A mask with a superlayer is rejected.
        let inUse = named("inUse")
        other.addSublayer(inUse)
        let kinds = reportedKinds { l.mask = inUse }
        #expect(kinds == [.maskInUse])
        #expect(l.mask === m && inUse.superlayer === other)
        // removeFromSuperlayer detaches a mask.
        m.removeFromSuperlayer()
        #expect(l.mask == nil && m.superlayer == nil)
        // Replacing a mask releases the old one.
        l.mask = m
        let m2 = named("m2")
        l.mask = m2
        #expect(m.superlayer == nil && m2.superlayer === l)
        // Adding a mask as a sublayer elsewhere takes it out of the mask slot.
        other.addSublayer(m2)
        #expect(l.mask == nil && m2.superlayer === other)
        l.mask = nil
        #expect(l.mask == nil)
    }

    @Test func treeEditsAreRecordedOnTheParent() {
        let root = CALayer(), a = CALayer()
        _ = root.takeChanges()
        root.addSublayer(a)
        #expect(root.changes.tree && !a.changes.tree)
        #expect(root.needsLayout())
        let taken = root.takeChanges()
        #expect(taken.tree && !root.changes.tree)
        a.removeFromSuperlayer()
        #expect(root.changes.tree)
    }
}
