/// How lines of a paragraph sit between the frame's edges (Apple's `CTTextAlignment`).
/// `.natural` is left for left-to-right text and right for right-to-left text.
public enum CTTextAlignment: UInt8, Sendable {
    case left = 0, right = 1, center = 2, justified = 3, natural = 4
}

/// What happens to a line wider than the frame (Apple's `CTLineBreakMode`).
public enum CTLineBreakMode: UInt8, Sendable {
    case byWordWrapping = 0, byCharWrapping = 1, byClipping = 2
    case byTruncatingHead = 3, byTruncatingTail = 4, byTruncatingMiddle = 5
}

/// Which setting a `CTParagraphStyleSetting` carries (Apple's `CTParagraphStyleSpecifier`).
/// Alignment, line break mode and the line-height and spacing settings (`ParagraphSpacing`)
/// affect layout here; indents, tab stops, writing direction and line bounds options are ignored.
public enum CTParagraphStyleSpecifier: UInt32, Sendable {
    case alignment = 0, firstLineHeadIndent = 1, headIndent = 2, tailIndent = 3, tabStops = 4
    case defaultTabInterval = 5, lineBreakMode = 6, lineHeightMultiple = 7, maximumLineHeight = 8
    case minimumLineHeight = 9, lineSpacing = 10, paragraphSpacing = 11, paragraphSpacingBefore = 12
    case baseWritingDirection = 13, maximumLineSpacing = 14, minimumLineSpacing = 15
    case lineSpacingAdjustment = 16, lineBoundsOptions = 17
}

/// One setting for `CTParagraphStyleCreate`: a specifier and a pointer to its value (a
/// `CTTextAlignment` for `.alignment`, a `CTLineBreakMode` for `.lineBreakMode`).
public struct CTParagraphStyleSetting {
    public var spec: CTParagraphStyleSpecifier
    public var valueSize: Int
    public var value: UnsafeRawPointer
    public init(spec: CTParagraphStyleSpecifier, valueSize: Int, value: UnsafeRawPointer) {
        self.spec = spec; self.valueSize = valueSize; self.value = value
    }
}

/// Paragraph settings (Apple's `CTParagraphStyle`,
/// https://developer.apple.com/documentation/coretext/ctparagraphstyle). Immutable.
public final class CTParagraphStyle: Sendable {
    public let alignment: CTTextAlignment
    public let lineBreakMode: CTLineBreakMode
    let spacing: ParagraphSpacing
    init(alignment: CTTextAlignment = .natural, lineBreakMode: CTLineBreakMode = .byWordWrapping,
         spacing: ParagraphSpacing = ParagraphSpacing()) {
        self.alignment = alignment; self.lineBreakMode = lineBreakMode; self.spacing = spacing
    }
}

/// A paragraph style from settings (Apple's `CTParagraphStyleCreate(_:_:)`); defaults natural
/// alignment and word wrapping. Settings whose size does not match their type, and values out
/// of range, are ignored.
public func CTParagraphStyleCreate(_ settings: UnsafePointer<CTParagraphStyleSetting>?,
                                   _ settingCount: Int) -> CTParagraphStyle {
    var alignment = CTTextAlignment.natural, mode = CTLineBreakMode.byWordWrapping
    var spacing = ParagraphSpacing()
    for i in 0..<(settings == nil ? 0 : max(0, settingCount)) {
        let setting = settings![i]
        if setting.valueSize == MemoryLayout<CGFloat>.size { spacing.set(setting.spec, setting.value.load(as: CGFloat.self)) }
        guard setting.valueSize == 1 else { continue }
        let raw = setting.value.load(as: UInt8.self)
        switch setting.spec {
        case .alignment: alignment = CTTextAlignment(rawValue: raw) ?? alignment
        case .lineBreakMode: mode = CTLineBreakMode(rawValue: raw) ?? mode
        default: break
        }
    }
    return CTParagraphStyle(alignment: alignment, lineBreakMode: mode, spacing: spacing)
}

/// Copies a setting's value into `valueBuffer` (Apple's
/// `CTParagraphStyleGetValueForSpecifier(_:_:_:_:)`); false for unsupported specifiers or a
/// buffer of the wrong size.
public func CTParagraphStyleGetValueForSpecifier(_ style: CTParagraphStyle, _ spec: CTParagraphStyleSpecifier,
                                                 _ valueBufferSize: Int, _ valueBuffer: UnsafeMutableRawPointer) -> Bool {
    if valueBufferSize == MemoryLayout<CGFloat>.size, let value = style.spacing.value(spec) {
        valueBuffer.storeBytes(of: value, as: CGFloat.self)
        return true
    }
    guard valueBufferSize == 1 else { return false }
    switch spec {
    case .alignment: valueBuffer.storeBytes(of: style.alignment.rawValue, as: UInt8.self)
    case .lineBreakMode: valueBuffer.storeBytes(of: style.lineBreakMode.rawValue, as: UInt8.self)
    default: return false
    }
    return true
}
