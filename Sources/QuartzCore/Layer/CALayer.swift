import Synchronization

/// An object that manages image-based content and lets you animate it: Apple's `CALayer`
/// (https://developer.apple.com/documentation/quartzcore/calayer).
///
/// **Model.** Each base property is a typed field of a `LayerState` value; the property table
/// (`LayerPropertyTable.swift`) lists each key's type, default and flags. Every setter passes
/// through one funnel (`willChange(_:)`/`didChange(_:)`, `CALayer+Changes.swift`) that records
/// which properties changed since the last commit; tree edits record a tree change on the parent.
///
/// **Threading.** Like Apple's, a layer is not `Sendable`: use it from one thread at a time.
///
/// **Linux differences.**
/// - `CALayer` subclasses `NSObject`, as on Apple, so code that stores layers as `NSObject`,
///   calls `isEqual(_:)` or uses them as `AnyHashable` compiles. Linux's NSObject has no
///   key-value coding, so `value(forKey:)` and friends are declared here, `open`.
/// - `init(layer:)` is `required`, so presentation copies can be made of the receiver's own
///   class (Apple uses the Objective-C runtime for that). A subclass that overrides it writes
///   `required override init(layer: Any)`; the compiler's fix-it says so.
/// - Operations Apple rejects by raising an exception are ignored and reported through
///   `CADiagnostics` (the layer and the tree stay as they were).
/// - `@NSManaged` does not exist: see `LayerProperty` for custom animatable properties.
///
/// Swift only lets members declared in the class body be overridden, so every `open` member is
/// declared here as a thin accessor; the logic lives in the extension files beside it
/// (`CALayer+Frame.swift`, `CALayer+Sublayers.swift`, `CALayer+KVC.swift`…).
open class CALayer: NSObject {
    /// A process-unique, never reused identifier, for the render tree.
    final let layerID: UInt64
    /// The class's property table, initial state and needs-display set.
    package final let classInfo: LayerClassInfo
    // The small bookkeeping fields come first and the state last, so that the fields a setter
    // and the commit's three passes touch share a few cache lines (at 10,000 changed layers
    // the commit is bound by misses on them).
    /// What changed since the render side last took the changes.
    @exclusivity(unchecked) final var changes = LayerChanges()

    // Tree links. A mask's superlayer is the layer it masks (it is not in that layer's sublayers).
    final var sublayerList: [CALayer] = []
    final weak var parent: CALayer?
    final var maskLayer: CALayer?

    // Display and layout flags.
    final var needsDisplayFlag = false
    final var needsLayoutFlag = false
    /// Whether a layer below this one (through sublayers) is marked as needing layout: the
    /// layout walk descends only into such branches (`CALayer+Layout.swift`). May stay set
    /// after a walk that started lower down (at a marked layer whose superlayers need no
    /// layout) until a walk from higher up passes. Every marked layer is also registered with
    /// the commit, which lays it out even where no flag leads to it.
    final var subtreeNeedsLayout = false

    // Animation and commit bookkeeping (Layer/CALayer+Animations.swift, +Commit, +Presentation).
    /// Attached animations in the order added (later ones apply on top of earlier ones).
    /// Exclusivity unchecked here and on `committed`, as on `state`: the commit reads both for
    /// every changed layer.
    @exclusivity(unchecked) final var animationEntries: [LayerAnimation] = []
    /// The state as of the last commit; nil before the first commit.
    @exclusivity(unchecked) package internal(set) final var committed: CommittedLayer?
    /// Whether the layer is registered with this thread's open transaction.
    final var isRegisteredForCommit = false
    /// The bitmap drawn by the last `display()` through `draw(in:)` (Render/Content/).
    final var backingStore: BackingStore?
    /// Set on the root layer of a host: whether that host is flipped (y down, iOS-style); see
    /// `contentsAreFlipped()`. nil for layers that are not a host's root.
    final var hostIsFlipped: Bool?
    /// Whether the layer has been committed at least once (cheaper to test than `committed`).
    final var hasCommitted = false
    /// Host presence (CALayer+HostPresence.swift): the commit at which the layer joined its
    /// committed parent (or was first committed), whether a host has shown it, and on a host's
    /// root that host's frame record.
    final var attachSequence: UInt64 = 0
    final var wasShownByHost = false
    final var hostFrames: HostFrameRecord?
    /// On a host's root layer: the clock of that host, which commits and `presentation()` read
    /// for the layers of its tree when no clock is current (CALayer+Time.swift).
    final var hostClock: (any CAMediaClock)?
    /// The layer whose committed sublayers (or mask) hold this one as of their last commit; nil
    /// when no committed layer holds it (kept exact by the parent's commit).
    final weak var committedParent: CALayer?
    /// For presentation copies: a strong link to the superlayer's copy (`parent` is weak).
    /// Copies do not store their sublayers — those are made on demand — so this makes no cycle.
    final var presentationParent: CALayer?
    /// For presentation copies: the layer-local time they were evaluated at, and whether the
    /// copy is its superlayer's mask.
    final var presentationLocalTime: CFTimeInterval = 0
    final var presentationIsMask = false
    /// For presentation copies: the model layer they show. nil for model layers.
    final var presentedModel: CALayer?
    /// The action found by `willChange` for the property being set, run by `didChange`.
    /// A reference, so every setter's "is there one?" is a pointer test (an optional tuple
    /// of a string and an existential was copied out to be compared with nil).
    final var pendingAction: PendingAction?

