import Foundation

extension CGPath {
    /// The path with straight segments shorter than `step` merged: a line's end point is kept
    /// only once it is at least `step` from the last kept point (a subpath's last point is always
    /// kept), so the shape moves by less than `step`. Curves, moves and closes are kept as they
    /// are. For strokers working in fixed point (cairo's 1/256 pixel), where segments shorter
    /// than the grid get directions rounded to arbitrary angles and their joins spike out.
    /// Returns the receiver itself when no segment is that short. Our addition.
    package func mergingShortLines(shorterThan step: Double) -> CGPath {
        guard step > 0, step.isFinite else { return self }
        var last = CGPoint.zero, short = false
        for e in elements {
            switch e {
            case .move(let p): last = p
            case .line(let p): if Double(last.distance(to: p)) < step { short = true }; last = p
            case .quad(_, let p), .cubic(_, _, let p): last = p
            case .close: break
            }
            if short { break }
        }
        guard short else { return self }
        var out: [PathElement] = []
        out.reserveCapacity(elements.count / 2)
        var kept = CGPoint.zero, pending: CGPoint?
        func flush() { if let p = pending { out.append(.line(p)); kept = p; pending = nil } }
        for e in elements {
            switch e {
            case .line(let p):
                if Double(kept.distance(to: p)) >= step { pending = nil; out.append(e); kept = p } else { pending = p }
            case .move(let p):
                flush(); out.append(e); kept = p
            case .quad(_, let p), .cubic(_, _, let p):
                flush(); out.append(e); kept = p
            case .close:
                flush(); out.append(e)
            }
        }
        flush()
        return CGPath(elements: out)
    }
}
