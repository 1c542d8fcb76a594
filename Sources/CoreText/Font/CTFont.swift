import CQuartzPango

/// A font at a size: a `CGFont` plus a point size and a matrix (Apple's `CTFont`,
/// https://developer.apple.com/documentation/coretext/ctfont). Made by `CTFontCreateWithName`,
/// `CTFontCreateWithGraphicsFont` and friends; read with the `CTFontGet…` functions. Metrics are
/// in points (font units × size / unitsPerEm), y up. Immutable and safe to share.
public final class CTFont: Sendable, Hashable, CustomStringConvertible {
    public let graphicsFont: CGFont
    /// The em size in points; always finite and positive (see `CTFontCreateWithName`).
    public let size: CGFloat
    /// Applied to glyphs after scaling to `size` (Apple's font matrix); identity by default.
    public let matrix: CGAffineTransform

    /// This font as pango asks for it (family, weight, slant, size); made once, read-only after.
    nonisolated(unsafe) let pangoDescription: OpaquePointer

    init(graphicsFont: CGFont, size: CGFloat, matrix: CGAffineTransform) {
        self.graphicsFont = graphicsFont
        self.size = CTFont.sanitized(size)
        self.matrix = matrix
        pangoDescription = CTFont.makePangoDescription(graphicsFont.layoutRequest, size: self.size)
    }

    deinit { pango_font_description_free(pangoDescription) }

    /// Apple's default size for 0; NaN, infinite and negative sizes also become 12 points,
    /// with a note (Apple leaves them undefined). Sizes above 100,000 points are clamped
    /// (pango measures in 1/1024 points in 32-bit integers).
    static func sanitized(_ size: CGFloat) -> CGFloat {
        if size == 0 { return 12 }
        guard size.isFinite, size > 0 else {
            FontResolver.noteOnce("font size \(size)", "font size \(size) cannot be drawn; using 12 points",
                                  kind: .invalidValue)
            return 12
        }
        return min(size, 100_000)
    }

    /// Points per font unit.
    var scale: CGFloat { size / CGFloat(graphicsFont.unitsPerEm) }

    private static func makePangoDescription(_ request: FontRequest, size: CGFloat) -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, request.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(AppleFontNames.openTypeWeight(request.weight))))
        pango_font_description_set_style(description, request.slant >= 100 ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, Double(size) * PangoEngine.unitsPerPoint)
        return description
    }

    public static func == (a: CTFont, b: CTFont) -> Bool {
        a === b || (a.graphicsFont == b.graphicsFont && a.size == b.size && a.matrix == b.matrix)
    }
    public func hash(into h: inout Hasher) { h.combine(graphicsFont); h.combine(size) }
    public var description: String { "<CTFont \(graphicsFont.postScriptName ?? "?") \(size)pt>" }
}

/// Which way glyph advances are measured (Apple's `CTFontOrientation`). Vertical metrics are
/// not supported; `.vertical` reports horizontal advances.
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0, horizontal = 1, vertical = 2
}

/// A font request by name and size (Apple's `CTFontDescriptor`, reduced to what
/// `CTFontCreateWithFontDescriptor` needs).
public final class CTFontDescriptor: Sendable {
    let name: String
    let size: CGFloat
    init(name: String, size: CGFloat) { self.name = name; self.size = size }
}

/// Apple's `CTFontDescriptorCreateWithNameAndSize(_:_:)`.
public func CTFontDescriptorCreateWithNameAndSize(_ name: String, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor(name: name, size: size)
}
