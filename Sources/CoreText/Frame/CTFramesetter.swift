import Foundation

/// Makes frames of wrapped lines from an attributed string (Apple's `CTFramesetter`,
/// https://developer.apple.com/documentation/coretext/ctframesetter). Immutable.
public final class CTFramesetter: @unchecked Sendable {
    let source: NSAttributedString
    init(_ source: NSAttributedString) { self.source = source.copy() as! NSAttributedString }

    /// `range` with a length of 0 meaning "to the end", clamped to the string.
    func clamp(_ range: CFRange) -> NSRange {
        let location = max(0, min(range.location, source.length))
        let length = range.length <= 0 ? source.length - location : min(range.length, source.length - location)
        return NSRange(location: location, length: length)
    }
}

/// Apple's `CTFramesetterCreateWithAttributedString(_:)`.
public func CTFramesetterCreateWithAttributedString(_ attrString: NSAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// Lays out `stringRange` (length 0: to the end) into the bounding box of `path` (Apple's
/// `CTFramesetterCreateFrame(_:_:_:_:)`): lines broken by word (by character inside words
/// longer than the width), aligned per paragraph, stacked down from the box's top edge while
/// they fit its height. Only the path's bounding box is used; `frameAttributes` is ignored.
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: [String: Any]?) -> CTFrame {
    let box = path.boundingBoxOfPath
    let rect = box.isNull || !box.width.isFinite || !box.height.isFinite ? CGRect.zero : box
    let range = framesetter.clamp(stringRange)
    let layout = FrameLayout(framesetter.source, range: range, width: rect.width, maxHeight: rect.height)
    return CTFrame(path: path, rect: rect, layout: layout,
                   stringRange: CFRange(location: range.location, length: range.length))
}

/// The size the text of `stringRange` needs when wrapped to `constraints.width` and cut at
/// `constraints.height` (`CGFloat.greatestFiniteMagnitude` or more than 10⁶: unconstrained),
/// with the range that fits written to `fitRange` (Apple's
/// `CTFramesetterSuggestFrameSizeWithConstraints(_:_:_:_:_:)`). Width: the widest line;
/// height: from the top of the first line to the bottom of the last.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange,
                                                         _ frameAttributes: [String: Any]?, _ constraints: CGSize,
                                                         _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let range = framesetter.clamp(stringRange)
    let layout = FrameLayout(framesetter.source, range: range, width: constraints.width,
                             maxHeight: constraints.height < 1_000_000 ? constraints.height : nil)
    fitRange?.pointee = layout.visibleRange
    return CGSize(width: layout.width, height: layout.height)
}
