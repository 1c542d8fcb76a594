// Font metrics in points (https://developer.apple.com/documentation/coretext/ctfont).

/// Apple's `CTFontCopyPostScriptName(_:)`.
public func CTFontCopyPostScriptName(_ font: CTFont) -> String { font.graphicsFont.postScriptName ?? "" }
/// Apple's `CTFontCopyFamilyName(_:)`: the installed face's family ("Liberation Sans" for Helvetica).
public func CTFontCopyFamilyName(_ font: CTFont) -> String { font.graphicsFont.familyName ?? "" }
/// Apple's `CTFontCopyFullName(_:)`.
public func CTFontCopyFullName(_ font: CTFont) -> String { font.graphicsFont.fullName ?? "" }
/// The em size in points (Apple's `CTFontGetSize(_:)`).
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
/// Apple's `CTFontGetMatrix(_:)`.
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// Distance from the baseline up to the font's ascender line, points (Apple's `CTFontGetAscent(_:)`).
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.ascent) * font.scale }
/// Distance below the baseline, points, **positive** (Apple's `CTFontGetDescent(_:)`).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { -CGFloat(font.graphicsFont.descent) * font.scale }
/// The font's line gap, points (Apple's `CTFontGetLeading(_:)`).
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.leading) * font.scale }
/// Apple's `CTFontGetCapHeight(_:)`, points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.capHeight) * font.scale }
/// Apple's `CTFontGetXHeight(_:)`, points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.graphicsFont.xHeight) * font.scale }
/// Apple's `CTFontGetUnitsPerEm(_:)`.
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.graphicsFont.unitsPerEm) }
/// Apple's `CTFontGetGlyphCount(_:)`.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.graphicsFont.numberOfGlyphs }
/// The union of all glyph boxes in points, y up from the baseline (Apple's `CTFontGetBoundingBox(_:)`).
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let b = font.graphicsFont.fontBBox, s = font.scale
    return CGRect(x: b.minX * s, y: b.minY * s, width: b.width * s, height: b.height * s)
}
