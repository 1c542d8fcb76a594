import Foundation
import CoreText

extension CATextLayer {
    /// `preferredFrameSize()`: the size of the laid-out text, points, in the layer's own space: the widest line by the
    /// height from the top of the first line to the bottom of the last (each line's ascent,
    /// descent and leading, as the layer stacks them), rounded up to whole points so the text
    /// shows whole in a layer given this size. Wrapped to the bounds' width when `isWrapped`
    /// and the bounds have a width; otherwise one line per paragraph. A plain string is
    /// measured in `font` at `fontSize`; an attributed string in its own attributes. No string
    /// (or a `fontSize` of zero or less for a plain one) gives `.zero`.
    ///
    /// Apple's page documents only CALayer's rule (the layout manager's preferred size, else the
    /// bounds' size; https://developer.apple.com/documentation/quartzcore/calayer/preferredframesize());
    /// on iOS a text layer answers its text's size, which code sizing a label-like layer relies
    /// on (`layer.frame.size = layer.preferredFrameSize()`). A `layoutManager` still decides
    /// first, as in CALayer.
    final func preferredTextSize() -> CGSize {
        if let manager = layoutManager { return manager.preferredSize(of: self) }
        let t = state.text
        // An attributed string is laid out in its own attributes; the layer's font and size go
        // unread (TextLayerLayout.attributedString()).
        return TextLayerLayout(measuring: t, width: isWrapped ? bounds.width : 0)?.suggestedSize() ?? .zero
    }
}

extension TextLayerLayout {
    /// A layout of a text layer's text for measuring: wrapped at `width` when it is a positive
    /// finite width, unconstrained otherwise. nil when there is nothing to measure.
    init?(measuring t: TextLayerState, width: CGFloat) {
        guard let string = t.string else { return nil }
        if case .plain = string, !(t.fontSize > 0 && t.fontSize.isFinite) { return nil }
        let wraps = width > 0 && width < 1e7
        // The box is as large as the text may need, so nothing is cut before measuring (the
        // character budget still bounds a huge string).
        self.init(string: string, font: t.font ?? .helvetica, fontSize: t.fontSize, wrapped: wraps,
                  truncation: .none, alignment: .natural, size: CGSize(width: wraps ? width : 1e7, height: 1e7))
    }

    /// CoreText's suggested frame size for this text, rounded up to whole points.
    func suggestedSize() -> CGSize {
        let setter = CTFramesetterCreateWithAttributedString(attributedString())
        let s = CTFramesetterSuggestFrameSizeWithConstraints(
            setter, CFRange(), nil, CGSize(width: wrapped ? size.width : .greatestFiniteMagnitude,
                                           height: .greatestFiniteMagnitude), nil)
        return CGSize(width: s.width.rounded(.up), height: s.height.rounded(.up))
    }
}
