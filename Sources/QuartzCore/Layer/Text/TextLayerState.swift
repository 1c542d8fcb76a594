import Foundation
import CoreText

// CATextLayer's own properties, defined once: IDs (112..<120), typed storage with Apple's
// defaults, and the table rows that KVC, key paths, CAML, the commit and the animation compiler
// read (https://developer.apple.com/documentation/quartzcore/catextlayer). `fontSize` and
// `foregroundColor` are animatable; the others are not. KVC's key for `isWrapped` is
// `wrapped`, the Objective-C property name CAML files use.

extension PropertyID {
    static let textString = PropertyID(112)
    static let textFont = PropertyID(113)
    static let textFontSize = PropertyID(114)
    static let textForegroundColor = PropertyID(115)
    static let textWrapped = PropertyID(116)
    static let textTruncationMode = PropertyID(117)
    static let textAlignmentMode = PropertyID(118)
    static let textAllowsFontSubpixelQuantization = PropertyID(119)
}

/// The values of a `CATextLayer`'s own properties, with Apple's defaults.
struct TextLayerState: LayerClassState {
    var string: TextLayerString? = nil
    var font: TextLayerFont? = .helvetica
    var fontSize: CGFloat = 36
    var foregroundColor: CGColor? = TextLayerState.opaqueWhite
    var isWrapped = false
    var truncationMode = CATextLayerTruncationMode.none
    var alignmentMode = CATextLayerAlignmentMode.natural
    var allowsFontSubpixelQuantization = false

    static let opaqueWhite = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
}

extension LayerState {
    /// A `CATextLayer`'s own properties (defaults for other layers).
    var text: TextLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(TextLayerState.self).value }
    }
}

extension PropertyTable {
    /// CATextLayer's table; its renderer (`TextLayerRenderer`, FrameBuilder+TextLayer.swift)
    /// lays the text out with CoreText and draws it between contents and sublayers.
    static let textLayer = PropertyTable(extending: .layer, with: textLayerProperties,
                                         aliases: ["isWrapped": "wrapped"], renderer: TextLayerRenderer())
}

private let A: PropertyFlags = .animatable

private let textLayerProperties: [PropertyDescriptor] = [
    PropertyDescriptor(.textString, "string", ValueCodec.textString.optional(),
                       layer: \CATextLayer.typedString, state: \.text.string),
    PropertyDescriptor(.textFont, "font", ValueCodec.textFont.optional(),
                       layer: \CATextLayer.typedFont, state: \.text.font),
    PropertyDescriptor(.textFontSize, "fontSize", .cgFloat, A, .linear,
                       layer: \CATextLayer.fontSize, state: \.text.fontSize),
    PropertyDescriptor(.textForegroundColor, "foregroundColor", ValueCodec.color.optional(), A, .color,
                       layer: \CATextLayer.foregroundColor, state: \.text.foregroundColor),
    PropertyDescriptor(.textWrapped, "wrapped", .bool,
                       layer: \CATextLayer.isWrapped, state: \.text.isWrapped),
    PropertyDescriptor(.textTruncationMode, "truncationMode", .rawString,
                       layer: \CATextLayer.truncationMode, state: \.text.truncationMode),
    PropertyDescriptor(.textAlignmentMode, "alignmentMode", .rawString,
                       layer: \CATextLayer.alignmentMode, state: \.text.alignmentMode),
    PropertyDescriptor(.textAllowsFontSubpixelQuantization, "allowsFontSubpixelQuantization", .bool,
                       layer: \CATextLayer.allowsFontSubpixelQuantization,
                       state: \.text.allowsFontSubpixelQuantization),
]

extension ValueCodec where V == TextLayerString {
    /// A String, NSString or NSAttributedString (Apple documents only these two kinds).
    static var textString: ValueCodec {
        ValueCodec(type: .text, expected: "a String or NSAttributedString",
                   decode: { TextLayerString($0) }, encode: { $0.boxed })
    }
}

extension ValueCodec where V == TextLayerFont {
    /// A font name, a CGFont or a CTFont.
    static var textFont: ValueCodec {
        ValueCodec(type: .text, expected: "a font name, CGFont or CTFont",
                   decode: { TextLayerFont($0) }, encode: { $0.boxed })
    }
}