    /// The union of the rectangles passed to `setNeedsDisplay(_:)`, in bounds coordinates.
    final var dirtyRect = CGRect.null
    /// The rectangle being redrawn by the current `display()` (null outside one).
    final var pendingDisplayRect = CGRect.null
    /// The base properties. Exclusivity is not checked at run time for `state` and `changes`:
    /// a layer is used from one thread and no accessor overlaps two accesses, and the checks
    /// tripled the cost of a setter (about 45 → 15 ns per `position` set).
    @exclusivity(unchecked) final var state: LayerState
    /// Values stored under keys that are not properties (the KVC container), boxed as Apple
    /// boxes them.
    final var customValues: [String: Any] = [:]

    private static let nextID = Atomic<UInt64>(0)
    private static func makeID() -> UInt64 { nextID.wrappingAdd(1, ordering: .relaxed).newValue }

    // MARK: - Creating layers

    /// A layer with Apple's default values (and the class's `defaultValue(forKey:)` overrides).
    public override init() {
        let info = LayerClassInfo.of(type(of: self))
        classInfo = info
        state = info.initialState
        layerID = CALayer.makeID()
        super.init()
        // A new layer is part of the current transaction, so it has a presentation after the
        // next commit even if no property is ever set.
        registerForCommit()
    }

    /// A copy of `layer`'s property values and custom keys, used for presentation layers
    /// (https://developer.apple.com/documentation/quartzcore/calayer/init(layer:)).
    /// Sublayers, superlayer, mask and delegate are not copied; the copy is one struct copy.
    /// Anything other than a `CALayer` gives default values and a diagnostic.
    public required init(layer: Any) {
        let info = LayerClassInfo.of(type(of: self))
        classInfo = info
        layerID = CALayer.makeID()
        if let other = layer as? CALayer {
            state = other.state
            customValues = other.customValues
        } else {
            state = info.initialState
            CADiagnostics.report(CALayerDiagnostic(
                .invalidValue, "init(layer:) needs a CALayer, got \(ValueNormalizer.typeName(layer))"))
        }
        super.init()
    }

    /// A presentation copy of an exact `CALayer` (`presentationCopy`): what `init(layer:)` then
    /// setting the committed state and custom values gives, without first copying the model's
    /// live state only to overwrite it. Subclasses, which may override `init(layer:)`, go
    /// through it.
    init(presenting layer: CALayer, state committed: LayerState, custom: [String: Any]) {
        classInfo = layer.classInfo
        layerID = CALayer.makeID()
        state = committed
        customValues = custom
        super.init()
    }

    /// Archived layers are not supported on Linux: always nil. `required`, as Apple's NSCoding
    /// initializer is, so subclasses written for Apple compile unchanged.
    public required init?(coder: NSCoder) { return nil }

    /// The receiver itself, for a model layer.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/model())
    open func model() -> Self { (presentedModel as? Self) ?? self }

    /// A copy of the layer as it appears now: the state of the last commit with every animation
    /// applied at the current media time (`CACurrentMediaTime()`, the calling task's host clock),
    /// made through `init(layer:)` so it has the receiver's class; its sublayers, mask and
    /// superlayer are presentation copies too. nil before the layer's first commit.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/presentation())
    open func presentation() -> Self? { makePresentation() as? Self }

    /// The class's property table; subclasses in this module override it to add their rows.
    class var propertyTable: PropertyTable { .layer }

