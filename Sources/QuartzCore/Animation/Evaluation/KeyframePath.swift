/// Positions along a `CAKeyframeAnimation.path`, as Apple's `path` documentation describes
/// (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/path): the end
/// point of each line-to or curve-to is a keyframe value (move-tos are not), and the points in
/// between are interpolated along the segment.
///
/// - `.linear`, `.cubic`: the segments take key times from `keyTimes` when they fit, else evenly
///   spaced, each segment paced by `timingFunctions[i]` when given; within a segment the point
///   is linear in the segment's parameter (a line moves at constant speed; a curve along its
///   Bézier parameter).
/// - `.paced`, `.cubicPaced`: constant speed along the whole path's arc length
///   (https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/paced);
///   `keyTimes` and `timingFunctions` are ignored (see `KeyframePath+ArcLength.swift`).
/// - `.discrete`: the keyframe points themselves, in turn.
enum KeyframePath {
    struct Segment {
        var start: CGPoint; var c1: CGPoint; var c2: CGPoint; var end: CGPoint
        init(start: CGPoint, c1: CGPoint, c2: CGPoint, end: CGPoint) {
            self.start = start; self.c1 = c1; self.c2 = c2; self.end = end
        }

        /// A straight segment as a cubic with its control points at the thirds, so that the
        /// point moves linearly in the parameter (control points on the ends would ease it).
        init(line a: CGPoint, _ b: CGPoint) {
            start = a; end = b
            c1 = CGPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3)
            c2 = CGPoint(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3)
        }
    }

    static func segments(of path: CGPath) -> [Segment] {
        var out: [Segment] = []
        var current = CGPoint.zero, subpathStart = CGPoint.zero
        path.applyWithBlock { e in
            let p = e.pointee.points
            switch e.pointee.type {
            case .moveToPoint: current = p[0]; subpathStart = p[0]
            case .addLineToPoint:
                out.append(Segment(line: current, p[0])); current = p[0]
            case .addQuadCurveToPoint:
                let c1 = CGPoint(x: current.x + 2 / 3 * (p[0].x - current.x), y: current.y + 2 / 3 * (p[0].y - current.y))
                let c2 = CGPoint(x: p[1].x + 2 / 3 * (p[0].x - p[1].x), y: p[1].y + 2 / 3 * (p[0].y - p[1].y))
                out.append(Segment(start: current, c1: c1, c2: c2, end: p[1])); current = p[1]
            case .addCurveToPoint:
                out.append(Segment(start: current, c1: p[0], c2: p[1], end: p[2])); current = p[2]
            case .closeSubpath:
                if current != subpathStart {
                    out.append(Segment(line: current, subpathStart))
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

    /// Where overall `fraction` falls on the path: the segment and the parameter within it
    /// (for `.discrete`, the end point shown: segment 0 at 0 for the first point, else the end of
    /// the segment leading to it). nil for a path without segments.
    static func locate(on path: CGPath, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]? = nil,
                       mode: CAAnimationCalculationMode, fraction: Double) -> (segment: Segment, local: Double)? {
        let segs = segments(of: path)
        guard !segs.isEmpty else { return nil }
        if mode == .paced || mode == .cubicPaced { return pacedLocation(on: segs, fraction: fraction) }
        let k = KeyframeTiming.resolvedKeyTimes(keyTimes, valueCount: segs.count + 1, discrete: false)
        if mode == .discrete {
            let j = KeyframeTiming.discreteIndex(at: fraction, keyTimes: k, valueCount: segs.count + 1)
            return j == 0 ? (segs[0], 0) : (segs[j - 1], 1)
        }
        var (i, local) = KeyframeTiming.segment(at: fraction, keyTimes: k)
        if let fs = timingFunctions, i < fs.count { local = fs[i].output(at: local) }
        return (segs[i], local)
    }

    static func point(on path: CGPath, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]? = nil,
                      mode: CAAnimationCalculationMode, fraction: Double) -> CGPoint? {
        locate(on: path, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode, fraction: fraction)
            .map { point(on: $0.segment, at: $0.local) }
    }
}
