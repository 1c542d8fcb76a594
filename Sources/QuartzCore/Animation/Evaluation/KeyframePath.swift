/// Positions along a `CAKeyframeAnimation.path`: each element after a move is one keyframe
/// segment (lines straight, curves along their Bézier); key times are spaced evenly, taken from
/// `keyTimes` when they fit, or by segment length for the paced modes.
/// Follows https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/path.
enum KeyframePath {
    struct Segment { var start: CGPoint; var c1: CGPoint; var c2: CGPoint; var end: CGPoint }

    static func segments(of path: CGPath) -> [Segment] {
        var out: [Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        path.applyWithBlock { e in
            let p = e.pointee.points
            switch e.pointee.type {
            case .moveToPoint: current = p[0]; subpathStart = p[0]
            case .addLineToPoint:
                out.append(Segment(start: current, c1: current, c2: p[0], end: p[0])); current = p[0]
            case .addQuadCurveToPoint:
                let c1 = CGPoint(x: current.x + 2 / 3 * (p[0].x - current.x), y: current.y + 2 / 3 * (p[0].y - current.y))
                let c2 = CGPoint(x: p[1].x + 2 / 3 * (p[0].x - p[1].x), y: p[1].y + 2 / 3 * (p[0].y - p[1].y))
                out.append(Segment(start: current, c1: c1, c2: c2, end: p[1])); current = p[1]
            case .addCurveToPoint:
                out.append(Segment(start: current, c1: p[0], c2: p[1], end: p[2])); current = p[2]
            case .closeSubpath:
                if current != subpathStart {
                    out.append(Segment(start: current, c1: current, c2: subpathStart, end: subpathStart))
                }
                current = subpathStart
            }
        }
        return out
    }

    static func point(on s: Segment, at t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: CGFloat(a) * s.start.x + CGFloat(b) * s.c1.x + CGFloat(c) * s.c2.x + CGFloat(d) * s.end.x,
                       y: CGFloat(a) * s.start.y + CGFloat(b) * s.c1.y + CGFloat(c) * s.c2.y + CGFloat(d) * s.end.y)
    }

    /// Approximate arc length of a segment (16 chords).
    static func length(of s: Segment) -> Double {
        var total = 0.0, prev = s.start
        for i in 1...16 {
            let p = point(on: s, at: Double(i) / 16)
            total += Double(hypot(p.x - prev.x, p.y - prev.y)); prev = p
        }
        return total
    }

    /// Where overall `fraction` falls on the path: the segment and the parameter within it
    /// (for `.discrete`, the end point shown: segment 0 at 0 for the first point, else the end of
    /// the segment leading to it). nil for a path without segments.
    static func locate(on path: CGPath, keyTimes: [Double]?, mode: CAAnimationCalculationMode,
                       fraction: Double) -> (segment: Segment, local: Double)? {
        let segs = segments(of: path)
        guard !segs.isEmpty else { return nil }
        let k: [Double]
        if mode == .paced || mode == .cubicPaced {
            k = KeyframeTiming.pacedKeyTimes(distances: segs.map(length(of:)))
        } else {
            k = KeyframeTiming.resolvedKeyTimes(keyTimes, valueCount: segs.count + 1, discrete: false)
        }
        if mode == .discrete {
            let j = KeyframeTiming.discreteIndex(at: fraction, keyTimes: k, valueCount: segs.count + 1)
            return j == 0 ? (segs[0], 0) : (segs[j - 1], 1)
        }
        let (i, local) = KeyframeTiming.segment(at: fraction, keyTimes: k)
        return (segs[i], local)
    }

    static func point(on path: CGPath, keyTimes: [Double]?, mode: CAAnimationCalculationMode,
                      fraction: Double) -> CGPoint? {
        locate(on: path, keyTimes: keyTimes, mode: mode, fraction: fraction).map { point(on: $0.segment, at: $0.local) }
    }
}
