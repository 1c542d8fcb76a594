import Foundation

/// Cuts flattened subpaths into dashes. The pattern restarts at `phase` at the start of every
/// subpath (as in PostScript and Quartz); on a closed subpath whose pattern is "on" at both
/// its start and its end, the last dash and the first are joined into one, and a closed
/// subpath that is "on" all the way round stays one closed subpath.
/// `lengths` must be non-empty, finite, non-negative with a positive sum; `phase` in
/// [0, sum) (the caller checks and reduces).
struct PathDasher {
    var lengths: [CGFloat]
    var phase: CGFloat
    var out = CGMutablePath()

    mutating func dash(_ subpaths: [FlatSubpath]) {
        for sub in subpaths where sub.hasSegments { dash(sub) }
    }

    private mutating func dash(_ sub: FlatSubpath) {
        var pts = sub.points
        if sub.closed { pts.append(pts[0]) }
        // Where in the pattern the subpath starts: element `index` with `left` of it to go.
        var index = 0, left = lengths[0], skip = phase
        while skip > 0 || (left == 0 && index % 2 == 1) {
            if skip >= left { skip -= left; index = (index + 1) % lengths.count; left = lengths[index] }
            else { left -= skip; skip = 0 }
        }
        var dashes: [[CGPoint]] = []
        var current: [CGPoint]? = index % 2 == 0 ? [pts[0]] : nil
        let startsOn = current != nil
        var turnedOff = false

        for i in pts.indices.dropFirst() {
            let a = pts[i - 1], b = pts[i]
            let length = a.distance(to: b)
            var pos: CGFloat = 0
            // Every pattern element that ends within this segment (zero-length ones at once).
            while left <= length - pos {
                pos += left
                // Multiply before dividing so whole-number patterns land on whole numbers.
                let p = pos >= length ? b : CGPoint(x: a.x + (b.x - a.x) * pos / length,
                                                    y: a.y + (b.y - a.y) * pos / length)
                if current != nil {
                    current!.append(p); dashes.append(current!); current = nil; turnedOff = true
                }
                index = (index + 1) % lengths.count; left = lengths[index]
                if index % 2 == 0 { current = [p] }
            }
            left -= length - pos
            if current != nil, current!.last != b { current!.append(b) }
        }
        // A dash that only just started at the very end has no length: drop it.
        if let last = current, last.count > 1 {
            if sub.closed, startsOn, !turnedOff {
                emit(Array(last.dropLast()), closed: true); return
            } else if sub.closed, startsOn, !dashes.isEmpty {
                dashes[0] = last + dashes[0].dropFirst()
            } else {
                dashes.append(last)
            }
        }
        for d in dashes { emit(d, closed: false) }
    }

    /// One dash as a move and lines; a dot (all points equal) keeps one zero-length line so
    /// round and square caps still draw it.
    private mutating func emit(_ pts: [CGPoint], closed: Bool) {
        guard let first = pts.first else { return }
        out.move(to: first)
        var prev = first, drew = false
        for p in pts.dropFirst() where p != prev { out.addLine(to: p); prev = p; drew = true }
        if !drew { out.addLine(to: first) }
        if closed { out.closeSubpath() }
    }
}
