import Foundation

/// One subpath with its curves replaced by line segments.
struct FlatSubpath {
    /// The vertices, first to last (the closing segment back to `points[0]` is implied when
    /// `closed`). Consecutive duplicates are kept.
    var points: [CGPoint]
    /// For each vertex, whether it is a vertex of the original path (an element's end point),
    /// as opposed to one made by flattening the inside of a curve. Strokers put the user's
    /// join only at original vertices.
    var isCorner: [Bool]
    /// Ended with `closeSubpath`.
    var closed: Bool
    /// Had at least one line, curve or close after its move (a lone move draws nothing).
    var hasSegments: Bool
}

extension CGPath {
    /// The path's subpaths with quadratic and cubic curves flattened to chords that stay within
    /// `tolerance` (user-space points) of the curve. The chord count per curve follows Wang's
    /// bound, n = ⌈√(d(d−1)/8 · M / tolerance)⌉ with M the largest second difference of the
    /// control points, capped at `maxSegmentsPerCurve` so memory stays bounded.
    func flattenedSubpaths(tolerance: CGFloat) -> [FlatSubpath] {
        let tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.01
        var result: [FlatSubpath] = []
        var current: FlatSubpath?
        var last = CGPoint.zero

        func begin(_ p: CGPoint) {
            if let c = current { result.append(c) }
            current = FlatSubpath(points: [p], isCorner: [true], closed: false, hasSegments: false)
        }
        func add(_ p: CGPoint, corner: Bool) {
            if current == nil { begin(last) }
            current!.points.append(p); current!.isCorner.append(corner); current!.hasSegments = true
        }

        for e in elements {
            switch e {
            case .move(let p):
                begin(p); last = p
            case .line(let p):
                add(p, corner: true); last = p
            case .quad(let c, let p):
                let m = last.minus(c.scaled(2)).plus(p).length
                let n = Self.segmentCount(0.25 * m / tol)
                for i in 1..<n {
                    let t = CGFloat(i) / CGFloat(n)
                    add(last.lerp(c, t).lerp(c.lerp(p, t), t), corner: false)
                }
                add(p, corner: true); last = p
            case .cubic(let c1, let c2, let p):
                let m = max(last.minus(c1.scaled(2)).plus(c2).length, c1.minus(c2.scaled(2)).plus(p).length)
                let n = Self.segmentCount(0.75 * m / tol)
                for i in 1..<n {
                    add(Self.cubicPoint(last, c1, c2, p, CGFloat(i) / CGFloat(n)), corner: false)
                }
                add(p, corner: true); last = p
            case .close:
                if current != nil {
                    current!.closed = true; current!.hasSegments = true
                    last = current!.points[0]
                    result.append(current!); current = nil
                }
            }
        }
        if let c = current { result.append(c) }
        return result
    }

    static let maxSegmentsPerCurve = 1000

    static func segmentCount(_ squared: CGFloat) -> Int {
        guard squared.isFinite else { return maxSegmentsPerCurve }
        let n = squared.squareRoot().rounded(.up)
        return Int(min(max(n, 1), CGFloat(maxSegmentsPerCurve)))
    }

    /// The cubic Bézier point at parameter t (de Casteljau).
    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let a = p0.lerp(p1, t), b = p1.lerp(p2, t), c = p2.lerp(p3, t)
        let d = a.lerp(b, t), e = b.lerp(c, t)
        return d.lerp(e, t)
    }

    /// A flattening tolerance scaled to the path: 1/10 000 of its larger control-box side (so a
    /// 100-point circle is followed to within 0.01 point), never below 1e-9.
    var relativeTolerance: CGFloat {
        let box = boundingBox
        guard !box.isNull else { return 0.01 }
        let size = max(box.width, box.height)
        return size.isFinite ? max(size * 1e-4, 1e-9) : 0.01
    }
}
