import Foundation

/// Where a document's lines go: shared by both ways of drawing them.
struct TextLines {
    struct Line { var text: String; var x: Double; var baseline: Double; var width: Double }
    var lines: [Line] = []

    /// `width` measures a line in points, tracking included; `capHeight` (points) is how far
    /// below a box's top the first baseline goes.
    init(_ doc: LottieTextDocument, capHeight: Double, width: (String) -> Double) {
        var texts: [String] = []
        for p in doc.paragraphs {
            if let box = doc.boxSize { texts += Self.wrap(p, to: Double(box.width), width: width) } else { texts.append(p) }
            if texts.count > 10_000 { break }
        }
        let top = doc.boxPosition.map { Double($0.y) + capHeight } ?? 0
        let left = Double(doc.boxPosition?.x ?? 0), boxWidth = Double(doc.boxSize?.width ?? 0)
        for (i, t) in texts.enumerated() {
            let w = width(t)
            // The justified forms (3…6) are drawn left-aligned, as lottie-ios's Core Animation engine draws them.
            let x: Double = switch doc.justification {
            case 1: left + boxWidth - w
            case 2: left + (boxWidth - w) / 2
            default: left
            }
            lines.append(Line(text: t, x: x, baseline: top + Double(i) * doc.lineHeight - doc.baselineShift, width: w))
        }
    }

    /// Greedy word wrap: words (split at spaces) fill a line while it fits in `limit`; a
    /// word wider than that gets a line of its own.
    static func wrap(_ text: String, to limit: Double, width: (String) -> Double) -> [String] {
        var out: [String] = [], current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || width(candidate) <= limit + 1e-6 { current = candidate; continue }
            out.append(current)
            current = String(word)
        }
        out.append(current)
        return out
    }
}