    // MARK: - Geometry (points; see CALayer+Frame.swift and Geometry/)

    /// The bounds rectangle in the layer's own coordinate space. Default `.zero`. Animatable.
    /// A size change marks the layer as needing layout (and display, with
    /// `needsDisplayOnBoundsChange`). (https://developer.apple.com/documentation/quartzcore/calayer/bounds)
    open var bounds: CGRect {
        get { state.bounds }
        set { setBounds(newValue) }
    }

    /// The anchor point's place in the superlayer's coordinate space. Default `.zero`. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/position)
    open var position: CGPoint {
        get { state.position }
        set { setFinite(.position, \.position, newValue) }
    }

    /// The z coordinate: orders siblings (higher in front) and takes part in the 3D transform,
    /// visible under a superlayer's perspective. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/zposition)
    open var zPosition: CGFloat {
        get { state.zPosition }
        set { setFinite(.zPosition, \.zPosition, newValue) }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and transforms act
    /// about. Default (0.5, 0.5). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/anchorpoint)
    open var anchorPoint: CGPoint {
        get { state.anchorPoint }
        set { setFinite(.anchorPoint, \.anchorPoint, newValue) }
    }

    /// The anchor point's z coordinate, in points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/anchorpointz)
    open var anchorPointZ: CGFloat {
        get { state.anchorPointZ }
        set { setFinite(.anchorPointZ, \.anchorPointZ, newValue) }
    }

    /// The transform applied about the anchor point. Default identity. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/transform)
    open var transform: CATransform3D {
        get { state.transform }
        set { setFinite(.transform, \.transform, newValue) }
    }

    /// The transform applied to the sublayers, about this layer's anchor point (perspective is
    /// usually set here). Default identity. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/sublayertransform)
    open var sublayerTransform: CATransform3D {
        get { state.sublayerTransform }
        set { setFinite(.sublayerTransform, \.sublayerTransform, newValue) }
    }

    /// The bounding box of the transformed bounds in the superlayer's space (the superlayer's
    /// sublayerTransform not included). Setting it sets `position` and `bounds.size`; see
    /// `CALayer+Frame.swift`. Not animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/frame)
    open var frame: CGRect {
        get { computedFrame }
        set { setFrame(newValue) }
    }

    /// Whether the sublayers' geometry is flipped vertically (about the bounds' mid-y); the
    /// layer's own `contents` image is not flipped. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/isgeometryflipped)
    open var isGeometryFlipped: Bool {
        get { state.isGeometryFlipped }
        set { set(.geometryFlipped, \.isGeometryFlipped, newValue) }
    }

    /// Whether drawn content is implicitly flipped: the parity of `isGeometryFlipped` over this
    /// layer and its superlayers, plus one flip when the tree is shown by a flipped (y-down,
    /// iOS-style) host. When true, `draw(in:)` gets a y-flipped context (origin at the bounds'
    /// top-left, y down), contents images show their first row at `bounds.minY`, and the `top`
    /// gravities align to `minY`. False for a layer in no host with no flips (Apple's default).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contentsareflipped())
    open func contentsAreFlipped() -> Bool { flipParity != treeHostIsFlipped }

    /// `transform` as a 2D affine transform (`m11 m12 m21 m22 m41 m42`).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/affinetransform())
    open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(state.transform) }

    /// Sets `transform` to the 2D transform `m`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/setaffinetransform(_:))
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: - Visibility and compositing

    /// Whether the layer (and its sublayers) is hidden. Default false. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/ishidden)
    open var isHidden: Bool {
        get { state.isHidden }
        set {
            let wasHidden = state.isHidden
            set(.hidden, \.isHidden, newValue)
            if wasHidden != newValue { didChangeHidden(newValue) }   // kCAOnOrderIn / kCAOnOrderOut
        }
    }

    /// Whether the back of the layer is drawn when it faces away. Default true. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/isdoublesided)
    open var isDoubleSided: Bool {
        get { state.isDoubleSided }
        set { set(.doubleSided, \.isDoubleSided, newValue) }
    }

    /// Opacity, 0 (transparent) to 1 (opaque); values outside are clamped, as Apple documents.
    /// Default 1. Animatable. (https://developer.apple.com/documentation/quartzcore/calayer/opacity)
    open var opacity: Float {
        get { state.opacity }
        set { setFinite(.opacity, \.opacity, min(max(newValue, 0), 1)) }
    }

