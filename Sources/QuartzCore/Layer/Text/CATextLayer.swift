import Foundation
import CoreText

/// A layer that lays out and draws a plain or attributed string: Apple's `CATextLayer`
/// (https://developer.apple.com/documentation/quartzcore/catextlayer).
///
/// The first line's top is at the top of the bounds (the top is `bounds.minY` in a flipped,
/// iOS-style host and `maxY` in an unflipped one, as for contents); lines go down from there,
/// each aligned across the bounds by `alignmentMode`. Text is laid out by CoreText
/// (`CTFramesetter`: pango and harfbuzz, fontconfig fallback for Chinese, Japanese and emoji)
/// and drawn as glyphs at device resolution above the background and contents and below the
/// sublayers, cut to the bounds (Apple draws into a backing store of the bounds' size). Since
/// glyphs are drawn from their outlines every frame, text stays sharp at any `contentsScale`
/// and under scale transforms; `render(in:)` into a PDF context keeps them vector.
///
/// **Fonts.** `font` is a name, a `CGFont` or a `CTFont`; Apple names map to metric-compatible
/// free fonts (Helvetica and Arial → Liberation Sans, Times → Liberation Serif, Courier →
/// Liberation Mono, Menlo → DejaVu Sans Mono), near stand-ins with one `CGDiagnostics` note
/// (Helvetica Neue, SF Pro…), and unknown names to Liberation Sans with one note per name, given
/// when the name is set. A plain string is drawn in `font` at `fontSize` in `foregroundColor`;
/// an attributed string in its own attributes (font, foreground colour, kern, paragraph style),
/// with CoreText's defaults where it has none (Helvetica 12, black), and `alignmentMode` where
/// it has no paragraph style.
///
/// **Bad input** never crashes: a NaN or infinite `fontSize` is ignored with a `CADiagnostics`
/// report (a `fontSize` of zero or less draws nothing); KVC values of the wrong type are reported
/// and ignored; very long strings are laid out only as far as they can show in the bounds (at
/// most ~200,000 characters, see `TextLayerLayout`).
open class CATextLayer: CALayer {
    override class var propertyTable: PropertyTable { .textLayer }

    /// The text: a `String` or an `NSAttributedString` (copied when set). Default nil. Other
    /// values are reported and ignored. (https://developer.apple.com/documentation/quartzcore/catextlayer/string)
    open var string: Any? {
        get { typedString?.boxed }
        set {
            setObject(newValue, key: "string", expected: "a String or NSAttributedString",
                      TextLayerString.init, at: \CATextLayer.typedString)
        }
    }

    var typedString: TextLayerString? {
        get { state.text.string }
        set { set(.textString, \.text.string, newValue) }
    }

    /// The font of a plain string: a font name (`String`), a `CGFont` or a `CTFont`, whose own
    /// size is ignored for `fontSize`. Default Helvetica (Liberation Sans here). nil draws
    /// Helvetica. (https://developer.apple.com/documentation/quartzcore/catextlayer/font)
    open var font: CFTypeRef? {
        get { typedFont?.boxed }
        set {
            setObject(newValue, key: "font", expected: "a font name, CGFont or CTFont",
                      TextLayerFont.init, at: \CATextLayer.typedFont)
        }
    }

    var typedFont: TextLayerFont? {
        get { state.text.font }
        set { set(.textFont, \.text.font, newValue) }
    }

    /// The em size of a plain string's font, points. Default 36. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/fontsize)
    open var fontSize: CGFloat {
        get { state.text.fontSize }
        set { setFinite(.textFontSize, \.text.fontSize, newValue) }
    }

    /// The colour of a plain string; nil draws nothing. Default opaque white. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/foregroundcolor)
    open var foregroundColor: CGColor? {
        get { state.text.foregroundColor }
        set { set(.textForegroundColor, \.text.foregroundColor, newValue) }
    }

    /// Whether lines wrap at the bounds' width (by word, by character inside longer words).
    /// Default false: each paragraph is one line. KVC key `wrapped`.
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/iswrapped)
    open var isWrapped: Bool {
        get { state.text.isWrapped }
        set { set(.textWrapped, \.text.isWrapped, newValue) }
    }

    /// Where a line wider than the bounds loses characters to an ellipsis: each such line when
    /// not wrapped, the last line that fits when wrapped. Default `.none`.
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/truncationmode)
    open var truncationMode: CATextLayerTruncationMode {
        get { state.text.truncationMode }
        set { set(.textTruncationMode, \.text.truncationMode, newValue) }
    }

    /// How each line is placed across the bounds. Default `.natural`.
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/alignmentmode)
    open var alignmentMode: CATextLayerAlignmentMode {
        get { state.text.alignmentMode }
        set { set(.textAlignmentMode, \.text.alignmentMode, newValue) }
    }

    /// The laid-out text's size, points (iOS's answer for a text layer; see
    /// `CATextLayer+PreferredSize.swift`).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/preferredframesize())
    open override func preferredFrameSize() -> CGSize { preferredTextSize() }

    /// Apple sets the drawing context's subpixel quantization from this. Default false. Kept and
    /// round-tripped; glyph positions here are never quantized (layout is unhinted).
    /// (https://developer.apple.com/documentation/quartzcore/catextlayer/allowsfontsubpixelquantization)
    open var allowsFontSubpixelQuantization: Bool {
        get { state.text.allowsFontSubpixelQuantization }
        set { set(.textAllowsFontSubpixelQuantization, \.text.allowsFontSubpixelQuantization, newValue) }
    }
}
