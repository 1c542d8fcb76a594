// Apple's convenience initializers for immutable shape paths. Their `transform` is a pointer,
// as in Apple's overlay (`nil` for none), unlike the `CGMutablePath` adders' default values.

extension CGPath {
    /// A path holding one closed rectangle subpath, built as `CGMutablePath.addRect(_:transform:)`
    /// builds it. A rect that is null, infinite or not finite gives an empty path.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/init(rect:transform:))
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding one ellipse inscribed in `rect`, built as
    /// `CGMutablePath.addEllipse(in:transform:)` builds it (move to (maxX, midY), four cubic
    /// curves, close). A rect that is null, infinite or not finite gives an empty path.
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/init(ellipsein:transform:))
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A path holding one rounded rectangle, built as
    /// `CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:transform:)` builds it.
    ///
    /// Apple requires `0 ≤ cornerWidth ≤ rect.width / 2` and `0 ≤ cornerHeight ≤ rect.height / 2`
    /// and traps otherwise; we clamp into that range instead of crashing (negative or
    /// non-finite sizes become 0, which gives a plain rectangle).
    /// (https://developer.apple.com/documentation/coregraphics/cgpath/init(roundedrect:cornerwidth:cornerheight:transform:))
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }
}
