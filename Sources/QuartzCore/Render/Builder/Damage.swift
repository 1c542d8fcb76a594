/// Damage: the part of a frame that differs from the previous one, found by comparing the two
/// frames' render passes quad by quad (our own; DESIGN.md §4 puts it in shared code, not in a
/// backend).
///
/// Two root quads at the same index that are equal — same rectangle, state, material, and for
/// pass outputs the same pass content — draw the same pixels. Textures compare by identity and
/// generation, paths by identity (immutable copies) and style, so a still frame costs no
/// pixel or element comparison. Every pair that differs damages the
/// union of both quads' boxes (grown by a pixel for antialiasing). When the root's quad count
/// changes, or a box cannot be bounded (a corner behind the eye), the whole frame is damaged.
enum Damage {
    /// The damaged rectangle of `new` against `old` (device pixels): `.null` when nothing
    /// changed, `bounds` when everything may have.
    static func region(old: [RenderPass], new: [RenderPass], bounds: CGRect) -> CGRect {
        guard let o = old.last, let n = new.last, o.outputRect == n.outputRect,
              o.quads.count == n.quads.count else { return bounds }
        let oldPasses = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newPasses = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var damage = CGRect.null
        // false: the whole frame is damaged (an unbounded box, or damage already covering it:
        // a thousand moving sprites need no more comparisons once they do).
        func compare<S: Sequence>(_ a: S, _ b: S) -> Bool where S.Element == DrawQuad {
            for (x, y) in zip(a, b) where !same(x, y, oldPasses, newPasses) {
                guard let bx = box(x), let by = box(y) else { return false }
                damage = damage.union(bx).union(by)
                if damage.contains(bounds) { return false }
            }
            return true
        }
        // Segment by segment where both frames are cut the same way: the same shared run at
        // the same place is no damage, with no quad compared (QuadRun); otherwise quad by quad.
        if let pairs = alignedSegments(o.quads, n.quads) {
            for (a, b) in pairs where a.run == nil || a.run !== b.run {
                guard compare(a.quads, b.quads) else { return bounds }
            }
        } else {
            guard compare(o.quads, n.quads) else { return bounds }
        }
        return damage.isNull ? .null : damage.insetBy(dx: -1, dy: -1).intersection(bounds).integral
    }

    /// The two lists' segments in pairs when they have as many segments of the same lengths.
    private static func alignedSegments(_ a: QuadList, _ b: QuadList) -> Zip2Sequence<[QuadList.Segment], [QuadList.Segment]>? {
        guard a.segments.count == b.segments.count,
              zip(a.segments, b.segments).allSatisfy({ $0.quads.count == $1.quads.count }) else { return nil }
        return zip(a.segments, b.segments)
    }

    /// The quad's box in its pass (transform applied, clip intersected); nil when unbounded.
    static func box(_ q: DrawQuad) -> CGRect? { q.boxInPass }

    static func same(_ a: DrawQuad, _ b: DrawQuad, _ oldPasses: [RenderPassID: RenderPass],
                     _ newPasses: [RenderPassID: RenderPass]) -> Bool {
        guard a.rect == b.rect, a.state == b.state else { return false }
        func samePass(_ x: RenderPassID, _ y: RenderPassID) -> Bool {
            guard let p = oldPasses[x], let q = newPasses[y], p.outputRect == q.outputRect, p.effect == q.effect,
                  p.quads.count == q.quads.count else { return false }
            return zip(p.quads, q.quads).allSatisfy { same($0, $1, oldPasses, newPasses) }
        }
        switch (a.material, b.material) {
        case let (.solidColor(x), .solidColor(y)): return x == y
        case let (.roundedRect(r1, c1), .roundedRect(r2, c2)): return r1 == r2 && c1 == c2
        case let (.border(w1, r1, c1), .border(w2, r2, c2)): return w1 == w2 && r1 == r2 && c1 == c2
        case let (.texture(t1, s1, f1, e1), .texture(t2, s2, f2, e2)):
            return t1 === t2 && t1.generation == t2.generation && s1 == s2 && f1 == f2 && e1 == e2
        case let (.renderPassOutput(x), .renderPassOutput(y)): return samePass(x, y)
        case let (.maskedPassOutput(x, m1), .maskedPassOutput(y, m2)): return samePass(x, y) && samePass(m1, m2)
        case let (.path(x), .path(y)): return x.drawsSame(as: y)   // path identity + style, no element walk
        case let (.gradient(x), .gradient(y)): return x == y
        case let (.text(x), .text(y)): return x == y
        default: return false
        }
    }

    /// The root pass restricted to `damage`: quads that miss it are dropped, the others clipped
    /// to it (so only damaged pixels are drawn). A shared run is tested by its bounds, then by
    /// the boxes it keeps (no quad's corners mapped again).
    /// Damage covering the whole root pass changes nothing: its quads are drawn as a full
    /// repaint draws them (no clip added, no quad copied).
    static func restrict(_ passes: [RenderPass], to damage: CGRect) -> [RenderPass] {
        guard var root = passes.last, !damage.contains(root.outputRect) else { return passes }
        var kept = QuadList()
        func keep(_ q: DrawQuad, box: CGRect?) {
            if let box, !box.intersects(damage) { return }
            var c = q
            c.state.clip = q.state.clip.map { $0.intersection(damage) } ?? damage
            kept.append(c)
        }
        for segment in root.quads.segments {
            if let run = segment.run {
                if let b = run.bounds, !b.intersects(damage) { continue }
                for (q, b) in zip(run.quads, run.boxes) { keep(q, box: b) }
            } else {
                for q in segment.quads { keep(q, box: box(q)) }
            }
        }
        root.quads = kept
        var out = passes
        out[out.count - 1] = root
        return out
    }
}
