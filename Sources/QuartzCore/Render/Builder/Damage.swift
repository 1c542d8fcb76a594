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
        for (a, b) in zip(o.quads, n.quads) where !same(a, b, oldPasses, newPasses) {
            guard let ba = box(a), let bb = box(b) else { return bounds }
            damage = damage.union(ba).union(bb)
        }
        return damage.isNull ? .null : damage.insetBy(dx: -1, dy: -1).intersection(bounds).integral
    }

    /// The quad's box in its pass (transform applied, clip intersected); nil when unbounded.
    static func box(_ q: DrawQuad) -> CGRect? {
        guard let b = q.state.transform.boundingBox(of: q.rect) else { return nil }
        return q.state.clip.map { b.intersection($0) } ?? b
    }

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
    /// to it (so only damaged pixels are drawn).
    static func restrict(_ passes: [RenderPass], to damage: CGRect) -> [RenderPass] {
        guard var root = passes.last else { return passes }
        root.quads = root.quads.compactMap { q in
            guard let b = box(q) else { var c = q; c.state.clip = q.state.clip.map { $0.intersection(damage) } ?? damage; return c }
            guard b.intersects(damage) else { return nil }
            var c = q
            c.state.clip = q.state.clip.map { $0.intersection(damage) } ?? damage
            return c
        }
        var out = passes
        out[out.count - 1] = root
        return out
    }
}
