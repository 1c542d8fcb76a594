import Foundation
import CoreGraphics

/// A shape item that yields a path (https://lottiefiles.github.io/lottie-docs/shapes/): a
/// Bézier path, rectangle, ellipse or polystar, drawn in Lottie's winding (clockwise from
/// the top, y down; `reversed` for direction 3). `roundCorners` is a rounded-corners
/// modifier's radius where one applies (rectangles and Bézier paths; not polystars).
struct PathSource {
    enum Kind {
        case bezier(Track<BezierShape>)
        case rect(position: VectorTrack, size: VectorTrack, roundness: VectorTrack)
        case ellipse(position: VectorTrack, size: VectorTrack)
        case star(LottieShapeItem.Polystar)
    }
    let kind: Kind
    let reversed: Bool
    var roundCorners: VectorTrack?

    init?(_ item: LottieShapeItem) {
        switch item {
        case .path(let t, let r): kind = .bezier(t); reversed = r
        case .rect(let p, let s, let rd, let r): kind = .rect(position: p, size: s, roundness: rd); reversed = r
        case .ellipse(let p, let s, let r): kind = .ellipse(position: p, size: s); reversed = r
        case .star(let s): kind = .star(s); reversed = s.reversed
        default: return nil
        }
    }

    /// The animated tracks this path depends on, with whether the path's points are linear in
    /// each (so interpolating the path between that track's keyframes is exact).
    var animatedTimings: [(timing: [Keyframe<[Double]>], linear: Bool)] {
        func t(_ v: VectorTrack?, linear: Bool = true) -> [([Keyframe<[Double]>], Bool)] {
            guard let v, v.isAnimated else { return [] }
            return [(v.keyframes, linear)]
        }
        switch kind {
        case .bezier(let track):
            let own: [([Keyframe<[Double]>], Bool)] = track.isAnimated ? [(track.map { _ in [Double]() }.keyframes, roundCorners == nil)] : []
            return own + t(roundCorners, linear: false)
        case .rect(let p, let s, let r):
            return t(p) + t(s) + t(r, linear: false) + t(roundCorners, linear: false)
        case .ellipse(let p, let s): return t(p) + t(s)
        case .star(let s):
            return t(s.position) + t(s.outerRadius) + t(s.innerRadius) + t(s.points, linear: false) + t(s.rotation, linear: false)
                + t(s.outerRoundness) + t(s.innerRoundness)
        }
    }

    func append(to path: CGMutablePath, at f: Double) {
        switch kind {
        case .bezier(let track):
            var shape = track.value(at: f)
            if let r = roundCorners?.scalar(at: f), r > 0 { shape = shape.roundingCorners(r) }
            shape.append(to: path, reversed: reversed)
        case .rect(let p, let s, let r):
            let animatedRoundness = r.isAnimated || (roundCorners?.isAnimated ?? false)
            let radius = max(r.scalar(at: f), roundCorners?.scalar(at: f) ?? 0)
            appendRect(center: LottieValues.point(p.value(at: f)), size: LottieValues.point(s.value(at: f)),
                       radius: radius, curved: animatedRoundness || radius > 0, to: path)
        case .ellipse(let p, let s):
            appendEllipse(center: LottieValues.point(p.value(at: f)), size: LottieValues.point(s.value(at: f)), to: path)
        case .star(let s): appendStar(s, at: f, to: path)
        }
    }

