import Foundation

// Attribute keys of attributed strings laid out by CoreText
// (https://developer.apple.com/documentation/coretext/ctstringattributes). On Apple they are
// CFStrings; here they are `NSAttributedString.Key`s with Apple's raw values, so
// `[kCTFontAttributeName: font]` and `[.font: font]` build the same dictionary.

extension NSAttributedString.Key {
    /// A `CTFont` (UIKit's `.font`; on Linux the value is a `CTFont`). Default Helvetica 12.
    public static let font = NSAttributedString.Key("NSFont")
    /// A `CGColor` (UIKit's `.foregroundColor`, whose value is a UIColor on Apple).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points added after each character, a number (UIKit's `.kern`).
    public static let kern = NSAttributedString.Key("NSKern")
    /// A `CTParagraphStyle` (UIKit's `.paragraphStyle`).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Outline width, a number in percent of the font size (UIKit's `.strokeWidth`).
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// Outline colour, a `CGColor` (UIKit's `.strokeColor`).
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
}

/// The run's font, a `CTFont` (Apple's `kCTFontAttributeName`); default Helvetica 12 points.
public let kCTFontAttributeName = NSAttributedString.Key.font
/// The run's text colour, a `CGColor` (Apple's `kCTForegroundColorAttributeName`); default
/// opaque black. Wins over `.foregroundColor` when both are set.
public let kCTForegroundColorAttributeName = NSAttributedString.Key("CTForegroundColor")
/// Points of extra space after each character, a number (Apple's `kCTKernAttributeName`);
/// default 0, negative tightens.
public let kCTKernAttributeName = NSAttributedString.Key.kern
/// Width of the glyphs' outline in percent of the font size (Apple's
/// `kCTStrokeWidthAttributeName`): 0 (default) fills only, positive strokes only (3 is typical
/// outlined text), negative fills and strokes.
public let kCTStrokeWidthAttributeName = NSAttributedString.Key.strokeWidth
/// The outline's `CGColor` (Apple's `kCTStrokeColorAttributeName`); default the foreground colour.
public let kCTStrokeColorAttributeName = NSAttributedString.Key.strokeColor
/// The paragraph's `CTParagraphStyle` (Apple's `kCTParagraphStyleAttributeName`), read from a
/// paragraph's first character.
public let kCTParagraphStyleAttributeName = NSAttributedString.Key.paragraphStyle
