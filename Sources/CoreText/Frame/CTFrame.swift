/// Lines laid out in a rectangle (Apple's `CTFrame`,
/// https://developer.apple.com/documentation/coretext/ctframe). Line origins are relative to
/// the bottom-left of the frame path's bounding box, y up, at each line's baseline.
public final class CTFrame: @unchecked Sendable {
    let path: CGPath
    let rect: CGRect
    let lines: [CTLine]
    let origins: [CGPoint]
    let stringRange: CFRange
    let visibleRange: CFRange

    init(path: CGPath, rect: CGRect, layout: FrameLayout, stringRange: CFRange) {
        self.path = path; self.rect = rect; self.stringRange = stringRange
        lines = layout.lines.map(\.line)
        origins = layout.lines.map { CGPoint(x: $0.x, y: rect.height - $0.baseline) }
        visibleRange = layout.visibleRange
    }
}

/// The frame's lines, top to bottom (Apple's `CTFrameGetLines(_:)`).
public func CTFrameGetLines(_ frame: CTFrame) -> [CTLine] { frame.lines }

/// Copies the origins of lines `range` (length 0: to the end) into `origins` (Apple's
/// `CTFrameGetLineOrigins(_:_:_:)`): baseline left ends relative to the path's bounding box
/// origin, y up; x includes the alignment offset.
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    let start = max(0, min(range.location, frame.origins.count))
    let count = range.length <= 0 ? frame.origins.count - start : min(range.length, frame.origins.count - start)
    for i in 0..<count { origins[i] = frame.origins[start + i] }
}

/// The range of the string the frame was asked to show (Apple's `CTFrameGetStringRange(_:)`).
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange { frame.stringRange }

/// The range whose lines fit in the frame (Apple's `CTFrameGetVisibleStringRange(_:)`).
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange { frame.visibleRange }

/// Apple's `CTFrameGetPath(_:)`.
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath { frame.path }

/// Draws every line at its origin within the path's bounding box, through the context's CTM
/// and text matrix (Apple's `CTFrameDraw(_:_:)`).
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    for (line, origin) in zip(frame.lines, frame.origins) {
        line.draw(in: context, at: CGPoint(x: frame.rect.minX + origin.x, y: frame.rect.minY + origin.y))
    }
}