    /// A hint that the layer is fully opaque. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/isopaque)
    open var isOpaque: Bool {
        get { state.isOpaque }
        set { set(.opaque, \.isOpaque, newValue) }
    }

    /// Whether the layer and its sublayers are composited as one group for opacity. Default true
    /// (the iOS default). (https://developer.apple.com/documentation/quartzcore/calayer/allowsgroupopacity)
    open var allowsGroupOpacity: Bool {
        get { state.allowsGroupOpacity }
        set { set(.allowsGroupOpacity, \.allowsGroupOpacity, newValue) }
    }

    /// Whether edges named by `edgeAntialiasingMask` may be antialiased. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/allowsedgeantialiasing)
    open var allowsEdgeAntialiasing: Bool {
        get { state.allowsEdgeAntialiasing }
        set { set(.allowsEdgeAntialiasing, \.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges are antialiased. Default all four.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/edgeantialiasingmask)
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { state.edgeAntialiasingMask }
        set { set(.edgeAntialiasingMask, \.edgeAntialiasingMask, newValue) }
    }

    /// Whether sublayers (and contents) are clipped to the bounds, rounded by `cornerRadius`.
    /// Default false. Animatable. (https://developer.apple.com/documentation/quartzcore/calayer/maskstobounds)
    open var masksToBounds: Bool {
        get { state.masksToBounds }
        set { set(.masksToBounds, \.masksToBounds, newValue) }
    }

    /// Whether the layer is rendered as a bitmap before compositing. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shouldrasterize)
    open var shouldRasterize: Bool {
        get { state.shouldRasterize }
        set { set(.shouldRasterize, \.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap, pixels per point. Default 1.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/rasterizationscale)
    open var rasterizationScale: CGFloat {
        get { state.rasterizationScale }
        set { setFinite(.rasterizationScale, \.rasterizationScale, newValue) }
    }

    /// Whether drawing commands are deferred to a background thread (a hint). Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/drawsasynchronously)
    open var drawsAsynchronously: Bool {
        get { state.drawsAsynchronously }
        set { set(.drawsAsynchronously, \.drawsAsynchronously, newValue) }
    }

    /// Filters applied to the layer and its sublayers. Default nil. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/filters)
    open var filters: [Any]? {
        get { state.filters }
        set { set(.filters, \.filters, newValue) }
    }

    /// The filter that composites the layer with what is behind it. Default nil. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/compositingfilter)
    open var compositingFilter: Any? {
        get { state.compositingFilter }
        set { set(.compositingFilter, \.compositingFilter, newValue) }
    }

    /// Filters applied to the content behind the layer. Default nil. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/backgroundfilters)
    open var backgroundFilters: [Any]? {
        get { state.backgroundFilters }
        set { set(.backgroundFilters, \.backgroundFilters, newValue) }
    }

    // MARK: - Contents

    /// The layer's image, normally a `CGImage`; other objects are kept but not drawn. Default nil.
    /// Animatable. (https://developer.apple.com/documentation/quartzcore/calayer/contents)
    open var contents: Any? {
        get { state.contents }
        set { set(.contents, \.contents, ValueNormalizer.unwrap(newValue)) }
    }

    /// The part of `contents` shown, in unit coordinates. Default (0, 0, 1, 1). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contentsrect)
    open var contentsRect: CGRect {
        get { state.contentsRect }
        set { setFinite(.contentsRect, \.contentsRect, newValue) }
    }

    /// The stretchable centre of `contents` (nine-part scaling), in unit coordinates. Default
    /// (0, 0, 1, 1). Animatable. (https://developer.apple.com/documentation/quartzcore/calayer/contentscenter)
    open var contentsCenter: CGRect {
        get { state.contentsCenter }
        set { setFinite(.contentsCenter, \.contentsCenter, newValue) }
    }

    /// How `contents` is placed in the bounds. Default `.resize`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contentsgravity)
    open var contentsGravity: CALayerContentsGravity {
        get { state.contentsGravity }
        set { set(.contentsGravity, \.contentsGravity, newValue) }
    }

    /// Pixels of the backing store per point. Default 1 (not raised to a screen's scale).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contentsscale)
    open var contentsScale: CGFloat {
        get { state.contentsScale }
        set { setFinite(.contentsScale, \.contentsScale, newValue) }
    }

    /// A hint for the backing store's pixel format. Default `.RGBA8Uint`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contentsformat)
    open var contentsFormat: CALayerContentsFormat {
        get { state.contentsFormat }
        set { set(.contentsFormat, \.contentsFormat, newValue) }
    }

    /// The filter used when `contents` is shrunk. Default `.linear`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/minificationfilter)
    open var minificationFilter: CALayerContentsFilter {
        get { state.minificationFilter }
        set { set(.minificationFilter, \.minificationFilter, newValue) }
    }

    /// The filter used when `contents` is enlarged. Default `.linear`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/magnificationfilter)
    open var magnificationFilter: CALayerContentsFilter {
        get { state.magnificationFilter }
        set { set(.magnificationFilter, \.magnificationFilter, newValue) }
    }

    /// The mipmap level bias for `.trilinear` minification. Default 0.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/minificationfilterbias)
    open var minificationFilterBias: Float {
        get { state.minificationFilterBias }
        set { setFinite(.minificationFilterBias, \.minificationFilterBias, newValue) }
    }

    /// Whether a bounds size change calls `setNeedsDisplay()`. Default false.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplayonboundschange)
    open var needsDisplayOnBoundsChange: Bool {
        get { state.needsDisplayOnBoundsChange }
        set { set(.needsDisplayOnBoundsChange, \.needsDisplayOnBoundsChange, newValue) }
    }

    // MARK: - Background, border and corners

    /// The background colour. Default nil. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/backgroundcolor)
    open var backgroundColor: CGColor? {
        get { state.backgroundColor }
        set { set(.backgroundColor, \.backgroundColor, newValue) }
    }

    /// The border colour. Default opaque black. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/bordercolor)
    open var borderColor: CGColor? {
        get { state.borderColor }
        set { set(.borderColor, \.borderColor, newValue) }
    }

    /// The border width in points, drawn inside the bounds. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/borderwidth)
    open var borderWidth: CGFloat {
        get { state.borderWidth }
        set { setFinite(.borderWidth, \.borderWidth, newValue) }
    }

    /// The corner radius in points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/cornerradius)
    open var cornerRadius: CGFloat {
        get { state.cornerRadius }
        set { setFinite(.cornerRadius, \.cornerRadius, newValue) }
    }

    /// Which corners `cornerRadius` rounds. Default all four.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/maskedcorners)
    open var maskedCorners: CACornerMask {
        get { state.maskedCorners }
        set { set(.maskedCorners, \.maskedCorners, newValue) }
    }

    /// The corner curve. Default `.circular`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/cornercurve)
    open var cornerCurve: CALayerCornerCurve {
        get { state.cornerCurve }
        set { set(.cornerCurve, \.cornerCurve, newValue) }
    }

    // MARK: - Shadow

    /// The shadow colour. Default opaque black. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowcolor)
    open var shadowColor: CGColor? {
        get { state.shadowColor }
        set { set(.shadowColor, \.shadowColor, newValue) }
    }

    /// The shadow opacity, 0…1. Default 0 (no shadow). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowopacity)
    open var shadowOpacity: Float {
        get { state.shadowOpacity }
        set { setFinite(.shadowOpacity, \.shadowOpacity, newValue) }
    }

    /// The shadow offset in points. Default (0, −3). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowoffset)
    open var shadowOffset: CGSize {
        get { state.shadowOffset }
        set { setFinite(.shadowOffset, \.shadowOffset, newValue) }
    }

    /// The shadow blur radius in points. Default 3. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowradius)
    open var shadowRadius: CGFloat {
        get { state.shadowRadius }
        set { setFinite(.shadowRadius, \.shadowRadius, newValue) }
    }

    /// The shadow's shape, in bounds coordinates; nil uses the layer's alpha. Default nil.
    /// Animatable. Stored as an immutable copy. A path reaching past ±4,194,304 points casts
    /// nothing and is reported (`FarPathCheck`).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shadowpath)
    open var shadowPath: CGPath? {
        get { state.shadowPath }
        set {
            let p = ValueNormalizer.path(newValue)
            FarPathCheck.report(p, key: "shadowPath")
            set(.shadowPath, \.shadowPath, p)
        }
    }

    // MARK: - Identity and behaviour

    /// The layer's name (used by key paths and scene files). Default nil.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/name)
    open var name: String? {
        get { state.name }
        set { set(.name, \.name, newValue) }
    }

    /// Default values for keys not set on the layer (`"actions"` holds more actions).
    /// Default nil. (https://developer.apple.com/documentation/quartzcore/calayer/style)
    open var style: [AnyHashable: Any]? {
        get { state.style }
        set { set(.style, \.style, newValue); applyStyleDefaults() }   // CALayer+Style
    }

    /// Actions by key, searched after the delegate. Default nil.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/actions)
    open var actions: [String: any CAAction]? {
        get { state.actions }
        set { set(.actions, \.actions, newValue) }
    }

    /// The layer's delegate (weak, as on Apple).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/delegate)
    open weak var delegate: (any CALayerDelegate)?

    // MARK: - The layer tree (see Tree/)

    /// The sublayers, back to front; nil when there are none. Setting it removes the old
    /// sublayers and adds the new ones, each first removed from its old superlayer.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/sublayers)
    open var sublayers: [CALayer]? {
        get {
            let list = traversalSublayers
            return list.isEmpty ? nil : list
        }
        set { setSublayers(newValue ?? []) }
    }

    /// The superlayer; for a mask, the layer it masks.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/superlayer)
    open var superlayer: CALayer? { parent }

    /// A layer whose alpha masks this layer's content. It must not have a superlayer.
    /// Default nil. (https://developer.apple.com/documentation/quartzcore/calayer/mask)
    open var mask: CALayer? {
        get { presentedModel != nil ? presentationMask() : maskLayer }
        set { setMask(newValue) }
    }

    /// Appends `layer` to the sublayers (removing it from its old superlayer first).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:))
    open func addSublayer(_ layer: CALayer) { insert(layer, at: sublayerList.count, "addSublayer") }

    /// Inserts `layer` at `idx` of the sublayers (0 is the back).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/insertsublayer(_:at:))
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { insertSublayer(layer, index: idx) }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is nil).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/insertsublayer(_:below:))
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayer(layer, nextTo: sibling, above: false) }

