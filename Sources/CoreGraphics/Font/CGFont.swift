import Foundation

/// Apple's `CGGlyph`: a glyph index in a font.
public typealias CGGlyph = UInt16

/// A font: one face of a font file, read with FreeType (Apple's `CGFont`,
/// https://developer.apple.com/documentation/coregraphics/cgfont).
///
/// Metrics are in font units (the em square is `unitsPerEm` units, y up); multiply by
/// `size / unitsPerEm` for points. Immutable and safe to share between threads.
///
/// Names are matched through fontconfig (the matcher pango uses to lay text out), and Apple's
/// font names map to free stand-ins (`AppleFontNames`): "Helvetica" opens Liberation Sans.
public final class CGFont: Sendable, Hashable, CustomStringConvertible {
    let face: FontFace
    /// The family pango should ask for to lay this face out, with its weight and slant.
    package let layoutRequest: FontRequest

    init(face: FontFace, request: FontRequest) {
        self.face = face; self.layoutRequest = request
    }

    /// The font with this PostScript or family name ("Helvetica-Bold", "Liberation Serif",
    /// "SFProText-Regular"), or nil when no installed font and no Apple name mapping matches
    /// (Apple: `init?(_ name: CFString)`, nil when "the font can't be located"). A substitute
    /// that only approximates an Apple font is noted once per name through `CGDiagnostics`.
    public convenience init?(_ name: String) {
        guard let found = FontResolver.resolve(name) else { return nil }
        self.init(face: found.face, request: found.request)
    }

    /// A font by name given as a `CFString` (Apple's signature); the same as the `String` form.
    public convenience init?(_ name: CFString) { self.init(name as String) }

    /// A font read from font data (TrueType, OpenType, Type 1…), or nil if it is not a font
    /// (Apple: `init?(_ provider: CGDataProvider)`). Metrics, glyphs and outlines come from the
    /// data; laying such a font out with CoreText uses the installed font of the same family
    /// name when there is one (pango only sees installed fonts), else the default.
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let face = FontFace.fromData(data) else { return nil }
        let m = face.metrics
        self.init(face: face, request: FontRequest(family: m.familyName ?? AppleFontNames.defaultFamily,
                                                   weight: m.weightClass >= 600 ? 200 : 80,
                                                   slant: m.isItalic ? 100 : 0, approximation: nil))
    }

    public var postScriptName: String? { face.metrics.postScriptName }
    public var fullName: String? { face.metrics.fullName }
    public var unitsPerEm: Int32 { face.metrics.unitsPerEm }
    /// Distance from the baseline up to the top of the tallest glyphs (hhea ascender), font units.
    public var ascent: Int32 { face.metrics.ascent }
    /// Distance below the baseline, negative (hhea descender), font units.
    public var descent: Int32 { face.metrics.descent }
    /// Extra space between lines (hhea line gap), font units.
    public var leading: Int32 { face.metrics.leading }
    public var capHeight: Int32 { face.metrics.capHeight }
    public var xHeight: Int32 { face.metrics.xHeight }
    /// The union of all glyphs' bounding boxes, font units, y up.
    public var fontBBox: CGRect { face.metrics.bbox }
    /// Degrees counter-clockwise from vertical; negative for fonts leaning right.
    public var italicAngle: CGFloat { face.metrics.italicAngle }
    public var numberOfGlyphs: Int { face.metrics.numberOfGlyphs }
    /// The face's family name as the font file states it ("Liberation Sans").
    package var familyName: String? { face.metrics.familyName }

    public static func == (a: CGFont, b: CGFont) -> Bool { a === b || a.face === b.face }
    public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(face)) }
    public var description: String { "<CGFont \(postScriptName ?? "?")>" }
}
