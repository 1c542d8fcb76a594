import CQuartzCairo

/// A drawing destination: a bitmap or a PDF document, drawn through cairo.
///
/// **Coordinates.** As on Apple, user space starts with its origin at the bottom-left of the
/// bitmap or page, x to the right and y up, 1 unit = 1 pixel (bitmap) or 1 point (PDF). The
/// context's base transform maps that onto cairo's top-left, y-down device space; `ctm`
/// reports only what the caller concatenated, so a fresh context's `ctm` is the identity.
///
/// Not thread-safe (like Apple's): use a context on one thread at a time.
/// Follows Apple's `CGContext` (https://developer.apple.com/documentation/coregraphics/cgcontext).
public final class CGContext {
    /// The cairo context; owned.
    let cr: OpaquePointer
    /// The cairo surface drawn into; owned.
    let surface: OpaquePointer
    /// Maps CoreGraphics base space (y up) to cairo device space (y down). A var because a PDF
    /// context sets it per page from that page's media box (see CGContext+PDF.swift).
    var baseTransform: CGAffineTransform
    /// Present for bitmap contexts.
    let bitmap: BitmapTarget?
    /// Present for PDF contexts (see CGContext+PDF.swift).
    var pdf: PDFTarget?

    /// Maps text space to user space about the text position (Apple's `textMatrix`;
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/textmatrix). Identity
    /// by default; as on Apple it is not part of the saved graphics state.
    public var textMatrix: CGAffineTransform = .identity

    var gstate = GraphicsState()
    var gstack: [GraphicsState] = []
    /// `gstack.count` just after each open transparency layer began (innermost last); see
    /// CGContext+TransparencyLayer.swift. A restore never pops below the innermost one.
    var transparencyLayerDepths: [Int] = []
    /// The current path has a point past cairo's fixed-point range, so it draws nothing
    /// (CGContext+FarGeometry.swift); `reportedOutOfRangePath`: that was reported.
    var pathOutOfRange = false
    var reportedOutOfRangePath = false

    init(surface: OpaquePointer, height: CGFloat, bitmap: BitmapTarget?) {
        self.surface = surface
        self.cr = cairo_create(surface)
        self.bitmap = bitmap
        self.baseTransform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        var m = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: Double(height))
        cairo_set_matrix(cr, &m)
        // CoreGraphics defaults: line width 1, butt caps, miter joins, miter limit 10, non-zero fill.
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
    }

    deinit {
        // A PDF context is closed (its file written) when released, as on Apple.
        if pdf != nil { closePDF() }
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    // MARK: Graphics state stack

    /// Pushes a copy of the graphics state (CTM, clip, colours, line and text settings, alpha,
    /// blend mode, shadow) onto the stack.
    public func saveGState() {
        cairo_save(cr)
        gstack.append(gstate)
    }

    /// Pops the graphics state saved by the matching `saveGState()`; unbalanced calls are ignored,
    /// as Apple ignores them.
    public func restoreGState() {
        guard gstack.count > (transparencyLayerDepths.last ?? 0), let saved = gstack.popLast() else { return }
        cairo_restore(cr)
        gstate = saved
    }

    // MARK: Drawing bookkeeping

    /// Called after every drawing operation with the user-space extents it may have touched
    /// (nil: the whole clip). Bitmap contexts whose pixel layout is not cairo's copy those pixels
    /// into the caller's buffer so that `data` is always current.
    func didDraw(userExtents: (x1: Double, y1: Double, x2: Double, y2: Double)?) {
        guard let bitmap, !bitmap.isDirect else { return }
        var e = userExtents ?? { var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cr, &x1, &y1, &x2, &y2); return (x1, y1, x2, y2) }()
        // Grow by the shadow's reach, then map the four corners to device pixels.
        if gstate.shadowColor != nil {
            let m = Double(abs(gstate.shadowOffset.width) + abs(gstate.shadowOffset.height) + 3 * gstate.shadowBlur + 2)
            e = (e.x1 - m, e.y1 - m, e.x2 + m, e.y2 + m)
        }
        var xs = [e.x1, e.x2, e.x1, e.x2], ys = [e.y1, e.y1, e.y2, e.y2]
        for i in 0..<4 { cairo_user_to_device(cr, &xs[i], &ys[i]) }
        bitmap.pushToCallerBuffer(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
    }
}
