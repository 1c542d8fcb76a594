import Foundation
import CoreGraphics

/// A Lottie path (https://lottiefiles.github.io/lottie-docs/concepts/#bezier): vertices `v`
/// with in/out tangents `i`/`o` relative to their vertex, closed or not.
struct BezierShape: LottieInterpolatable, Sendable {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    static func lerp(_ a: BezierShape, _ b: BezierShape, _ t: Double) -> BezierShape {
        guard a.vertices.count == b.vertices.count else { return t < 1 ? a : b }
        func mix(_ p: [CGPoint], _ q: [CGPoint]) -> [CGPoint] {
            zip(p, q).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return BezierShape(closed: a.closed, vertices: mix(a.vertices, b.vertices),
                           inTangents: mix(a.inTangents, b.inTangents), outTangents: mix(a.outTangents, b.outTangents))
    }

    /// Reads `{"c", "v", "i", "o"}`, or a one-element array of it (older exports).
    static func read(_ j: JSONValue) -> BezierShape? {
        if case .array(let a) = j, a.count == 1, a[0].object != nil { return read(a[0]) }
        guard let v = j["v"]?.array else { return nil }
        func points(_ a: [JSONValue]?) -> [CGPoint] {
            (a ?? []).map { p in
                let n = p.numbers ?? []
                return CGPoint(x: n.count > 0 ? n[0] : 0, y: n.count > 1 ? n[1] : 0)
            }
        }
        let vs = points(v)
        var ins = points(j["i"]?.array), outs = points(j["o"]?.array)
        if ins.count != vs.count { ins = Array(repeating: .zero, count: vs.count) }
        if outs.count != vs.count { outs = Array(repeating: .zero, count: vs.count) }
        return BezierShape(closed: j["c"]?.bool ?? false, vertices: vs, inTangents: ins, outTangents: outs)
    }

    /// Appends the shape to `path` (reversed when `reversed`, for trim direction).
    func append(to path: CGMutablePath, reversed: Bool = false) {
        guard !vertices.isEmpty else { return }
        var v = vertices, ins = inTangents, outs = outTangents
        if reversed { v.reverse(); let i = ins; ins = outs.reversed(); outs = i.reversed() }
        path.move(to: v[0])
        let n = v.count
        let segments = closed ? n : n - 1
        for s in 0..<segments {
            let a = s, b = (s + 1) % n
            let c1 = CGPoint(x: v[a].x + outs[a].x, y: v[a].y + outs[a].y)
            let c2 = CGPoint(x: v[b].x + ins[b].x, y: v[b].y + ins[b].y)
            if outs[a] == .zero && ins[b] == .zero { path.addLine(to: v[b]) }
            else { path.addCurve(to: v[b], control1: c1, control2: c2) }
        }
        if closed { path.closeSubpath() }
    }
}
