import Foundation
import CoreGraphics
import QuartzCore

/// How a text layer with several text documents (keyframed text) is drawn.
public enum LottieTextDocumentPlayback: Sendable {
    /// The first document at every frame: what lottie-ios's Core Animation engine draws (Apple's
    /// renders in shared/lottie show it, e.g. `issue_2545`, `Text_NoGlyph`).
    case first
    /// Each document from its keyframe until the next, as the format means it
    /// (https://lottiefiles.github.io/lottie-docs/text/#animated-text-document) and as lottie-web
    /// and After Effects show it.
    case keyframed
}

/// A text layer's content (https://lottiefiles.github.io/lottie-docs/text/): one sublayer per
/// text document, shown from its keyframe until the next (or only the first document, see
/// `LottieTextDocumentPlayback`). Characters come from the file's
/// `chars` outlines (as filled shape layers) when it has every character of the document in
/// its font's family and style, else from the font itself through CoreText (`CATextLayer`s);
/// fonts the file names must be installed or registered (`LottieFontFiles`). Point text puts
/// the first baseline on the layer's origin, lines `lineHeight` apart, aligned on x = 0; box
/// text wraps at the box's width and puts the first baseline one cap height (of the CoreText
/// font) below its top.
struct TextBuilder {
    let animation: LottieAnimation
    let factory: AnimationFactory
    let playback: LottieTextDocumentPlayback

    func build(_ text: LottieText, into layer: CALayer, path: String) {
        var docs = text.documents
        if playback == .first && docs.count > 1 {
            factory.log.warn(path, "keyframed text: the first text document is drawn at every frame, as lottie-ios's "
                             + "Core Animation engine draws it (LottieLayer(textDocuments: .keyframed) switches them)")
            docs = [docs[0]]
        }
        for (i, entry) in docs.enumerated() {
            let content = CALayer()
            content.anchorPoint = .zero
            draw(entry.document, into: content, path: path)
            if docs.count > 1 { showOnly(i, of: docs.map(\.time), on: content) }
            layer.addSublayer(content)
        }
    }

    private func draw(_ doc: LottieTextDocument, into layer: CALayer, path: String) {
        let font = animation.fonts[doc.fontName]
        if let glyphs = GlyphText(doc, font: font, glyphs: animation.glyphs) {
            glyphs.draw(into: layer)
        } else {
            if font == nil && !doc.fontName.isEmpty {
                factory.log.warn(path, "font '\(doc.fontName)' is not in the file's fonts list; drawn by that name")
            }
            FontText(doc, font: font).draw(into: layer)
        }
    }

    /// Hidden except from `times[index]` until the next time (the first document also before
    /// its time, the last also after).
    private func showOnly(_ index: Int, of times: [Double], on layer: CALayer) {
        let keyframes = times.enumerated().map { j, t in
            var k = Keyframe(time: t, value: [j == index ? 0.0 : 1.0])
            k.hold = true
            return k
        }
        factory.apply(VectorTrack.keyframes(keyframes), to: layer, keyPath: "hidden") { NSNumber(value: ($0.first ?? 0) != 0) }
    }
}
