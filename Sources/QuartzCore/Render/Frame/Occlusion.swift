import CoreGraphics

/// Occlusion culling, between damage and the backend: in each pass, a quad wholly under an
/// opaque quad drawn after it is dropped, and a quad whose part beside such a quad is one
/// rectangle is clipped to that part (our own rule, as Chromium viz's occlusion tracking).
///
/// A quad is opaque over the whole pixels inside its box when it is drawn with source-over at
/// opacity 1, axis-aligned (no rotation, skew or perspective), with no rounded clip or tint,
/// and is a solid colour of alpha 1 or a texture read with clamp-to-edge whose every texel is
/// opaque (`TextureResource.isOpaque`). Every such pixel is covered wholly and becomes the
/// source colour whatever was drawn below, so frames are byte-identical to drawing every quad.
/// What a quad below may change is its box grown by a pixel (as `Damage`), within its clip
/// and the pass. The clear before a damaged redraw is cut the same way.
enum Occlusion {
    /// The largest opaque rectangles kept per pass while walking it top-down, so a pass of n
    /// quads costs O(n).
    static let maximumOccluders = 8

    /// `passes` with hidden quads dropped or clipped, and the part of `clearing` (target
    /// pixels of the root pass) still to be cleared: nil when opaque quads cover it.
    static func cull(_ passes: [RenderPass], clearing: CGRect?) -> (passes: [RenderPass], clear: CGRect?) {
        var out = passes, clear = clearing
        for i in out.indices {
            let isRoot = i == out.count - 1
            var pass = out[i]
            var occluders = Occluders()
            // What changes, top-down: a quad dropped (clip nil) or clipped. Quads are copied
            // into a new list only when one does (a frame of moving sprites changes none).
            var edits: [(index: Int, clip: CGRect?)] = []
            var index = pass.quads.count
            for q in pass.quads.reversed() {
                index -= 1
                var q = q
                if let extent = extent(q, in: pass.outputRect) {
                    switch occluders.hide(extent) {
                    case .hidden: edits.append((index, nil)); continue
                    case .visible(let part) where part != extent:
                        q.state.clip = q.state.clip.map { $0.intersection(part) } ?? part
                        edits.append((index, q.state.clip))
                    default: break
                    }
                }
                if let o = opaqueRect(q) { occluders.add(o) }
            }
            if isRoot, let c = clear {
                switch occluders.hide(c.integral) {
                case .hidden: clear = nil
                case .visible(let part): clear = part
                }
            }
            guard !edits.isEmpty else { continue }
            var kept: [DrawQuad] = []
            kept.reserveCapacity(pass.quads.count)
            var next = edits.count - 1   // edits run from the last quad down: the first one is at the end
            for (k, q) in pass.quads.enumerated() {
                guard next >= 0, edits[next].index == k else { kept.append(q); continue }
                defer { next -= 1 }
                guard let clip = edits[next].clip else { continue }
                var c = q
                c.state.clip = clip
                kept.append(c)
            }
            pass.quads = QuadList(kept)
            out[i] = pass
        }
        return (out, clear)
    }

    /// The pixels `q` may change: its box grown by a pixel, within its clip and the pass.
    static func extent(_ q: DrawQuad, in pass: CGRect) -> CGRect? {
        guard let box = q.state.transform.boundingBox(of: q.rect.standardized) else { return nil }
        var r = box.insetBy(dx: -1, dy: -1).intersection(pass)
        if let clip = q.state.clip { r = r.intersection(clip) }
        return r.isNull || r.isEmpty ? nil : r.integral
    }

    /// The whole pixels `q` paints opaque (see the type), with the texture whose opacity it
    /// still depends on; nil when it is not an occluder.
    static func opaqueRect(_ q: DrawQuad) -> Occluder? {
        let s = q.state
        guard s.blendMode == .sourceOver, s.opacity >= 1, s.roundedClip == nil, s.tint == nil,
              let m = s.transform.affine, m.b == 0, m.c == 0 else { return nil }
        var texture: TextureResource?
        switch q.material {
        case .solidColor(let c):
            guard c.alpha >= 1 else { return nil }
        case .texture(let t, let src, _, let edge):
            let full = CGRect(x: 0, y: 0, width: t.width, height: t.height)
            guard edge == .clamp, src.width > 0, src.height > 0, full.contains(src.standardized) else { return nil }
            texture = t
        default:
            return nil
        }
        guard let box = s.transform.boundingBox(of: q.rect.standardized) else { return nil }
        var r = inner(box)
        if let clip = s.clip { r = r.intersection(inner(clip)) }
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        return Occluder(rect: r, texture: texture)
    }

    /// The largest rectangle of whole pixels inside `r`.
    static func inner(_ r: CGRect) -> CGRect {
        let x0 = r.minX.rounded(.up), y0 = r.minY.rounded(.up)
        let x1 = r.maxX.rounded(.down), y1 = r.maxY.rounded(.down)
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return .null }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A rectangle painted opaque, once its texture (if any) is known to be opaque.
    struct Occluder {
        var rect: CGRect
        var texture: TextureResource?
    }

    enum Visibility: Equatable {
        case hidden
        /// The part of the extent to keep (the whole extent when nothing hides it).
        case visible(CGRect)
    }

    /// The opaque rectangles of the quads above the current one.
    struct Occluders {
        private var list: [Occluder] = []

        mutating func add(_ o: Occluder) {
            list.append(o)
            guard list.count > Occlusion.maximumOccluders,
                  let smallest = list.indices.min(by: { area(list[$0].rect) < area(list[$1].rect) }) else { return }
            list.remove(at: smallest)
        }

        /// Whether `extent` is wholly under one occluder, else what is left of it beside them
        /// where that is one rectangle. A texture's opacity is read only here, when it matters.
        mutating func hide(_ extent: CGRect) -> Visibility {
            var part = extent
            var i = 0
            while i < list.count {
                let o = list[i].rect
                guard o.intersects(part) else { i += 1; continue }
                if let t = list[i].texture, !t.isOpaque { list.remove(at: i); continue }
                if o.contains(part) { return .hidden }
                part = Occlusion.remainder(part, beside: o)
                i += 1
            }
            return .visible(part)
        }

        private func area(_ r: CGRect) -> CGFloat { r.width * r.height }
    }

    /// `e` less `o` when that is one rectangle (`o` spans `e` across one axis and covers one
    /// end of the other), else `e`.
    static func remainder(_ e: CGRect, beside o: CGRect) -> CGRect {
        if o.minX <= e.minX, o.maxX >= e.maxX {
            if o.minY <= e.minY, o.maxY > e.minY, o.maxY < e.maxY {
                return CGRect(x: e.minX, y: o.maxY, width: e.width, height: e.maxY - o.maxY)
            }
            if o.maxY >= e.maxY, o.minY > e.minY, o.minY < e.maxY {
                return CGRect(x: e.minX, y: e.minY, width: e.width, height: o.minY - e.minY)
            }
        }
        if o.minY <= e.minY, o.maxY >= e.maxY {
            if o.minX <= e.minX, o.maxX > e.minX, o.maxX < e.maxX {
                return CGRect(x: o.maxX, y: e.minY, width: e.maxX - o.maxX, height: e.height)
            }
            if o.maxX >= e.maxX, o.minX > e.minX, o.minX < e.maxX {
                return CGRect(x: e.minX, y: e.minY, width: o.minX - e.minX, height: e.height)
            }
        }
        return e
    }
}
