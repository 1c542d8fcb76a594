import Foundation

// Small vector helpers shared by the path geometry files (arcs, bounds, flattening, stroking).
// Internal only: Apple's CGPoint has no arithmetic operators, and we do not add public ones.

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
    func plus(_ o: CGPoint) -> CGPoint { CGPoint(x: x + o.x, y: y + o.y) }
    func minus(_ o: CGPoint) -> CGPoint { CGPoint(x: x - o.x, y: y - o.y) }
    func scaled(_ s: CGFloat) -> CGPoint { CGPoint(x: x * s, y: y * s) }
    func dot(_ o: CGPoint) -> CGFloat { x * o.x + y * o.y }
    /// z of the 3D cross product: > 0 when `o` turns counter-clockwise from `self` (y up).
    func cross(_ o: CGPoint) -> CGFloat { x * o.y - y * o.x }
    /// √(x² + y²) without overflow: past ~1e154 the squares are infinite, which made every
    /// curve of a huge path flatten to the segment cap (found by FuzzPath: a stroked 1e300
    /// circle took minutes in `contains`). The fast form wherever the squares are exact enough.
    var length: CGFloat {
        let s = x * x + y * y
        return s.isFinite && (s >= .leastNormalMagnitude || (x == 0 && y == 0)) ? s.squareRoot() : CGFloat(hypot(Double(x), Double(y)))
    }
    /// The vector turned 90° counter-clockwise (y up).
    var perpendicular: CGPoint { CGPoint(x: -y, y: x) }
    func distance(to o: CGPoint) -> CGFloat { minus(o).length }
    /// The point a fraction `t` of the way to `o`.
    func lerp(_ o: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: x + (o.x - x) * t, y: y + (o.y - y) * t) }
}

extension CGAffineTransform {
    var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

extension CGRect {
    /// Origin and size all finite, and neither `.null` nor `.infinite` (whose fields are
    /// finite on Linux: half and all of `greatestFiniteMagnitude`).
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
            && !isNull && !isInfinite
    }
}
