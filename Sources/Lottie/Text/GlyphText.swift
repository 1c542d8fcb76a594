import Foundation
import CoreGraphics
import QuartzCore

/// A text document drawn from the file's own character outlines (`chars`): each character's
/// shapes scaled from their 100-point em to the font size and placed along the line by its
/// advance plus tracking, filled (non-zero) in the fill colour and stroked in the stroke
/// colour, the stroke under the fill unless the document puts it over.
struct GlyphText {
    let doc: LottieTextDocument
    let glyphs: [Character: LottieGlyph]
    let capHeight: Double

    /// nil when the file lacks an outline for some character in the font's family and style.
    init?(_ doc: LottieTextDocument, font: LottieFont?, glyphs all: [LottieGlyph.Key: LottieGlyph]) {
        guard let font, !all.isEmpty else { return nil }
        var found: [Character: LottieGlyph] = [:]
        for c in doc.text where !["\r", "\n", "\u{3}"].contains(c) && found[c] == nil {
            guard let g = all[LottieGlyph.Key(character: String(c), family: font.family, style: font.style)] else { return nil }
            found[c] = g
        }
        self.doc = doc
        self.glyphs = found
        capHeight = FontText.capHeight(doc, font)
    }

    var tracking: Double { doc.tracking * doc.size / 1000 }

    func width(_ text: String) -> Double {
        text.reduce(0) { $0 + (glyphs[$1]?.width ?? 0) * doc.size / 100 + tracking }
    }

    /// All lines' outlines in the layer's space (y down, baselines from `TextLines`).
    func path() -> CGPath {
        let out = CGMutablePath()
        let scale = doc.size / 100
        for line in TextLines(doc, capHeight: capHeight, width: width).lines {
            var x = line.x
            for c in line.text {
                guard let g = glyphs[c] else { continue }
                let outline = CGMutablePath()
                Self.appendPaths(g.shapes, to: outline)
                out.addPath(outline, transform: CGAffineTransform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: line.baseline))
                x += g.width * scale + tracking
            }
        }
        return out
    }

    /// The paths of shape items, groups included (character groups carry no transform).
    static func appendPaths(_ items: [LottieShapeItem], to path: CGMutablePath) {
        for item in items {
            if case .group(let sub, _) = item { appendPaths(sub, to: path) }
            else if let source = PathSource(item) { source.append(to: path, at: 0) }
        }
    }

    func draw(into layer: CALayer) {
        let p = path()
        func shape(fill: [Double]?, stroke: [Double]?) -> CAShapeLayer {
            let l = CAShapeLayer()
            l.path = p
            l.fillColor = fill.map { LottieValues.color($0) }
            l.strokeColor = stroke.map { LottieValues.color($0) }
            l.lineWidth = CGFloat(doc.strokeWidth)
            l.lineJoin = .round
            return l
        }
        let stroke = doc.strokeWidth > 0 ? doc.strokeColor : nil
        if let stroke, !doc.strokeOverFill {
            layer.addSublayer(shape(fill: nil, stroke: stroke))
            layer.addSublayer(shape(fill: doc.fillColor, stroke: nil))
        } else {
            layer.addSublayer(shape(fill: doc.fillColor, stroke: stroke))
        }
    }
}
