import CQuartzCairo

/// The parts of the graphics state that cairo does not keep for us. cairo's own gstate (CTM,
/// clip, line width/cap/join/miter, dash, antialias, current path) is saved with `cairo_save`
/// alongside a copy of this value, so `saveGState`/`restoreGState` cover both.
struct GraphicsState {
    /// User space → base space (Apple's CTM; identity for a new context). Kept here because
    /// cairo refuses singular matrices: cairo's matrix is `ctm × baseTransform` whenever that is
    /// invertible, and drawing is skipped while it is not (see CGContext+CTM.swift).
    var ctm: CGAffineTransform = .identity
    var fillColor: CGColor = .black
    var strokeColor: CGColor = .black
    /// Global alpha, 0…1, multiplied into everything drawn (Apple's `setAlpha`).
    var alpha: CGFloat = 1
    var blendMode: CGBlendMode = .normal
    var interpolationQuality: CGInterpolationQuality = .default
    /// Shadow in base space: offset in points (y up), blur in points, colour (nil: no shadow).
    var shadowOffset: CGSize = .zero
    var shadowBlur: CGFloat = 0
    var shadowColor: CGColor? = nil
    /// Coverage from `clip(to:mask:)` in device pixels (nil: none); see CGContext+Mask.swift.
    var maskClip: MaskClip? = nil
    var shouldAntialias = true
    var allowsAntialiasing = true
    /// Text state for the pango helper.
    var fontName: String = "DejaVu Sans"
    var fontSize: CGFloat = 12
    var characterSpacing: CGFloat = 0
    var textPosition: CGPoint = .zero
}
