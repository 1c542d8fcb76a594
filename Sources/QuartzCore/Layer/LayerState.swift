/// The model values of one layer's base properties: one typed field each, with Apple's
/// defaults as initial values. Numbers, geometry, `contents` and `backgroundColor` are stored
/// inline; the rarely changed fields that hold references live in one shared copy-on-write box
/// (`rare`), so a copy is a memcpy plus three retains.
///
/// A value type so that `init(layer:)` (presentation copies) and the commit copy a layer's
/// state with one struct copy, and so animations can be evaluated into a state rather than into
/// a layer object. Tree links (sublayers, superlayer, mask) and the delegate are not here: they
/// live on `CALayer`. A subclass's own properties are a `LayerClassState` struct in one more
/// copy-on-write box (`classStorage`, see `LayerClassState.swift`).
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
    var filters: [Any]? {
        get { rare.fields.filters }
        set { rareForWriting().fields.filters = newValue }
    }
    var compositingFilter: Any? {
        get { rare.fields.compositingFilter }
        set { rareForWriting().fields.compositingFilter = newValue }
    }
    var backgroundFilters: [Any]? {
        get { rare.fields.backgroundFilters }
        set { rareForWriting().fields.backgroundFilters = newValue }
    }

    // Contents
    /// `contents` by kind (no existential: see `LayerContents`).
    var contentsKind = LayerContents.none
    var contents: Any? {
        get { contentsKind.value }
        set { contentsKind = LayerContents(newValue) }
    }
    /// Unit coordinates of the contents image.
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity: CALayerContentsGravity {
        get { rare.fields.contentsGravity }
        set { rareForWriting().fields.contentsGravity = newValue }
    }
    var contentsScale: CGFloat = 1
    var contentsFormat: CALayerContentsFormat {
        get { rare.fields.contentsFormat }
        set { rareForWriting().fields.contentsFormat = newValue }
    }
    var minificationFilter: CALayerContentsFilter {
        get { rare.fields.minificationFilter }
        set { rareForWriting().fields.minificationFilter = newValue }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { rare.fields.magnificationFilter }
        set { rareForWriting().fields.magnificationFilter = newValue }
    }
    var minificationFilterBias: Float = 0
    var needsDisplayOnBoundsChange = false

    // Background, border and corners
    var backgroundColor: CGColor? = nil
    var borderColor: CGColor? {
        get { rare.fields.borderColor }
        set { rareForWriting().fields.borderColor = newValue }
    }
    var borderWidth: CGFloat = 0
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                       .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve: CALayerCornerCurve {
        get { rare.fields.cornerCurve }
        set { rareForWriting().fields.cornerCurve = newValue }
    }

    // Shadow
    var shadowColor: CGColor? {
        get { rare.fields.shadowColor }
        set { rareForWriting().fields.shadowColor = newValue }
    }
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath? {
        get { rare.fields.shadowPath }
        set { rareForWriting().fields.shadowPath = newValue }
    }

    // Timing (CAMediaTiming; Apple's defaults: layers run at their parent's pace)
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode {
        get { rare.fields.fillMode }
        set { rareForWriting().fields.fillMode = newValue }
    }

    // Identity and behaviour
    var name: String? {
        get { rare.fields.name }
        set { rareForWriting().fields.name = newValue }
    }
    var style: [AnyHashable: Any]? {
        get { rare.fields.style }
        set { rareForWriting().fields.style = newValue }
    }
    var actions: [String: any CAAction]? {
        get { rare.fields.actions }
        set { rareForWriting().fields.actions = newValue }
    }

    /// The subclass's own properties (`LayerClassState`); nil for a plain `CALayer` and for a
    /// subclass whose properties all still have their defaults.
    var classStorage: ClassStateStorage? = nil

    /// The fields that hold references and rarely change, shared by copies of the state until
    /// one of them is written (copy on write): copying a state — each commit, snapshot,
    /// presentation copy and animation tick does — then retains one object, not fifteen.
    private var rare = Rare.defaults

    /// Storage of the rarely changed fields; written only while uniquely referenced.
    private final class Rare: @unchecked Sendable {
        var fields = RareFields()
        init() {}
        init(copying o: Rare) { fields = o.fields }

        /// The defaults, shared by every new state (so making a layer allocates nothing).
        static let defaults = Rare()
    }

    private struct RareFields {
        var filters: [Any]? = nil
        var compositingFilter: Any? = nil
        var backgroundFilters: [Any]? = nil
        var contentsGravity: CALayerContentsGravity = CALayerContentsGravity.resize
        var contentsFormat: CALayerContentsFormat = CALayerContentsFormat.RGBA8Uint
        var minificationFilter: CALayerContentsFilter = CALayerContentsFilter.linear
        var magnificationFilter: CALayerContentsFilter = CALayerContentsFilter.linear
        var borderColor: CGColor? = LayerState.opaqueBlack
        var cornerCurve: CALayerCornerCurve = CALayerCornerCurve.circular
        var shadowColor: CGColor? = LayerState.opaqueBlack
        var shadowPath: CGPath? = nil
        var fillMode: CAMediaTimingFillMode = CAMediaTimingFillMode.removed
        var name: String? = nil
        var style: [AnyHashable: Any]? = nil
        var actions: [String: any CAAction]? = nil
    }

    private mutating func rareForWriting() -> Rare {
        if !isKnownUniquelyReferenced(&rare) { rare = Rare(copying: rare) }
        return rare
    }

    /// Apple's "opaque black" default for border and shadow colours; shared so that making a
    /// layer allocates no colours.
    static let opaqueBlack = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1)
}
