import Foundation
import CoreGraphics
import CoreText
import QuartzCore

/// A text document drawn with its font through CoreText: one `CATextLayer` per line, its
/// bounds' top one line ascent above the baseline (where `CATextLayer` puts a single line's
/// baseline), tracking as kern after each character, the stroke (points) as CoreText's stroke
/// width in percent of the font size.
struct FontText {
    let doc: LottieTextDocument
    let font: CTFont

    init(_ doc: LottieTextDocument, font: LottieFont?) {
        self.doc = doc
        self.font = Self.font(doc, font)
    }

    /// The document's font at its size: the `fonts.list` name (a PostScript name), else the family.
    static func font(_ doc: LottieTextDocument, _ font: LottieFont?) -> CTFont {
        CTFontCreateWithName(doc.fontName.isEmpty ? (font?.family ?? "") : doc.fontName, CGFloat(doc.size), nil)
    }

    /// How far below a text box's top its first baseline goes: the font's cap height, so
    /// capitals touch the top, as lottie-ios lays box text out (Apple's renders agree).
    static func capHeight(_ doc: LottieTextDocument, _ font: LottieFont?) -> Double {
        Double(CTFontGetCapHeight(Self.font(doc, font)))
    }

    func attributed(_ text: String) -> NSAttributedString {
        var a: [NSAttributedString.Key: Any] = [.font: font, .kern: NSNumber(value: doc.tracking * doc.size / 1000)]
        if let c = doc.fillColor { a[kCTForegroundColorAttributeName] = LottieValues.color(c) }
        else { a[kCTForegroundColorAttributeName] = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0) }
        if let s = doc.strokeColor, doc.strokeWidth > 0, doc.size > 0 {
            a[.strokeColor] = LottieValues.color(s)
            let percent = doc.strokeWidth / doc.size * 100
            a[.strokeWidth] = NSNumber(value: doc.fillColor == nil ? percent : -percent)
        }
        return NSAttributedString(string: text, attributes: a)
    }

    func width(_ text: String) -> Double {
        CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed(text)), nil, nil, nil)
    }

    func draw(into layer: CALayer) {
        guard doc.size > 0 else { return }
        for line in TextLines(doc, capHeight: Double(CTFontGetCapHeight(font)), width: width).lines where !line.text.isEmpty {
            let string = attributed(line.text)
            var lineAscent: CGFloat = 0, lineDescent: CGFloat = 0
            _ = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string), &lineAscent, &lineDescent, nil)
            let t = CATextLayer()
            t.string = string
            t.anchorPoint = .zero
            // Room beyond the advances for overhanging glyphs and the stroke.
            let pad = CGFloat(doc.size * 0.5 + doc.strokeWidth)
            t.bounds = CGRect(x: 0, y: 0, width: CGFloat(max(line.width, 0)) + pad, height: lineAscent + lineDescent + pad)
            t.position = CGPoint(x: line.x, y: line.baseline - Double(lineAscent))
            layer.addSublayer(t)
        }
    }
}
