import CQuartzCairo

/// The current transformation matrix (CTM) and conversions between user and device space.
///
/// **Spaces.** User space is where drawing calls take their coordinates. Device space is, as on
/// Apple for bitmap contexts, the bitmap's own pixel grid with its origin at the *bottom-left*,
/// x right and y up (1 unit = 1 pixel; 1 point for PDF pages). A new context's CTM, and so
/// `userSpaceToDeviceSpaceTransform`, is the identity. Internally cairo draws in a top-left,
/// y-down space; `baseTransform` (a flip, never reported) bridges the two.
///
/// **Singular matrices.** Apple accepts any CTM, including ones that collapse space (a zero
/// scale). cairo would enter a permanent error state, so such a CTM is only recorded: while it is
/// in effect, path construction and drawing calls are ignored (Apple draws nothing visible for
/// them either), and the next invertible CTM (or `restoreGState`) resumes drawing.
/// Follows https://developer.apple.com/documentation/coregraphics/cgcontext (Working with the
/// current transformation matrix).
extension CGContext {
    /// The current transformation matrix, mapping user space to device space.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/ctm)
    public var ctm: CGAffineTransform { gstate.ctm }

    /// The affine transform mapping user space to device space; equal to `ctm` here, because a
    /// bitmap context's device space is its y-up pixel grid.
    /// (https://developer.apple.com/documentation/coregraphics/cgcontext/userspacetodevicespacetransform)
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { gstate.ctm }

    /// Prepends `transform` to the CTM: user-space points are mapped by `transform` first, then
    /// by the previous CTM. (https://developer.apple.com/documentation/coregraphics/cgcontext/concatenate(_:))
    public func concatenate(_ transform: CGAffineTransform) {
        setCTM(transform.concatenating(gstate.ctm))
    }

    /// Moves the user-space origin by (`tx`, `ty`) user-space units.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    /// Scales user-space units by `sx` horizontally and `sy` vertically.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(scaleX: sx, y: sy))
    }

    /// Rotates user space by `angle` radians; positive angles turn counter-clockwise as seen in
    /// the y-up device space. (https://developer.apple.com/documentation/coregraphics/cgcontext/rotate(by:))
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// A user-space point in device space (y-up pixels).
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(gstate.ctm) }
    /// A user-space size in device space (the CTM without its translation; may be negative).
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(gstate.ctm) }
    /// The device-space bounding box of a user-space rectangle.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(gstate.ctm) }
    /// A device-space point in user space (unchanged when the CTM is singular).
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(gstate.ctm.inverted()) }
    /// A device-space size in user space.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(gstate.ctm.inverted()) }
    /// The user-space bounding box of a device-space rectangle.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(gstate.ctm.inverted()) }

    // MARK: Internal

    /// Whether cairo's matrix currently matches the CTM (false while the CTM is singular or not
    /// finite). Path and drawing calls check it first.
    var canDraw: Bool { CGContext.isInvertible(gstate.ctm) }

    /// Records `ctm` and hands it (with the base flip) to cairo when cairo can take it.
    func setCTM(_ ctm: CGAffineTransform) {
        gstate.ctm = ctm
        guard CGContext.isInvertible(ctm) else { return }
        var m = CGContext.cairoMatrix(ctm.concatenating(baseTransform))
        cairo_set_matrix(cr, &m)
    }

    static func isInvertible(_ t: CGAffineTransform) -> Bool {
        let det = t.a * t.d - t.b * t.c
        return det != 0 && det.isFinite && t.tx.isFinite && t.ty.isFinite
    }

    /// cairo's layout of an affine matrix: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0.
    static func cairoMatrix(_ t: CGAffineTransform) -> cairo_matrix_t {
        cairo_matrix_t(xx: Double(t.a), yx: Double(t.b), xy: Double(t.c), yy: Double(t.d),
                       x0: Double(t.tx), y0: Double(t.ty))
    }
}
