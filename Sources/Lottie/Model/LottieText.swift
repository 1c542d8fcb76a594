import Foundation
import CoreGraphics

/// A text layer's text (https://lottiefiles.github.io/lottie-docs/text/): its documents,
/// each showing from its keyframe's frame until the next one's (text documents never
/// interpolate). Text animators (range selectors) and text on a path are read only to warn.
struct LottieText: Sendable {
    var documents: [(time: Double, document: LottieTextDocument)]
    var animatorCount: Int
    var followsPath: Bool
    /// The most characters a document keeps (a bound on layout time and memory for hostile files).
    static let maximumCharacters = 10_000

    init?(_ j: JSONValue?, at path: String, log: WarningLog) {
        let k = j?["d"]?["k"]
        var docs: [(Double, LottieTextDocument)] = []
        if let items = k?.array {
            for item in items {
                guard let d = item["s"].flatMap(LottieTextDocument.init) else { continue }
                let t = item["t"]?.number ?? 0
                if let last = docs.last, t < last.0 { log.warn(path, "text documents out of time order; later ones dropped"); break }
                docs.append((t, d))
                if docs.count >= 10_000 { log.warn(path, "over 10000 text documents; the rest dropped"); break }
            }
        } else if let d = k.flatMap(LottieTextDocument.init) {
            docs = [(0, d)]
        }
        guard !docs.isEmpty else { log.warn(path, "text layer without a readable text document; drawn empty"); return nil }
        for i in docs.indices where docs[i].1.text.count > Self.maximumCharacters {
            log.warn(path, "text longer than \(Self.maximumCharacters) characters; the rest is not drawn")
            docs[i].1.text = String(docs[i].1.text.prefix(Self.maximumCharacters))
        }
        documents = docs
        animatorCount = j?["a"]?.array?.count ?? 0
        followsPath = j?["p"]?["m"] != nil
    }
}

/// One text document (https://lottiefiles.github.io/lottie-docs/text/#text-document): the
/// text (lines end at CR, LF or ETX), the font by its `fonts.list` name, size in points,
/// colours as 0…1 components, tracking in thousandths of an em, line height and baseline
/// shift in points, and, for box text, the box's top-left corner and size (text wraps at its
/// width). Justification: 0 left, 1 right, 2 centre, 3…6 the justified forms.
struct LottieTextDocument: Sendable {
    var text: String
    var fontName: String
    var size: Double
    var fillColor: [Double]?
    var strokeColor: [Double]?
    var strokeWidth: Double
    var strokeOverFill: Bool
    var justification: Int
    var tracking: Double
    var lineHeight: Double
    var baselineShift: Double
    var boxPosition: CGPoint?
    var boxSize: CGSize?

    init?(_ j: JSONValue) {
        guard j.object != nil, let text = j["t"]?.string else { return nil }
        let caps = j["ca"]?.int ?? 0
        self.text = caps == 1 ? text.uppercased() : text
        fontName = j["f"]?.string ?? ""
        let s = j["s"]?.number ?? 12
        size = s.isFinite ? min(max(s, 0), 10_000) : 12
        fillColor = j["fc"]?.numbers
        strokeColor = j["sc"]?.numbers
        strokeWidth = max(j["sw"]?.number ?? 0, 0)
        strokeOverFill = j["of"]?.bool ?? true
        justification = j["j"]?.int ?? 0
        tracking = j["tr"]?.number ?? 0
        let lh = j["lh"]?.number ?? 0
        lineHeight = lh > 0 ? lh : size * 1.2
        baselineShift = j["ls"]?.number ?? 0
        if let p = j["ps"]?.numbers, p.count >= 2, let z = j["sz"]?.numbers, z.count >= 2, z[0] > 0 {
            boxPosition = CGPoint(x: p[0], y: p[1])
            boxSize = CGSize(width: z[0], height: max(z[1], 0))
        }
    }

    /// The lines the text's own breaks make (CR, LF, CRLF and ETX end a line).
    var paragraphs: [String] {
        text.replacingOccurrences(of: "\r\n", with: "\r").split(omittingEmptySubsequences: false) {
            $0 == "\r" || $0 == "\n" || $0 == "\u{3}"
        }.map(String.init)
    }
}
