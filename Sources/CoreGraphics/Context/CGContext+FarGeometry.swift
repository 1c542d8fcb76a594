import CQuartzCairo

/// cairo keeps path points in device space as 24.8 fixed point, which wraps past ±2²³: a point
/// further out would be stored as a different, often mirrored, point, so a 1e300 vertex drew
/// garbage in bitmaps and PDF pages alike. Every point added to the current path is checked
/// here (in device units, after the CTM) against ±2²² (half that, leaving room for stroke
/// widths and the arcs about a centre). A path with a point past it is dropped whole — filled,
/// stroked or clipped as an empty path (a clip by it leaves nothing drawable) — and reported
/// once per context as `CGDiagnostic` `.invalidValue` with subject "path". Rectangles
/// (`addRect`, `fill(_:)`) are trimmed to the surface instead, so huge ones still cover it.
/// Apple's CoreGraphics uses floating point and draws such paths; this is a project limit.
extension CGContext {
    /// Device units a path point may lie from the origin (2²²).
    static let fixedPointLimit = Double(1 << 22)

    /// Whether every user-space point maps within `fixedPointLimit`; if not, the current path
    /// is marked out of range (and reported once).
    func fitsFixedPoint(_ points: CGPoint...) -> Bool {
        for p in points {
            var x = Double(p.x), y = Double(p.y)
            cairo_user_to_device(cr, &x, &y)
            guard abs(x) <= Self.fixedPointLimit, abs(y) <= Self.fixedPointLimit else {
                markPathOutOfRange()
                return false
            }
        }
        return true
    }

    /// Whether the box `center` ± `radius` (user space) maps within the limit.
    func fitsFixedPoint(center c: CGPoint, radius r: CGFloat) -> Bool {
        fitsFixedPoint(CGPoint(x: c.x - r, y: c.y - r), CGPoint(x: c.x + r, y: c.y - r),
                       CGPoint(x: c.x - r, y: c.y + r), CGPoint(x: c.x + r, y: c.y + r))
    }

    private func markPathOutOfRange() {
        pathOutOfRange = true
        guard !reportedOutOfRangePath else { return }
        reportedOutOfRangePath = true
        CGDiagnostics.report(CGDiagnostic(.invalidValue, subject: "path",
            "a path reaches past ±4,194,304 device units, beyond what the rasteriser's fixed point holds; it draws nothing (reported once per context)"))
    }

    /// Empties the current path (the end of every call that consumes it).
    func endPath() {
        cairo_new_path(cr)
        pathOutOfRange = false
    }
}
