import Foundation
import CoreGraphics

extension BezierShape {
    /// The shape with its sharp corners rounded by `radius` points (the rounded-corners
    /// modifier, https://lottiefiles.github.io/lottie-docs/shapes/#rounded-corners): a vertex
    /// with no tangents, between two neighbours, becomes two vertices `radius` along its edges
    /// (at most half of each edge) joined by a cubic that approximates a circular arc. Curved
    /// vertices and the ends of an open path stay as they are.
    func roundingCorners(_ radius: Double) -> BezierShape {
        let n = vertices.count
        guard radius > 0, radius.isFinite, n >= 3 || (n >= 2 && closed) else { return self }
        // Cubic control distance for a quarter circle, as a share of the radius.
        let kappa: CGFloat = 0.5519150244935105
        var out = BezierShape(closed: closed, vertices: [], inTangents: [], outTangents: [])
        out.vertices.reserveCapacity(2 * n); out.inTangents.reserveCapacity(2 * n); out.outTangents.reserveCapacity(2 * n)
        for i in 0..<n {
            let v = vertices[i]
            let sharp = inTangents[i] == .zero && outTangents[i] == .zero
            let hasNeighbours = closed || (i > 0 && i < n - 1)
            guard sharp, hasNeighbours else {
                out.vertices.append(v); out.inTangents.append(inTangents[i]); out.outTangents.append(outTangents[i])
                continue
            }
            let p = vertices[(i + n - 1) % n], q = vertices[(i + 1) % n]
            func toward(_ w: CGPoint) -> CGPoint {
                let dx = w.x - v.x, dy = w.y - v.y, len = (dx * dx + dy * dy).squareRoot()
                guard len > 0 else { return v }
                let d = min(CGFloat(radius), len / 2)
                return CGPoint(x: v.x + dx / len * d, y: v.y + dy / len * d)
            }
            let a = toward(p), b = toward(q)
            out.vertices.append(a); out.inTangents.append(.zero)
            out.outTangents.append(CGPoint(x: (v.x - a.x) * kappa, y: (v.y - a.y) * kappa))
            out.vertices.append(b); out.outTangents.append(.zero)
            out.inTangents.append(CGPoint(x: (v.x - b.x) * kappa, y: (v.y - b.y) * kappa))
        }
        return out
    }
}
