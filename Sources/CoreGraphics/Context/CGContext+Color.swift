/// Fill and stroke colours and the global alpha. Colours may be in any RGB or gray space; they
/// are drawn in sRGB (`CGColor.rgba`). Defaults: opaque black fill and stroke, alpha 1.
/// Follows https://developer.apple.com/documentation/coregraphics/cgcontext (Setting color…).
extension CGContext {
    /// Sets the colour used by fills.
    public func setFillColor(_ color: CGColor) { gstate.fillColor = color }
    /// Sets the colour used by strokes.
    public func setStrokeColor(_ color: CGColor) { gstate.strokeColor = color }

    /// Sets the fill colour from sRGB components (0…1).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.fillColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the stroke colour from sRGB components (0…1).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        gstate.strokeColor = CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha)
    }
    /// Sets the fill colour to a generic-gray level (0 black … 1 white).
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { gstate.fillColor = CGColor(gray: gray, alpha: alpha) }
    /// Sets the stroke colour to a generic-gray level (0 black … 1 white).
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { gstate.strokeColor = CGColor(gray: gray, alpha: alpha) }

    /// Sets the fill colour from components (colour components, then alpha) in the fill colour
    /// space (the space of the current fill colour); `components` must hold that many values.
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        if let space = gstate.fillColor.colorSpace, let c = CGColor(colorSpace: space, components: components) {
            gstate.fillColor = c
        }
    }
    /// Sets the stroke colour from components in the stroke colour space.
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        if let space = gstate.strokeColor.colorSpace, let c = CGColor(colorSpace: space, components: components) {
            gstate.strokeColor = c
        }
    }

    /// Sets the fill colour space; as on Apple the fill colour becomes that space's initial
    /// colour (black, opaque). Spaces other than RGB and gray are ignored.
    public func setFillColorSpace(_ space: CGColorSpace) {
        if let c = CGContext.initialColor(in: space) { gstate.fillColor = c }
    }
    /// Sets the stroke colour space; the stroke colour becomes opaque black in it.
    public func setStrokeColorSpace(_ space: CGColorSpace) {
        if let c = CGContext.initialColor(in: space) { gstate.strokeColor = c }
    }

    /// Sets the global alpha (clamped to 0…1), multiplied into everything drawn afterwards:
    /// fills, strokes, images and gradients. (https://developer.apple.com/documentation/coregraphics/cgcontext/setalpha(_:))
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return }
        gstate.alpha = min(1, max(0, alpha))
    }

    static func initialColor(in space: CGColorSpace) -> CGColor? {
        CGColor(colorSpace: space, components: Array(repeating: 0, count: space.numberOfComponents) + [1])
    }
}
