import Foundation

extension CGMutablePath {
    /// Adds an ellipse inscribed in `rect` as a closed subpath of four cubic Béziers.
    ///
    /// Element structure as on Apple: a move to `(maxX, midY)`, curves through `(midX, maxY)`,
    /// `(minX, midY)`, `(midX, minY)` back to `(maxX, midY)`, then a close. That is towards
    /// increasing angles: counter-clockwise in a y-up space, and the "clockwise" Apple's page
    /// describes in the flipped (y-down) space of UIKit. `rect` is standardised first; a rect
    /// that is null, infinite or not finite is ignored.
    /// (https://developer.apple.com/documentation/coregraphics/cgmutablepath/addellipse(in:transform:))
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        guard rect.isFiniteRect, transform.isFinite else { return }
        let r = rect.standardized
        let m = CGAffineTransform(a: r.width / 2, b: 0, c: 0, d: r.height / 2, tx: r.midX, ty: r.midY)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0).applying(m))
        appendUnitArc(startAngle: 0, sweep: 2 * .pi, mapping: m)
        closeSubpath()
    }

    /// Adds a rectangle with corners that are quarter ellipses of radii `cornerWidth` and
    /// `cornerHeight`, as one closed subpath.
    ///
    /// Structure: a move to `(maxX, midY)`, then (towards increasing angles, as `addEllipse`)
    /// the right edge up to the top-right corner curve, the top edge, and so on round to the
    /// bottom-right corner curve ending at `(maxX, minY + cornerHeight)`, then a close. Edges of
    /// zero length are left out. Apple requires `0 ≤ cornerWidth ≤ width / 2` and
    /// `0 ≤ cornerHeight ≤ height / 2` (and traps otherwise); we clamp into that range instead
    /// (a non-finite corner size counts as 0). A zero corner size gives `addRect(_:)`'s
    /// rectangle. A rect that is null, infinite or not finite is ignored.
    /// (https://developer.apple.com/documentation/coregraphics/cgmutablepath/addroundedrect(in:cornerwidth:cornerheight:transform:))
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard rect.isFiniteRect, transform.isFinite else { return }
        let r = rect.standardized
        let cw = Self.clampCorner(cornerWidth, r.width / 2), ch = Self.clampCorner(cornerHeight, r.height / 2)
        guard cw > 0, ch > 0 else { addRect(r, transform: transform); return }
        move(to: CGPoint(x: r.maxX, y: r.midY), transform: transform)
        // Each corner: the straight edge leading into it (left out when of zero length), then a
        // quarter of the unit circle from `angle`, scaled to (cw, ch) about the corner's centre.
        let fullHeight = 2 * ch >= r.height, fullWidth = 2 * cw >= r.width
        let corners: [(edgeEnd: CGPoint, skipEdge: Bool, center: CGPoint, angle: CGFloat)] = [
            (CGPoint(x: r.maxX, y: r.maxY - ch), fullHeight, CGPoint(x: r.maxX - cw, y: r.maxY - ch), 0),
            (CGPoint(x: r.minX + cw, y: r.maxY), fullWidth, CGPoint(x: r.minX + cw, y: r.maxY - ch), .pi / 2),
            (CGPoint(x: r.minX, y: r.minY + ch), fullHeight, CGPoint(x: r.minX + cw, y: r.minY + ch), .pi),
            (CGPoint(x: r.maxX - cw, y: r.minY), fullWidth, CGPoint(x: r.maxX - cw, y: r.minY + ch), 3 * .pi / 2),
        ]
        for corner in corners {
            if !corner.skipEdge { addLine(to: corner.edgeEnd, transform: transform) }
            let m = CGAffineTransform(a: cw, b: 0, c: 0, d: ch, tx: corner.center.x, ty: corner.center.y)
                .concatenating(transform)
            appendUnitArc(startAngle: corner.angle, sweep: .pi / 2, mapping: m)
        }
        closeSubpath()
    }

    static func clampCorner(_ value: CGFloat, _ limit: CGFloat) -> CGFloat {
        guard value.isFinite, value > 0 else { return 0 }
        return min(value, limit)
    }
}
