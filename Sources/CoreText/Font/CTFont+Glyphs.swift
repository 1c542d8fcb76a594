// Glyphs of one font, without layout (https://developer.apple.com/documentation/coretext/ctfont).

/// Maps UTF-16 characters to this font's glyphs, one glyph per code unit (Apple's
/// `CTFontGetGlyphsForCharacters(_:_:_:_:)`): a surrogate pair's glyph goes in the first slot
/// and 0 in the second. No fallback to other fonts: characters the font lacks get glyph 0,
/// and the result is false if any did.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    var allFound = true, i = 0
    while i < count {
        let unit = characters[i]
        var scalar = Unicode.Scalar(unit)
        var width = 1
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            scalar = Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(characters[i + 1] - 0xDC00))
            width = 2
        }
        let glyph = scalar.map { font.graphicsFont.glyph(for: $0) } ?? 0
        glyphs[i] = glyph
        if width == 2 { glyphs[i + 1] = 0 }
        if glyph == 0 { allFound = false }
        i += width
    }
    return allFound
}

/// Each glyph's advance in points (Apple's `CTFontGetAdvancesForGlyphs(_:_:_:_:_:)`); returns
/// their sum. `advances` may be nil to get only the sum.
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation,
                                       _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    guard count > 0 else { return 0 }
    var units = [Int32](repeating: 0, count: count)
    _ = font.graphicsFont.getGlyphAdvances(glyphs: glyphs, count: count, advances: &units)
    var total = 0.0
    for i in 0..<count {
        let advance = CGSize(width: CGFloat(units[i]) * font.scale, height: 0).applying(font.matrix)
        advances?[i] = advance
        total += Double(advance.width)
    }
    return total
}

/// The outline of `glyph` as a path in points, y up, origin on the baseline at the glyph's
/// origin, after the font matrix and then `matrix` (Apple's `CTFontCreatePathForGlyph(_:_:_:)`).
/// nil for glyphs without an outline (bitmap emoji) or out of range; an empty path for a glyph
/// with no contours (a space).
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph,
                                     _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    font.graphicsFont.path(for: glyph, scale: font.scale,
                           transform: font.matrix.concatenating(matrix?.pointee ?? .identity))
}
