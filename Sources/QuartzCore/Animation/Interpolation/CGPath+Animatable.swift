extension CGPath {
    /// The path a fraction `t` from `a` to `b`: when both have the same element kinds in the same
    /// order, every point interpolates linearly (Apple: "paths with the same number of control
    /// points"); otherwise the result is `b` as soon as t > 0 (Apple leaves the case undefined;
    /// the issue asks for a jump to the target).
    static func interpolate(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath {
        var pa: [(CGPathElementType, [CGPoint])] = []
        var pb: [(CGPathElementType, [CGPoint])] = []
        a.applyWithBlock { e in pa.append((e.pointee.type, CGPath.points(of: e.pointee))) }
        b.applyWithBlock { e in pb.append((e.pointee.type, CGPath.points(of: e.pointee))) }
        guard pa.count == pb.count, zip(pa, pb).allSatisfy({ $0.0 == $1.0 }) else {
            return t > 0 ? b : a
        }
        let out = CGMutablePath()
        for (ea, eb) in zip(pa, pb) {
            let p = zip(ea.1, eb.1).map { CGPoint.interpolate($0, $1, t) }
            switch ea.0 {
            case .moveToPoint: out.move(to: p[0])
            case .addLineToPoint: out.addLine(to: p[0])
            case .addQuadCurveToPoint: out.addQuadCurve(to: p[1], control: p[0])
            case .addCurveToPoint: out.addCurve(to: p[2], control1: p[0], control2: p[1])
            case .closeSubpath: out.closeSubpath()
            }
        }
        return out.copy()!
    }

    static func points(of e: CGPathElement) -> [CGPoint] {
        switch e.type {
        case .moveToPoint, .addLineToPoint: return [e.points[0]]
        case .addQuadCurveToPoint: return [e.points[0], e.points[1]]
        case .addCurveToPoint: return [e.points[0], e.points[1], e.points[2]]
        case .closeSubpath: return []
        }
    }
}
