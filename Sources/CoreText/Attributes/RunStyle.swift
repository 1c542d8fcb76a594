import Foundation

/// The attributes of one run, normalised from an attributed string's `Any` values in one place
/// (on Linux `NSNumber as? CGFloat` is nil, so each accepted form is matched explicitly).
struct RunStyle {
    var font: CTFont
    var color: CGColor
    /// Points after each character.
    var kern: CGFloat
    var paragraph: CTParagraphStyle?
    /// Outline width in percent of the font size (0: fill only) and its colour.
    var strokeWidth: CGFloat
    var strokeColor: CGColor

    /// The outline's line width in points (0: not stroked).
    var strokeLineWidth: CGFloat { abs(strokeWidth) / 100 * font.size }

    /// Apple's defaults: Helvetica 12 (Liberation Sans here), opaque black, no kern.
    static let defaultFont = CTFontCreateWithName("Helvetica", 12, nil)

    init(_ attributes: [NSAttributedString.Key: Any]) {
        font = RunStyle.font(attributes[.font]) ?? RunStyle.defaultFont
        color = RunStyle.color(attributes[kCTForegroundColorAttributeName])
            ?? RunStyle.color(attributes[.foregroundColor]) ?? .black
        kern = RunStyle.number(attributes[.kern]).flatMap { $0.isFinite ? $0 : nil } ?? 0
        paragraph = attributes[.paragraphStyle] as? CTParagraphStyle
        strokeWidth = RunStyle.number(attributes[.strokeWidth]).flatMap { $0.isFinite ? $0 : nil } ?? 0
        strokeColor = RunStyle.color(attributes[.strokeColor]) ?? color
    }

    /// A `CTFont`, a `CGFont` (at 12 points) or a font name (at 12 points).
    static func font(_ value: Any?) -> CTFont? {
        switch value {
        case let font as CTFont: font
        case let font as CGFont: CTFontCreateWithGraphicsFont(font, 12, nil, nil)
        case let name as String: CTFontCreateWithName(name, 12, nil)
        default: nil
        }
    }

    static func color(_ value: Any?) -> CGColor? { value.flatMap { $0 as? CGColor } }

    static func number(_ value: Any?) -> CGFloat? {
        switch value {
        case let v as CGFloat: v
        case let v as Double: CGFloat(v)
        case let v as Float: CGFloat(v)
        case let v as Int: CGFloat(v)
        case let v as NSNumber: CGFloat(v.doubleValue)
        default: nil
        }
    }
}
