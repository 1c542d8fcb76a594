import CQuartzPango

/// One line as pango broke and shaped it, in points.
struct LineGeometry {
    var runs: [GlyphRun]
    /// Offset of the line's origin from the paragraph's left edge (alignment), points.
    var x: CGFloat
    var width: CGFloat
    var ascent: CGFloat
    var descent: CGFloat
    /// Ink box relative to the line origin, y up.
    var ink: CGRect
    /// UTF-16 range in the source string.
    var stringRange: CFRange
}

extension ParagraphLayout {
    /// The laid-out lines, top to bottom, calling `keepGoing` after each (false stops).
    func lines(while keepGoing: (LineGeometry) -> Bool = { _ in true }) -> [LineGeometry] {
        var result: [LineGeometry] = []
        let iter = pango_layout_get_iter(layout)!
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iter) else { break }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iter, &ink, &logical)
            let baseline = pango_layout_iter_get_baseline(iter)
            let start = Int(line.pointee.start_index), length = Int(line.pointee.length)
            let from16 = map.utf16(start), to16 = map.utf16(start + length)
            let geometry = LineGeometry(
                runs: runs(of: line),
                x: PangoEngine.points(logical.x),
                // pango spaces letters only between characters; Apple's kern also follows the last.
                width: PangoEngine.points(logical.width) + (length > 0 ? style(at: start + length - 1).kern : 0),
                ascent: PangoEngine.points(baseline - logical.y),
                descent: PangoEngine.points(logical.y + logical.height - baseline),
                ink: CGRect(x: PangoEngine.points(ink.x - logical.x),
                            y: PangoEngine.points(baseline - ink.y - ink.height),
                            width: PangoEngine.points(ink.width), height: PangoEngine.points(ink.height)),
                stringRange: CFRange(location: base + from16, length: to16 - from16))
            result.append(geometry)
            if !keepGoing(geometry) { break }
        } while pango_layout_iter_next_line(iter) != 0
        return result
    }

    /// The line's glyph runs in visual order, each placed from the line's origin.
    private func runs(of line: UnsafeMutablePointer<PangoLayoutLine>) -> [GlyphRun] {
        var runs: [GlyphRun] = []
        var x: Int32 = 0
        var node = line.pointee.runs
        while let n = node {
            node = n.pointee.next
            guard let run = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                  let item = run.pointee.item, let glyphs = run.pointee.glyphs else { continue }
            let offset = Int(item.pointee.offset)
            let from16 = map.utf16(offset), to16 = map.utf16(offset + Int(item.pointee.length))
            if let font = item.pointee.analysis.font {
                runs.append(GlyphRun(font: font, glyphs: pango_glyph_string_copy(glyphs), x: PangoEngine.points(x),
                                     style: style(at: offset),
                                     stringRange: CFRange(location: base + from16, length: to16 - from16)))
            }
            x += pango_glyph_string_get_width(glyphs)
        }
        return runs
    }
}
