import CQuartzPango
import Foundation

/// Glyphs of one font and one set of attributes within a line (Apple's `CTRun`,
/// https://developer.apple.com/documentation/coretext/ctrun). Positions are in points from the
/// line origin, y up. Glyph ids are the run font's (its `CGFont`'s); 0xFFFF marks characters
/// drawn as nothing (line breaks, zero-width spaces), 0 characters no font has.
public final class CTRun: @unchecked Sendable {
    let glyphs: [CGGlyph]
    let positions: [CGPoint]
    let advances: [CGSize]
    let font: CTFont
    let color: CGColor
    let stringRange: CFRange
    let ascent: CGFloat, descent: CGFloat, leading: CGFloat

    init(_ run: GlyphRun) {
        var glyphs: [CGGlyph] = [], positions: [CGPoint] = [], advances: [CGSize] = []
        var font = run.requestedFont
        PangoEngine.locked { _ in
            let string = run.glyphs.pointee
            var x = run.x
            for i in 0..<Int(string.num_glyphs) {
                let info = string.glyphs[i]
                let id = info.glyph
                glyphs.append(id == 0x0FFF_FFFF ? 0xFFFF : id & 0x1000_0000 != 0 ? 0 : CGGlyph(truncatingIfNeeded: id))
                positions.append(CGPoint(x: x + PangoEngine.points(info.geometry.x_offset),
                                         y: -PangoEngine.points(info.geometry.y_offset)))
                let advance = PangoEngine.points(info.geometry.width)
                advances.append(CGSize(width: advance, height: 0))
                x += advance
            }
            // A fallback face (Chinese in a Latin font): the run's font is that face at the size.
            let description = pango_font_describe(run.font)
            if let family = pango_font_description_get_family(description).map({ String(cString: $0) }),
               family != run.requestedFont.graphicsFont.familyName, let face = CGFont(family) {
                font = CTFontCreateWithGraphicsFont(face, run.requestedFont.size, nil, nil)
            }
            pango_font_description_free(description)
        }
        self.glyphs = glyphs; self.positions = positions; self.advances = advances
        self.font = font; self.color = run.color; self.stringRange = run.stringRange
        ascent = CTFontGetAscent(font); descent = CTFontGetDescent(font); leading = CTFontGetLeading(font)
    }

    /// `range` (length 0: to the end) clamped to the glyphs.
    func clamp(_ range: CFRange) -> Range<Int> {
        let start = max(0, min(range.location, glyphs.count))
        return start..<(range.length <= 0 ? glyphs.count : min(glyphs.count, start + range.length))
    }
}

/// The line's runs in visual order (Apple's `CTLineGetGlyphRuns(_:)`).
public func CTLineGetGlyphRuns(_ line: CTLine) -> [CTRun] { line.runs.map(CTRun.init) }
/// Apple's `CTRunGetGlyphCount(_:)`.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }
/// The UTF-16 range of the string the run shows (Apple's `CTRunGetStringRange(_:)`).
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }
/// The run's font (the face actually drawn, which may be a fallback) and foreground colour
/// (Apple's `CTRunGetAttributes(_:)`).
public func CTRunGetAttributes(_ run: CTRun) -> [NSAttributedString.Key: Any] {
    [kCTFontAttributeName: run.font, kCTForegroundColorAttributeName: run.color]
}
/// Copies glyph ids of `range` (length 0: all) (Apple's `CTRunGetGlyphs(_:_:_:)`).
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (k, i) in run.clamp(range).enumerated() { buffer[k] = run.glyphs[i] }
}
/// Copies glyph origins in points from the line origin, y up (Apple's `CTRunGetPositions(_:_:_:)`).
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (k, i) in run.clamp(range).enumerated() { buffer[k] = run.positions[i] }
}
/// Copies glyph advances in points (Apple's `CTRunGetAdvances(_:_:_:)`).
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (k, i) in run.clamp(range).enumerated() { buffer[k] = run.advances[i] }
}
/// Width of `range` (length 0: all) and the run font's ascent, descent and leading (Apple's
/// `CTRunGetTypographicBounds(_:_:_:_:_:)`).
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?,
                                      _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = run.ascent; descent?.pointee = run.descent; leading?.pointee = run.leading
    return run.clamp(range).reduce(0) { $0 + Double(run.advances[$1].width) }
}