    /// Inserts `layer` just above `sibling` (at the front when `sibling` is nil).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/insertsublayer(_:above:))
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayer(layer, nextTo: sibling, above: true) }

    /// Puts `newLayer` where `oldLayer` is and removes `oldLayer`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/replacesublayer(_:with:))
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { replace(oldLayer, with: newLayer) }

    /// Detaches the layer from its superlayer, or from the layer it masks.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/removefromsuperlayer())
    open func removeFromSuperlayer() { detachFromParent() }

    // MARK: - Coordinates and hit testing (see Geometry/)

    /// `p` from `layer`'s coordinate space (nil: the space the root layer is positioned in) to
    /// the receiver's. (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:from:))
    open func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint { convertPoint(p, from: layer, to: self) }

    /// `p` from the receiver's coordinate space to `layer`'s (nil: the root's positioning space).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:to:))
    open func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint { convertPoint(p, from: self, to: layer) }

    /// The bounding box of `r` converted from `layer`'s space to the receiver's.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:from:))
    open func convert(_ r: CGRect, from layer: CALayer?) -> CGRect { convertRect(r, from: layer, to: self) }

    /// The bounding box of `r` converted from the receiver's space to `layer`'s.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/convert(_:to:))
    open func convert(_ r: CGRect, to layer: CALayer?) -> CGRect { convertRect(r, from: self, to: layer) }

    /// The frontmost visible layer of this subtree containing `p`, given in the superlayer's
    /// coordinate space. (https://developer.apple.com/documentation/quartzcore/calayer/hittest(_:))
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestSubtree(p) }

    /// Whether `p` (in the receiver's coordinate space) is inside the bounds; the bounds are
    /// half-open: min edges inside, max edges outside.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/contains(_:))
    open func contains(_ p: CGPoint) -> Bool { boundsContain(p) }

    // MARK: - Key-value coding (see KVC/)

    /// The value of a property or custom key, boxed as Apple boxes it (NSNumber, NSValue…);
    /// for an unset custom key, the class's `defaultValue(forKey:)`.
    /// (https://developer.apple.com/documentation/objectivec/nsobject/value(forkey:))
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property (converting the value; a wrong type is ignored and reported) or stores a
    /// custom key. (https://developer.apple.com/documentation/objectivec/nsobject/setvalue(_:forkey:))
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The value at a dotted key path: struct fields (`position.x`, `bounds.size.width`,
    /// `transform.rotation.z`…) and layer-valued keys (`mask.opacity`).
    open func value(forKeyPath keyPath: String) -> Any? { kvcValue(forKeyPath: keyPath) }

    /// Sets the value at a dotted key path (see `value(forKeyPath:)`).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }

    /// The default value of `key`: Apple's default for every property; nil for other keys.
    /// Subclasses override it to change defaults, as in Apple's Listing C-1.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/defaultvalue(forkey:))
    open class func defaultValue(forKey key: String) -> Any? { propertyTable[key]?.defaultValue }

    /// Whether a change of `key` requires redisplay. False for every base property; subclasses
    /// override it for their own (custom) keys.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay(forkey:))
    open class func needsDisplay(forKey key: String) -> Bool {
        propertyTable[key]?.flags.contains(.needsDisplay) ?? false
    }

    /// Whether the value of `key` would be archived. True, as Apple's default.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/shouldarchivevalue(forkey:))
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: - Display (see CALayer+Display.swift)

    /// Marks the whole layer as needing display.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/setneedsdisplay())
    open func setNeedsDisplay() { markNeedsDisplayAll() }

    /// Marks `r` (bounds coordinates) as needing display.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/setneedsdisplay(_:))
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay(r) }

    /// Whether the layer is marked as needing display.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/needsdisplay())
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Calls `display()` when the layer is marked as needing display, and clears the mark.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/displayifneeded())
    open func displayIfNeeded() { displayIfMarked() }

    /// Reloads the content: calls the delegate's `display(_:)` (whose default draws into a
    /// backing store through `draw(in:)`). (https://developer.apple.com/documentation/quartzcore/calayer/display())
    open func display() { displayThroughDelegate() }

    /// Draws the content into `ctx` (bounds coordinates). The default asks the delegate's
    /// `draw(_:in:)`. (https://developer.apple.com/documentation/quartzcore/calayer/draw(in:))
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    // MARK: - Layout (see CALayer+Layout.swift)

    /// Marks the layer as needing layout.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/setneedslayout())
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether the layer is marked as needing layout.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/needslayout())
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out, from the topmost superlayer that needs layout, every marked layer below it.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/layoutifneeded())
    open func layoutIfNeeded() { layoutMarkedSubtree() }

    /// Positions the sublayers: the default calls the delegate's `layoutSublayers(of:)`, whose
    /// default calls the `layoutManager`. (https://developer.apple.com/documentation/quartzcore/calayer/layoutsublayers())
    open func layoutSublayers() { layoutThroughDelegate() }

    /// The preferred size in the superlayer's space: the layout manager's answer, else the
    /// frame size. (https://developer.apple.com/documentation/quartzcore/calayer/preferredframesize())
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? computedFrame.size }

    /// The object that lays out the sublayers (macOS API, kept for source compatibility).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/layoutmanager)
    open var layoutManager: (any CALayoutManager)?

    /// How the layer resizes when its superlayer's bounds change (macOS API). Default none.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/autoresizingmask)
    open var autoresizingMask: CAAutoresizingMask {
        get { state.autoresizingMask }
        set { set(.autoresizingMask, \.autoresizingMask, newValue) }
    }

    /// Called when the bounds size changed: asks each sublayer to `resize(withOldSuperlayerSize:)`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/resizesublayers(witholdsize:))
    open func resizeSublayers(withOldSize size: CGSize) {
        for sub in sublayerList { sub.resize(withOldSuperlayerSize: size) }
    }

    /// Applies `autoresizingMask` for the superlayer's change from `size`.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/resize(witholdsuperlayersize:))
    open func resize(withOldSuperlayerSize size: CGSize) { autoresize(fromOldSuperlayerSize: size) }

    // MARK: - Actions

    /// The action for `event`: the delegate's, then `actions`, then `style["actions"]`, then
    /// `defaultAction(forKey:)`; NSNull anywhere ends the search with nil.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/action(forkey:))
    open func action(forKey event: String) -> (any CAAction)? { searchAction(forKey: event) }

    /// Draws the layer and its sublayers into `ctx` in the layer's own coordinate space (bounds
    /// space = the context's current user space, so the bounds origin is at the context's
    /// origin; the layer's position and transform are not applied), from the model values —
    /// animations are ignored, as Apple documents. The layer's own opacity, shadow, mask and
    /// filters are drawn, and so is everything that overflows its bounds (contents under
    /// position gravities, sublayers, shadows): only the context's clip, `masksToBounds` and
    /// masks clip it. Layers that need display are displayed first. Into a bitmap context the
    /// CPU backend's frame is rasterised at the context's device resolution (at most 8,192
    /// pixels a side) and drawn as one image, the same pixels as on screen; into a PDF context
    /// the same passes become drawing calls (the vector backend, Render/Backend/Vector: paths
    /// for backgrounds, borders, corners and clips, images for contents, `draw(in:)` called
    /// again so drawn paths and text stay vectors; shadows, filters, masks' alpha and
    /// perspective are rasterised).
    /// (https://developer.apple.com/documentation/quartzcore/calayer/render(in:))
    open func render(in ctx: CGContext) { renderModel(in: ctx) }

    // MARK: - Animations (CALayer+Animations.swift)

    /// Attaches a copy of `anim` for `key` (replacing any animation with that key, which stops
    /// with `finished: false`). A duration of 0 takes the transaction's `animationDuration`; a
    /// beginTime of 0 starts it at the commit, in the layer's local time. A property animation
    /// without a keyPath animates the property named `key` (ignored when both are nil). (https://developer.apple.com/documentation/quartzcore/calayer/add(_:forkey:))
    open func add(_ anim: CAAnimation, forKey key: String?) { addAnimation(anim, forKey: key) }

    /// The animation attached for `key` (the layer's copy, which must not be modified).
    open func animation(forKey key: String) -> CAAnimation? { animationEntry(forKey: key)?.animation }

    /// Removes the animation for `key`; its delegate gets `animationDidStop(_:finished: false)`.
    open func removeAnimation(forKey key: String) { removeAnimationEntry(forKey: key) }

    /// Removes every animation.
    open func removeAllAnimations() { removeAllAnimationEntries() }

    /// The keys of the attached animations, in the order they were added; nil when there are none.
    open func animationKeys() -> [String]? {
        let keys = animationEntries.filter(\.isNamed).map(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// `t` in layer `l`'s time (nil: absolute media time) converted to the receiver's time.
    /// (https://developer.apple.com/documentation/quartzcore/calayer/converttime(_:from:))
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { convertTimeImpl(t, from: l) }

    /// `t` in the receiver's time converted to layer `l`'s (nil: absolute media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { convertTimeImpl(t, to: l) }

    // MARK: - Timing (CAMediaTiming; see Timing/ and CALayer+Time.swift)

    /// When the layer's time starts, in its superlayer's time, seconds. Default 0.
    /// Layers have no duration limit: local time is `(parent − beginTime) × speed + timeOffset`.
    /// (https://developer.apple.com/documentation/quartzcore/camediatiming/begintime)
    open var beginTime: CFTimeInterval {
        get { state.beginTime }
        set { setFinite(.beginTime, \.beginTime, newValue) }
    }
    /// Basic duration, seconds (not used to limit a layer's own time). Default 0.
    open var duration: CFTimeInterval {
        get { state.duration }
        set { setFinite(.duration, \.duration, newValue) }
    }
    /// Rate of the layer's time relative to its superlayer's; 0 pauses the subtree. Default 1.
    /// (https://developer.apple.com/documentation/quartzcore/camediatiming/speed)
    open var speed: Float {
        get { state.speed }
        set { setFinite(.speed, \.speed, newValue) }
    }
    /// Added to the layer's local time, seconds. Default 0.
    open var timeOffset: CFTimeInterval {
        get { state.timeOffset }
        set { setFinite(.timeOffset, \.timeOffset, newValue) }
    }
    /// Default 0.
    open var repeatCount: Float {
        get { state.repeatCount }
        set { guard !newValue.isNaN else { return rejectNonFinite("repeatCount", newValue) }; set(.repeatCount, \.repeatCount, newValue) }
    }
    /// Default 0.
    open var repeatDuration: CFTimeInterval {
        get { state.repeatDuration }
        set { guard !newValue.isNaN else { return rejectNonFinite("repeatDuration", newValue) }; set(.repeatDuration, \.repeatDuration, newValue) }
    }
    /// Default false.
    open var autoreverses: Bool {
        get { state.autoreverses }
        set { set(.autoreverses, \.autoreverses, newValue) }
    }
    /// Default `.removed`.
    open var fillMode: CAMediaTimingFillMode {
        get { state.fillMode }
        set { set(.fillMode, \.fillMode, newValue) }
    }

    /// The class's default action for `event`; nil here (implicit animations come from the
    /// animation machinery). (https://developer.apple.com/documentation/quartzcore/calayer/defaultaction(forkey:))
    open class func defaultAction(forKey event: String) -> (any CAAction)? { nil }

    open override var description: String {
        let name = state.name.map { " name=\"\($0)\"" } ?? ""
        return "<\(type(of: self)) #\(layerID)\(name) position=\(state.position) bounds=\(state.bounds)>"
    }
}