    private func appendRect(center c: CGPoint, size s: CGPoint, radius: Double, curved: Bool, to path: CGMutablePath) {
        let w = abs(s.x) / 2, h = abs(s.y) / 2
        let r = CGFloat(min(max(radius, 0), Double(min(w, h))))
        let k = r * (1 - 0.5519150244935105)
        let l = c.x - w, rt = c.x + w, t = c.y - h, b = c.y + h
        // Clockwise from the top-right corner (y down); reversed runs the other way.
        var pts: [(CGPoint, CGPoint?, CGPoint?)] = []   // vertex, with the curve's controls into it
        if curved {
            pts = [(CGPoint(x: rt, y: t + r), nil, nil),
                   (CGPoint(x: rt, y: b - r), nil, nil),
                   (CGPoint(x: rt - r, y: b), CGPoint(x: rt, y: b - k), CGPoint(x: rt - k, y: b)),
                   (CGPoint(x: l + r, y: b), nil, nil),
                   (CGPoint(x: l, y: b - r), CGPoint(x: l + k, y: b), CGPoint(x: l, y: b - k)),
                   (CGPoint(x: l, y: t + r), nil, nil),
                   (CGPoint(x: l + r, y: t), CGPoint(x: l, y: t + k), CGPoint(x: l + k, y: t)),
                   (CGPoint(x: rt - r, y: t), nil, nil),
                   (CGPoint(x: rt, y: t + r), CGPoint(x: rt - k, y: t), CGPoint(x: rt, y: t + k))]
        } else {
            pts = [(CGPoint(x: rt, y: t), nil, nil), (CGPoint(x: rt, y: b), nil, nil), (CGPoint(x: l, y: b), nil, nil),
                   (CGPoint(x: l, y: t), nil, nil), (CGPoint(x: rt, y: t), nil, nil)]
        }
        if reversed {
            // The same segments backwards: each curve's controls swap and move to the segment.
            var rev: [(CGPoint, CGPoint?, CGPoint?)] = [(pts[pts.count - 1].0, nil, nil)]
            for i in stride(from: pts.count - 1, to: 0, by: -1) {
                let (_, c1, c2) = pts[i]
                rev.append((pts[i - 1].0, c2, c1))
            }
            pts = rev
        }
        path.move(to: pts[0].0)
        for (p, c1, c2) in pts.dropFirst() {
            if let c1, let c2 { path.addCurve(to: p, control1: c1, control2: c2) } else { path.addLine(to: p) }
        }
        path.closeSubpath()
    }

    private func appendEllipse(center c: CGPoint, size s: CGPoint, to path: CGMutablePath) {
        let rx = s.x / 2, ry = s.y / 2, k = 0.5519150244935105
        // Top, right, bottom, left: clockwise with y down (reversed: top, left, bottom, right).
        let sign: CGFloat = reversed ? -1 : 1
        let pts = [CGPoint(x: c.x, y: c.y - ry), CGPoint(x: c.x + sign * rx, y: c.y), CGPoint(x: c.x, y: c.y + ry),
                   CGPoint(x: c.x - sign * rx, y: c.y)]
        let tangents = [CGPoint(x: sign * rx * k, y: 0), CGPoint(x: 0, y: ry * k), CGPoint(x: -sign * rx * k, y: 0),
                        CGPoint(x: 0, y: -ry * k)]
        path.move(to: pts[0])
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4], ta = tangents[i], tb = tangents[(i + 1) % 4]
            path.addCurve(to: b, control1: CGPoint(x: a.x + ta.x, y: a.y + ta.y), control2: CGPoint(x: b.x - tb.x, y: b.y - tb.y))
        }
        path.closeSubpath()
    }

    private func appendStar(_ s: LottieShapeItem.Polystar, at f: Double, to path: CGMutablePath) {
        let n = Int(min(max(s.points.scalar(at: f).rounded(), 0), 1000))
        guard n >= 3 || (s.isStar && n >= 2) else { return }
        let c = LottieValues.point(s.position.value(at: f))
        let outer = s.outerRadius.scalar(at: f), inner = s.innerRadius.scalar(at: f)
        let outerRound = s.outerRoundness.scalar(at: f) / 100, innerRound = s.innerRoundness.scalar(at: f) / 100
        let count = s.isStar ? 2 * n : n
        let step = 2 * Double.pi / Double(count)
        var angle = (s.rotation.scalar(at: f) - 90) * .pi / 180
        var vertices: [(CGPoint, Double, Double, Double)] = []   // point, angle, radius, roundness
        for i in 0..<count {
            let isOuter = !s.isStar || i % 2 == 0
            let r = isOuter ? outer : inner
            vertices.append((CGPoint(x: c.x + CGFloat(r * cos(angle)), y: c.y + CGFloat(r * sin(angle))), angle, r,
                             isOuter ? outerRound : innerRound))
            angle += reversed ? -step : step
        }
        // Roundness bends each edge along the tangents of the circle through the vertex.
        let perimeterShare = 4 * tan(step / 4) / 3
        path.move(to: vertices[0].0)
        for i in 0..<count {
            let a = vertices[i], b = vertices[(i + 1) % count]
            if a.3 == 0 && b.3 == 0 { path.addLine(to: b.0); continue }
            let dir: Double = reversed ? -1 : 1
            let la = a.2 * a.3 * perimeterShare, lb = b.2 * b.3 * perimeterShare
            let c1 = CGPoint(x: a.0.x - CGFloat(la * sin(a.1) * dir), y: a.0.y + CGFloat(la * cos(a.1) * dir))
            let c2 = CGPoint(x: b.0.x + CGFloat(lb * sin(b.1) * dir), y: b.0.y - CGFloat(lb * cos(b.1) * dir))
            path.addCurve(to: b.0, control1: c1, control2: c2)
        }
        path.closeSubpath()
    }
}
