import Foundation

extension CGPath {
    /// The smallest rectangle containing every point of the path's elements, control points
    /// of curves included (move points too). `.null` for an empty path.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/boundingbox)
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for e in elements {
            switch e {
            case .move(let p), .line(let p): box.add(p)
            case .quad(let c, let p): box.add(c); box.add(p)
            case .cubic(let c1, let c2, let p): box.add(c1); box.add(c2); box.add(p)
            case .close: break
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing the path itself, control points excluded: curve
    /// extrema are solved for exactly (the roots of each coordinate's derivative). Move points
    /// count, as they do for `boundingBox`. `.null` for an empty path.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/boundingboxofpath)
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        var last = CGPoint.zero, start = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p):
                box.add(p); last = p; start = p
            case .line(let p):
                box.add(p); last = p
            case .quad(let c, let p):
                box.add(p)
                for t in Self.quadExtrema(last.x, c.x, p.x) + Self.quadExtrema(last.y, c.y, p.y) {
                    box.add(last.lerp(c, t).lerp(c.lerp(p, t), t))
                }
                last = p
            case .cubic(let c1, let c2, let p):
                box.add(p)
                for t in Self.cubicExtrema(last.x, c1.x, c2.x, p.x) + Self.cubicExtrema(last.y, c1.y, c2.y, p.y) {
                    box.add(Self.cubicPoint(last, c1, c2, p, t))
                }
                last = p
            case .close:
                last = start
            }
        }
        return box.rect
    }

    /// Parameters in (0, 1) where a quadratic coordinate a, b, c has a zero derivative.
    static func quadExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> [CGFloat] {
        let den = a - 2 * b + c
        guard den != 0 else { return [] }
        let t = (a - b) / den
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic coordinate has a zero derivative: the roots of
    /// A·t² + B·t + C with A = −a + 3b − 3c + d, B = 2(a − 2b + c), C = b − a.
    static func cubicExtrema(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> [CGFloat] {
        let qa = -a + 3 * b - 3 * c + d, qb = 2 * (a - 2 * b + c), qc = b - a
        var roots: [CGFloat] = []
        if abs(qa) < 1e-12 * (abs(qb) + abs(qc) + 1e-300) {
            if qb != 0 { roots.append(-qc / qb) }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let s = disc.squareRoot()
                roots.append((-qb + s) / (2 * qa)); roots.append((-qb - s) / (2 * qa))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Grows a rectangle point by point; `.null` until the first point.
struct BoxAccumulator {
    var minX = CGFloat.infinity, minY = CGFloat.infinity
    var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); maxX = max(maxX, p.x)
        minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    var rect: CGRect {
        minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
