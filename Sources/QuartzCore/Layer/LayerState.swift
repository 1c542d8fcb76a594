/// The model values of one layer's base properties: one typed stored field each, with Apple's
/// defaults as initial values.
///
/// A value type so that `init(layer:)` (presentation copies) and the commit copy a layer's
/// state with one struct copy, and so animations can be evaluated into a state rather than into
/// a layer object. Tree links (sublayers, superlayer, mask) and the delegate are not here: they
/// live on `CALayer`. Subclasses keep their own state struct beside this one.
///
/// Defaults follow the CALayer property pages
/// (https://developer.apple.com/documentation/quartzcore/calayer), noted per field.
package struct LayerState {
    // Geometry
    var bounds = CGRect.zero
    var position = CGPoint.zero
    var zPosition: CGFloat = 0
    /// Unit coordinates of the bounds; (0.5, 0.5) is the centre.
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isGeometryFlipped = false
    var autoresizingMask: CAAutoresizingMask = []

    // Visibility and compositing
    var isHidden = false
    var isDoubleSided = true
    /// Clamped to 0…1 by the setter, as Apple documents.
    var opacity: Float = 1
    var isOpaque = false
    var allowsGroupOpacity = true // iOS default (UIViewGroupOpacity, on since iOS 7)
    var allowsEdgeAntialiasing = false // no UIViewEdgeAntialiasing in an Info.plist
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                        .layerBottomEdge, .layerTopEdge]
    var masksToBounds = false
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1
    var drawsAsynchronously = false
    var filters: [Any]? = nil
    var compositingFilter: Any? = nil
    var backgroundFilters: [Any]? = nil

    // Contents
    var contents: Any? = nil
    /// Unit coordinates of the contents image.
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity = CALayerContentsGravity.resize
    var contentsScale: CGFloat = 1
    var contentsFormat = CALayerContentsFormat.RGBA8Uint
    var minificationFilter = CALayerContentsFilter.linear
    var magnificationFilter = CALayerContentsFilter.linear
    var minificationFilterBias: Float = 0
    var needsDisplayOnBoundsChange = false

    // Background, border and corners
    var backgroundColor: CGColor? = nil
    var borderColor: CGColor? = LayerState.opaqueBlack
    var borderWidth: CGFloat = 0
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                       .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve = CALayerCornerCurve.circular

    // Shadow
    var shadowColor: CGColor? = LayerState.opaqueBlack
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? = nil

    // Timing (CAMediaTiming; Apple's defaults: layers run at their parent's pace)
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed

    // Identity and behaviour
    var name: String? = nil
    var style: [AnyHashable: Any]? = nil
    var actions: [String: any CAAction]? = nil

    /// Apple's "opaque black" default for border and shadow colours; shared so that making a
    /// layer allocates no colours.
    static let opaqueBlack = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
}
