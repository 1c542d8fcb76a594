/// An object that lays out a layer's sublayers: Apple's macOS `CALayoutManager`
/// (https://developer.apple.com/documentation/quartzcore/calayoutmanager), kept for source
/// compatibility. All methods are optional; the defaults do nothing (and give nil).
public protocol CALayoutManager: AnyObject {
    /// The preferred size of `layer` in its superlayer's space. The default is the layer's frame size.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when the layer's layout is invalidated (`setNeedsLayout()`).
    func invalidateLayout(of layer: CALayer)
    /// Positions `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    public func preferredSize(of layer: CALayer) -> CGSize { layer.computedFrame.size }
    public func invalidateLayout(of layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) {}
}
