/// The object that draws, displays and lays out a layer, and supplies its actions: Apple's
/// `CALayerDelegate` (https://developer.apple.com/documentation/quartzcore/calayerdelegate).
///
/// Every method is optional on Apple; here each has a default implementation in an extension
/// that does what Apple does when the delegate does not implement it.
public protocol CALayerDelegate: AnyObject {
    /// Provides the layer's content (for example by setting `contents`). The default draws the
    /// layer's backing store through `draw(in:)`, as Apple does without a `display(_:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's content into `ctx` (bounds coordinates). The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the backing store is drawn. The default does nothing.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers. The default asks the layer's `layoutManager`.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`, nil to continue the search, `NSNull()` to stop it. Default nil.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func display(_ layer: CALayer) { layer.drawBackingStore() }
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func layerWillDraw(_ layer: CALayer) {}
    public func layoutSublayers(of layer: CALayer) { layer.layoutManager?.layoutSublayers(of: layer) }
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
