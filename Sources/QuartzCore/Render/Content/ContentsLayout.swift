/// Where a layer's contents go in its bounds: the `contentsGravity` destination rectangle and the
/// nine-part (`contentsCenter`) slices. Pure geometry in points.
///
/// Vertical names follow Apple's rule (https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity):
/// `top` means `bounds.maxY`, except when `contentsAreFlipped()` — then it means `bounds.minY`
/// (the `topIsMinY` argument).
enum ContentsLayout {
    /// Where an image of `width` × `height` pixels at `pixelsPerPoint` goes in a layer: the
    /// `contentsRect` part of it (pixels) and the rectangle it fills under the gravity (bounds
    /// space); nil when either is empty.
    static func placement(width: Int, height: Int, pixelsPerPoint: CGFloat, state st: LayerState,
                          topIsMinY: Bool) -> (source: CGRect, destination: CGRect)? {
        let w = CGFloat(width), h = CGFloat(height)
        let cr = st.contentsRect.standardized
        let source = CGRect(x: cr.minX * w, y: cr.minY * h, width: cr.width * w, height: cr.height * h)
        guard source.width > 0, source.height > 0, st.bounds.width > 0, st.bounds.height > 0 else { return nil }
        let size = CGSize(width: source.width / pixelsPerPoint, height: source.height / pixelsPerPoint)
        return (source, destination(gravity: st.contentsGravity, contentSize: size, bounds: st.bounds,
                                    topIsMinY: topIsMinY))
    }

    /// The rectangle (bounds space) that content of `size` points fills under `gravity`.
    /// Unknown gravity names behave as `.resize`.
    static func destination(gravity: CALayerContentsGravity, contentSize size: CGSize, bounds b: CGRect,
                            topIsMinY: Bool) -> CGRect {
        // `.resize` (the default) first: the switch below compares names one by one.
        guard size.width > 0, size.height > 0, gravity != .resize else { return b }
        switch gravity {
        case .resizeAspect, .resizeAspectFill:
            let sx = b.width / size.width, sy = b.height / size.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            let w = size.width * s, h = size.height * s
            return CGRect(x: b.midX - w / 2, y: b.midY - h / 2, width: w, height: h)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let w = size.width, h = size.height
            let name = gravity.rawValue.lowercased()
            let x: CGFloat = name.hasSuffix("left") ? b.minX : name.hasSuffix("right") ? b.maxX - w : b.midX - w / 2
            let atTop = name.hasPrefix("top"), atBottom = name.hasPrefix("bottom")
            let y: CGFloat
            if atTop || atBottom {
                let towardsMinY = atTop == topIsMinY
                y = towardsMinY ? b.minY : b.maxY - h
            } else {
                y = b.midY - h / 2
            }
            return CGRect(x: x, y: y, width: w, height: h)
        default:
            return b
        }
    }

    /// One slice of a nine-part image: where it goes (points, in a frame whose y grows from the
    /// image's first row) and which pixels it shows.
    /// The unit square: a `contentsCenter` of the whole image (one slice).
    static var wholeUnit: CGRect { CGRect(x: 0, y: 0, width: 1, height: 1) }

    struct Slice: Equatable {
        var destination: CGRect
        var source: CGRect
    }

    /// Splits `source` (texture pixels) drawn into `destination` by `center` (unit rectangle of
    /// the source): the four corners keep their size in points (pixels ÷ `scale`), edges stretch
    /// along one axis and the centre along both (Apple's `contentsCenter`). When the destination
    /// is smaller than the fixed parts, they shrink proportionally. A `center` of the whole unit
    /// square is one slice. Empty slices are left out.
    static func nineSlices(source s: CGRect, destination d: CGRect, center c: CGRect, scale: CGFloat) -> [Slice] {
        guard c != wholeUnit, c.isFiniteValue, scale > 0 else { return [Slice(destination: d, source: s)] }
        let cx0 = min(max(c.minX, 0), 1), cx1 = min(max(c.maxX, cx0), 1)
        let cy0 = min(max(c.minY, 0), 1), cy1 = min(max(c.maxY, cy0), 1)
        // Source cuts (pixels).
        let sx = [s.minX, s.minX + cx0 * s.width, s.minX + cx1 * s.width, s.maxX]
        let sy = [s.minY, s.minY + cy0 * s.height, s.minY + cy1 * s.height, s.maxY]
        // Destination cuts: fixed edges in points, shrunk if they do not fit.
        func cuts(_ lo: CGFloat, _ hi: CGFloat, _ a: CGFloat, _ b: CGFloat) -> [CGFloat] {
            var e0 = a / scale, e1 = b / scale
            let room = hi - lo
            if e0 + e1 > room, e0 + e1 > 0 { let k = room / (e0 + e1); e0 *= k; e1 *= k }
            return [lo, lo + e0, hi - e1, hi]
        }
        let dx = cuts(d.minX, d.maxX, sx[1] - sx[0], sx[3] - sx[2])
        let dy = cuts(d.minY, d.maxY, sy[1] - sy[0], sy[3] - sy[2])
        var out: [Slice] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let src = CGRect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let dst = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                if src.width > 0, src.height > 0, dst.width > 0, dst.height > 0 {
                    out.append(Slice(destination: dst, source: src))
                }
            }
        }
        return out
    }
}
