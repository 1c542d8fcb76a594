// Making fonts (https://developer.apple.com/documentation/coretext/ctfont).

/// A font by PostScript or family name at `size` points (0: 12), with an optional matrix
/// (Apple's `CTFontCreateWithName(_:_:_:)`). Never fails: Apple names map to free stand-ins
/// (Helvetica → Liberation Sans, see `AppleFontNames`), and unknown names fall back to the
/// default font (Liberation Sans) with one `CGDiagnostics` note per name. NaN, infinite and
/// negative sizes become 12 points with a note.
public func CTFontCreateWithName(_ name: String, _ size: CGFloat,
                                 _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(graphicsFont: CGFont.named(orDefault: name), size: size, matrix: matrix?.pointee ?? .identity)
}

/// `CTFontCreateWithName` with the name as a `CFString`, Apple's own parameter type
/// (`CTFontCreateWithName("Futura-Medium" as CFString, 24, nil)`).
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat,
                                 _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFontCreateWithName(name as String, size, matrix)
}

/// A font from a `CGFont` (Apple's `CTFontCreateWithGraphicsFont(_:_:_:_:)`); `attributes`
/// is accepted for source compatibility and ignored.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat,
                                         _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(graphicsFont: graphicsFont, size: size, matrix: matrix?.pointee ?? .identity)
}

/// A font from a descriptor's name and size (Apple's `CTFontCreateWithFontDescriptor`); a
/// non-zero `size` wins over the descriptor's.
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFontCreateWithName(descriptor.name, size != 0 ? size : descriptor.size, matrix)
}

/// The same font at another size (0: the same size) and matrix (Apple's
/// `CTFontCreateCopyWithAttributes(_:_:_:_:)`).
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(graphicsFont: font.graphicsFont, size: size != 0 ? size : font.size,
           matrix: matrix?.pointee ?? font.matrix)
}

/// The font's `CGFont` (Apple's `CTFontCopyGraphicsFont(_:_:)`); `attributes` is left untouched.
public func CTFontCopyGraphicsFont(_ font: CTFont,
                                   _ attributes: UnsafeMutablePointer<CTFontDescriptor?>?) -> CGFont {
    font.graphicsFont
}
