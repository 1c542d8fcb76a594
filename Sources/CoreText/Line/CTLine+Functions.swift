import Foundation

// Lines (https://developer.apple.com/documentation/coretext/ctline).

/// Lays the whole attributed string out as one line, never wrapped (Apple's
/// `CTLineCreateWithAttributedString(_:)`). Fonts missing a character fall back through
/// fontconfig (Chinese, Japanese, emoji); line breaks in the string draw as nothing.
public func CTLineCreateWithAttributedString(_ attrString: NSAttributedString) -> CTLine {
    // The line keeps its source for truncation; a mutable one could change under it.
    let source = attrString is NSMutableAttributedString ? attrString.copy() as! NSAttributedString : attrString
    return CTLine.make(source, range: NSRange(location: 0, length: source.length))
}

/// The line's width in points, and through the pointers its ascent, descent (positive) and
/// leading: the largest of its fonts' (Apple's `CTLineGetTypographicBounds(_:_:_:_:)`). The
/// width is the sum of the glyph advances plus kerning, trailing spaces included.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The box the glyphs' ink covers, relative to the line origin, y up, offset by the
/// context's `textPosition` when a context is given (Apple's `CTLineGetImageBounds(_:_:)`).
/// `.zero` for a line without ink.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    guard let context, !line.ink.isEmpty else { return line.ink }
    return line.ink.offsetBy(dx: context.textPosition.x, dy: context.textPosition.y)
}

/// Apple's `CTLineGetGlyphCount(_:)`.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.glyphCount }

/// The UTF-16 range of the source string the line shows (Apple's `CTLineGetStringRange(_:)`).
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// How far the line's trailing whitespace reaches, in points (Apple's
/// `CTLineGetTrailingWhitespaceWidth(_:)`).
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double {
    let text = line.source.string as NSString
    var end = line.stringRange.location + line.stringRange.length
    while end > line.stringRange.location,
          let scalar = Unicode.Scalar(text.character(at: end - 1)), scalar.properties.isWhitespace { end -= 1 }
    guard end < line.stringRange.location + line.stringRange.length else { return 0 }
    let trimmed = CTLine.make(line.source, range: NSRange(location: line.stringRange.location,
                                                          length: end - line.stringRange.location))
    return Double(line.width - trimmed.width)
}

/// Draws the line with its baseline's left end at the context's `textPosition`, through the
/// text matrix and CTM (Apple's `CTLineDraw(_:_:)`). Each run is painted in its foreground
/// colour (default black) times the context's alpha, through its blend mode, shadow and clip.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    line.draw(in: context, at: context.textPosition)
}

extension CTLine {
    /// `color` replaces every run's colour; `tint` multiplies the red, green and blue of the
    /// colours drawn (see `GlyphCanvas.tint`).
    func draw(in context: CGContext, at origin: CGPoint, color: CGColor? = nil, tint: CGColor? = nil) {
        guard !runs.isEmpty else { return }
        let outline = runs.map(\.style.strokeLineWidth).max() ?? 0
        context.paintGlyphs(at: origin, matrix: context.textMatrix, inkBounds: ink.insetBy(dx: -outline, dy: -outline)) { base in
            var canvas = base
            canvas.tint = tint
            PangoEngine.locked { _ in for run in runs { run.draw(canvas, dx: 0, color: color) } }
        }
    }
}
