import Foundation

// Circular arcs, approximated by cubic Béziers of at most 90° each. A segment of angle θ on
// the unit circle has control points at distance k = 4/3·tan(θ/4) along the end tangents; its
// radial error is below 0.03 % of the radius for θ = 90°.

extension CGMutablePath {
    /// Adds an arc of a circle, given by its centre, radius and start and end angles.
    ///
    /// Angles are in radians from the positive x-axis. With `clockwise == false` the arc runs
    /// towards increasing angles (counter-clockwise in a y-up space), with `true` towards
    /// decreasing angles (clockwise in a y-up space). As Apple notes, in a flipped (y-down)
    /// space such as UIKit's a "clockwise" arc therefore appears counter-clockwise on screen.
    /// A sweep of a full turn or more in the requested direction draws the whole circle once;
    /// otherwise the sweep is reduced to less than one turn, as Quartz and canvas do.
    ///
    /// The arc starts with a line from the current point to its start point (a move when the
    /// path is empty). Non-finite input or a negative radius: the call is ignored; a zero radius
    /// adds only the line (or move) to `center`.
    /// (https://developer.apple.com/documentation/coregraphics/cgmutablepath/addarc(center:radius:startangle:endangle:clockwise:transform:))
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard endAngle.isFinite else { return }
        let twoPi = 2 * CGFloat.pi
        var sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        if sweep >= twoPi {
            sweep = twoPi
        } else {
            sweep = sweep.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        appendArc(center: center, radius: radius, startAngle: startAngle,
                  sweep: clockwise ? -sweep : sweep, transform: transform)
    }

    /// Adds an arc of a circle from `startAngle` through the signed angle `delta` (radians;
    /// positive runs towards increasing angles, counter-clockwise in a y-up space).
    ///
    /// Starts with a line from the current point (a move when empty). A `delta` beyond one full
    /// turn is drawn as one full turn plus the remainder, so the end point is exact and the
    /// element count stays bounded. Non-finite input or a negative radius: ignored.
    /// (https://developer.apple.com/documentation/coregraphics/cgmutablepath/addrelativearc(center:radius:startangle:delta:transform:))
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard delta.isFinite else { return }
        let twoPi = 2 * CGFloat.pi
        var sweep = delta
        if abs(sweep) > twoPi {
            let rest = abs(sweep).truncatingRemainder(dividingBy: twoPi)
            sweep = (sweep < 0 ? -1 : 1) * (twoPi + rest)
        }
        appendArc(center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// Adds an arc of radius `radius` tangent to the line from the current point to
    /// `tangent1End` and to the line from `tangent1End` to `tangent2End` (PostScript `arct`).
    ///
    /// Adds a line from the current point to the first tangent point, then the arc (less than
    /// half a turn) to the second tangent point, which becomes the current point. When the three
    /// points are collinear or coincide, or the radius is zero, only a line to `tangent1End` is
    /// added. An empty path, non-finite input, a negative radius or a non-invertible transform:
    /// ignored. The geometry is computed in the untransformed space (the current point is mapped
    /// back through `transform`), then transformed, so the arc is elliptical under a non-uniform
    /// scale, as on Apple.
    /// (https://developer.apple.com/documentation/coregraphics/cgmutablepath/addarc(tangent1end:tangent2end:radius:transform:))
    public func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard hasCurrentPoint, p1.isFinite, p2.isFinite, radius.isFinite, radius >= 0,
              transform.isFinite else { return }
        let det = transform.a * transform.d - transform.b * transform.c
        guard det != 0, det.isFinite else { return }
        let p0 = currentPoint.applying(transform.inverted())
        guard p0.isFinite else { return }
        let u = p0.minus(p1), v = p2.minus(p1)
        let lu = u.length, lv = v.length
        // sin of the angle between the tangent lines, relative to their lengths.
        let sine = lu > 0 && lv > 0 ? abs(u.cross(v)) / (lu * lv) : 0
        guard radius > 0, sine > 1e-12 else {
            addLine(to: p1, transform: transform); return
        }
        let ua = u.scaled(1 / lu), va = v.scaled(1 / lv)
        let cosine = ua.dot(va)
        // Half the angle between the two rays from p1: the tangent points lie r / tan(half) away.
        let half = atan2(sine, cosine) / 2
        let along = radius / tan(half)
        let t1 = p1.plus(ua.scaled(along)), t2 = p1.plus(va.scaled(along))
        let bisector = ua.plus(va)
        let center = p1.plus(bisector.scaled(radius / sin(half) / bisector.length))
        let a0 = atan2(t1.y - center.y, t1.x - center.x)
        let a1 = atan2(t2.y - center.y, t2.x - center.x)
        var sweep = a1 - a0
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        appendArc(center: center, radius: radius, startAngle: a0, sweep: sweep, transform: transform)
    }

    /// Appends a line (or move) to the arc start, then the arc as cubic segments of ≤ 90°.
    func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, sweep: CGFloat,
                   transform: CGAffineTransform) {
        guard center.isFinite, radius.isFinite, radius >= 0, startAngle.isFinite, sweep.isFinite,
              transform.isFinite else { return }
        // The unit circle mapped to the arc's circle, then to path space.
        let m = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
            .concatenating(transform)
        let start = Self.unitPoint(startAngle).applying(m)
        guard start.isFinite else { return }
        if hasCurrentPoint { addLine(to: start) } else { move(to: start) }
        guard radius > 0, sweep != 0 else { return }
        appendUnitArc(startAngle: startAngle, sweep: sweep, mapping: m)
    }

    /// Appends cubic segments for the unit-circle arc from `startAngle` through `sweep`, each
    /// point mapped by `mapping`. Assumes a current point at the arc's start.
    func appendUnitArc(startAngle: CGFloat, sweep: CGFloat, mapping m: CGAffineTransform) {
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        var a = startAngle
        for i in 1...count {
            let b = i == count ? startAngle + sweep : a + step
            let p0 = Self.unitPoint(a), p3 = Self.unitPoint(b)
            let c1 = p0.plus(p0.perpendicular.scaled(k)), c2 = p3.minus(p3.perpendicular.scaled(k))
            addCurve(to: p3.applying(m), control1: c1.applying(m), control2: c2.applying(m))
            a = b
        }
    }

    /// (cos a, sin a), with the last-bit errors at multiples of 90° snapped away so that arcs
    /// through those angles (ellipses, rounded rects, quarter arcs) land exactly on their axes.
    static func unitPoint(_ a: CGFloat) -> CGPoint {
        func snap(_ v: CGFloat) -> CGFloat {
            if abs(v) < 1e-15 { return 0 }
            if abs(abs(v) - 1) < 1e-15 { return v < 0 ? -1 : 1 }
            return v
        }
        return CGPoint(x: snap(cos(a)), y: snap(sin(a)))
    }
}
