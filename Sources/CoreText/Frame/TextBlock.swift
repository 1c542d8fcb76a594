import CQuartzCairo
import Foundation

/// Laid-out lines placed in a box, ready to draw: what a text layer shows (frame lines, some
/// of them truncated). Not Apple API; QuartzCore's text material carries one, and both of its
/// backends draw it from here, so glyphs come from CoreText's one layout.
///
/// Coordinates are the box's, **y down**: (0, 0) is the top-left corner, and each line's
/// `origin` is the left end of its baseline. Immutable; compared by identity.
package final class TextBlock: @unchecked Sendable {
    package struct PlacedLine {
        package let line: CTLine
        package let origin: CGPoint
        package init(_ line: CTLine, origin: CGPoint) { self.line = line; self.origin = origin }
    }

    package let lines: [PlacedLine]
    /// Where the glyphs' ink lies (y down), `.null` when there is none.
    package let inkBounds: CGRect

    package init(_ lines: [PlacedLine]) {
        self.lines = lines
        var ink = CGRect.null
        for p in lines where !p.line.ink.isEmpty {
            let i = p.line.ink
            ink = ink.union(CGRect(x: p.origin.x + i.minX, y: p.origin.y - i.maxY, width: i.width, height: i.height))
        }
        inkBounds = ink
    }

    /// Paints every line into `cr`, whose user space is the box's (y down), each run in
    /// `color` when given, else in its own colour; colours are multiplied by `alpha`.
    package func paint(cairo cr: OpaquePointer, alpha: Double, color: CGColor?, tint: CGColor? = nil) {
        var canvas = GlyphCanvas(cr: cr, alpha: CGFloat(alpha))
        canvas.tint = tint
        PangoEngine.locked { _ in
            for p in lines where !p.line.runs.isEmpty {
                cairo_save(cr)
                cairo_translate(cr, Double(p.origin.x), Double(p.origin.y))
                for run in p.line.runs { run.draw(canvas, dx: 0, color: color) }
                cairo_new_path(cr)
                cairo_restore(cr)
            }
        }
    }

    /// Draws every line through `context` (as `CTLineDraw`, so a PDF context keeps the glyphs
    /// vector), its current user space being the box's (y down).
    package func draw(in context: CGContext, color: CGColor?, tint: CGColor? = nil) {
        for p in lines where !p.line.runs.isEmpty {
            context.saveGState()
            context.translateBy(x: p.origin.x, y: p.origin.y)
            context.scaleBy(x: 1, y: -1)   // lines draw upright in y-up space
            context.textMatrix = .identity
            p.line.draw(in: context, at: .zero, color: color, tint: tint)
            context.restoreGState()
        }
    }
}

extension CTLine {
    /// The line's typographic ascent, descent and width, points.
    package var metrics: (ascent: CGFloat, descent: CGFloat, width: CGFloat) { (ascent, descent, width) }
}

extension CTFrame {
    /// The frame's lines with their baseline origins measured down from the top of the
    /// frame's rectangle (y down), rather than Apple's up from its bottom.
    package var linesFromTop: [TextBlock.PlacedLine] {
        zip(lines, origins).map { TextBlock.PlacedLine($0, origin: CGPoint(x: $1.x, y: rect.height - $1.y)) }
    }
}
