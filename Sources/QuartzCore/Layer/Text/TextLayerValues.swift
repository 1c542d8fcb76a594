import Foundation
import CoreText

/// A `CATextLayer.string` as stored: a plain string, or an immutable copy of an attributed
/// one (Apple's property is `copy`). Attributed strings compare by identity: the stored copy
/// never changes, so the same object means the same text.
enum TextLayerString: Hashable, @unchecked Sendable {
    // @unchecked: the attributed string is an immutable copy nobody else holds.
    case plain(String)
    case attributed(NSAttributedString)

    /// A String, NSString, Substring or NSAttributedString; nil for anything else.
    init?(_ value: Any?) {
        switch ValueNormalizer.unwrap(value) {
        case let a as NSAttributedString:
            self = .attributed(a is NSMutableAttributedString ? a.copy() as! NSAttributedString : a)
        case let v:
            guard let s = ValueNormalizer.string(v) else { return nil }
            self = .plain(s)
        }
    }

    /// The value as KVC and the `string` getter give it back.
    var boxed: Any {
        switch self {
        case .plain(let s): s
        case .attributed(let a): a
        }
    }

    /// The characters, without attributes.
    var text: String {
        switch self {
        case .plain(let s): s
        case .attributed(let a): a.string
        }
    }

    static func == (a: TextLayerString, b: TextLayerString) -> Bool {
        switch (a, b) {
        case let (.plain(x), .plain(y)): x == y
        case let (.attributed(x), .attributed(y)): x === y
        default: false
        }
    }

    func hash(into h: inout Hasher) {
        switch self {
        case .plain(let s): h.combine(s)
        case .attributed(let a): h.combine(ObjectIdentifier(a))
        }
    }
}

/// A `CATextLayer.font` as stored: a font name (with the installed font it resolved to, so the
/// substitution note comes when the name is set), a `CGFont` or a `CTFont` — the three forms
/// Apple accepts (https://developer.apple.com/documentation/quartzcore/catextlayer/font).
enum TextLayerFont: Hashable, Sendable {
    case name(String, CGFont)
    case graphics(CGFont)
    case text(CTFont)

    /// A name (String or NSString), `CGFont` or `CTFont`; nil for anything else.
    init?(_ value: Any?) {
        switch ValueNormalizer.unwrap(value) {
        case let f as CTFont: self = .text(f)
        case let f as CGFont: self = .graphics(f)
        case let v:
            guard let name = ValueNormalizer.string(v) else { return nil }
            self = .name(name, CGFont.named(orDefault: name))
        }
    }

    /// The value as KVC and the `font` getter give it back (the object or name set).
    var boxed: AnyObject {
        switch self {
        case .name(let n, _): n as NSString
        case .graphics(let f): f
        case .text(let f): f
        }
    }

    /// The font's name as a CAML file writes it.
    var name: String {
        switch self {
        case .name(let n, _): n
        case .graphics(let f): f.postScriptName ?? f.fullName ?? "Helvetica"
        case .text(let f): f.graphicsFont.postScriptName ?? f.graphicsFont.fullName ?? "Helvetica"
        }
    }

    /// This font at `size` points (the layer's `fontSize` wins over a CTFont's own size, as
    /// Apple's: the font's size is ignored).
    func ctFont(size: CGFloat) -> CTFont {
        switch self {
        case .name(_, let g), .graphics(let g): CTFontCreateWithGraphicsFont(g, size, nil, nil)
        case .text(let f): CTFontCreateCopyWithAttributes(f, size, nil, nil)
        }
    }

    /// Apple's default, Helvetica (Liberation Sans here, metric-compatible).
    static let helvetica = TextLayerFont.name("Helvetica", CGFont.named(orDefault: "Helvetica"))
}

extension CATextLayer {
    /// The text a CAML file writes for a `string` or `font` value (the characters of an
    /// attributed string; a font object's name), nil for other values.
    package static func camlText(_ value: Any?) -> String? {
        if let s = TextLayerString(value) { return s.text }
        switch ValueNormalizer.unwrap(value) {
        case let f as CTFont: return TextLayerFont.text(f).name
        case let f as CGFont: return TextLayerFont.graphics(f).name
        default: return nil
        }
    }
}
