import CQuartzFreeType

/// The facts `CGFont` reports, read from a FreeType face once, in font units (y up).
struct FontMetrics: Sendable {
    var unitsPerEm: Int32
    /// hhea ascender (positive) and descender (negative, as Apple's `CGFont.descent`).
    var ascent: Int32, descent: Int32
    /// hhea line gap.
    var leading: Int32
    var capHeight: Int32, xHeight: Int32
    var bbox: CGRect
    /// Degrees counter-clockwise from vertical (post table), as Apple's `italicAngle`.
    var italicAngle: CGFloat
    var numberOfGlyphs: Int
    var postScriptName: String?
    var familyName: String?
    var styleName: String?
    var fullName: String?
    /// OpenType weight class (400 regular, 700 bold) and italic flag, for pango descriptions.
    var weightClass: Int
    var isItalic: Bool

    static let empty = FontMetrics(unitsPerEm: 1000, ascent: 0, descent: 0, leading: 0, capHeight: 0, xHeight: 0,
                                   bbox: .zero, italicAngle: 0, numberOfGlyphs: 0, postScriptName: nil,
                                   familyName: nil, styleName: nil, fullName: nil, weightClass: 400, isItalic: false)

}

extension FontMetrics {
    /// Reads `face`; the caller holds `FontFace.lock`.
    init(_ face: FT_Face) {
        let f = face.pointee
        // Bitmap-only faces have no em square; 1000 keeps the arithmetic finite.
        unitsPerEm = f.units_per_EM > 0 ? Int32(f.units_per_EM) : 1000
        ascent = Int32(f.ascender)
        descent = Int32(f.descender)
        leading = max(0, Int32(f.height) - (ascent - descent))
        bbox = CGRect(x: CGFloat(f.bbox.xMin), y: CGFloat(f.bbox.yMin),
                      width: CGFloat(f.bbox.xMax - f.bbox.xMin), height: CGFloat(f.bbox.yMax - f.bbox.yMin))
        numberOfGlyphs = Int(f.num_glyphs)
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) }
        familyName = f.family_name.map { String(cString: $0) }
        styleName = f.style_name.map { String(cString: $0) }
        isItalic = f.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        weightClass = f.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
        italicAngle = 0
        capHeight = 0; xHeight = 0
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = raw.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.usWeightClass > 0 { weightClass = Int(os2.usWeightClass) }
            if os2.version >= 2 { capHeight = Int32(os2.sCapHeight); xHeight = Int32(os2.sxHeight) }
        }
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) {
            italicAngle = CGFloat(raw.assumingMemoryBound(to: TT_Postscript.self).pointee.italicAngle) / 65536
        }
        // Older fonts lack the OS/2 heights: measure "H" and "x" as Apple does.
        if capHeight == 0 { capHeight = FontMetrics.glyphTop(face, character: 0x48) ?? ascent }
        if xHeight == 0 { xHeight = FontMetrics.glyphTop(face, character: 0x78) ?? ascent / 2 }
        fullName = FontMetrics.sfntName(face, id: UInt16(TT_NAME_ID_FULL_NAME))
            ?? [familyName, styleName == "Regular" ? nil : styleName].compactMap { $0 }.joined(separator: " ")
    }

    /// The top of a character's outline in font units, or nil without one.
    static func glyphTop(_ face: FT_Face, character: UInt32) -> Int32? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(character))
        guard glyph != 0, FT_Load_Glyph(face, glyph, FontFace.unscaledLoadFlags) == 0 else { return nil }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return box.yMax > 0 ? Int32(box.yMax) : nil
    }

    /// A name-table entry (Windows Unicode or Mac Roman), or nil.
    static func sfntName(_ face: FT_Face, id: UInt16) -> String? {
        var entry = FT_SfntName()
        for i in 0..<FT_Get_Sfnt_Name_Count(face) where FT_Get_Sfnt_Name(face, i, &entry) == 0 && entry.name_id == id {
            let bytes = Array(UnsafeBufferPointer(start: entry.string, count: Int(entry.string_len)))
            if entry.platform_id == UInt16(TT_PLATFORM_MICROSOFT) {
                var units: [UInt16] = []
                for k in stride(from: 0, to: bytes.count - 1, by: 2) { units.append(UInt16(bytes[k]) << 8 | UInt16(bytes[k + 1])) }
                return String(decoding: units, as: UTF16.self)
            }
            if entry.platform_id == UInt16(TT_PLATFORM_MACINTOSH) { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }
}

extension FontFace {
    /// Glyphs loaded in font units, unhinted, outlines only: what paths and metrics need.
    static let unscaledLoadFlags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
}
