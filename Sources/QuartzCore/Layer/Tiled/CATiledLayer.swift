import Foundation
import CoreGraphics

/// A layer whose content is drawn in tiles, on demand, on background threads, at several
/// levels of detail: Apple's `CATiledLayer`
/// (https://developer.apple.com/documentation/quartzcore/catiledlayer).
///
/// When a frame shows part of the layer, the tiles covering the visible part at the level that
/// matches the current scale (target pixels per point) are drawn by calling `draw(in:)` — by
/// default the delegate's `draw(_:in:)` — on background threads, possibly several at once, each
/// with a context clipped to one tile (`boundingBoxOfClipPath`) and scaled to its level (the
/// CTM), so drawing code must be thread-safe, and must not wait for the thread rendering
/// an offline frame (that thread waits for the tiles). Tiles are cached under one byte budget for the
/// whole process (64 MiB shared by every tiled layer, least recently used dropped first, never
/// a tile of a layer's latest frame; `TileBudget`) and fade in over `fadeDuration()` from the first
/// frame showing them (override it to return 0 for no fade). `setNeedsDisplay(_:)` drops the
/// tiles meeting the rectangle; they are drawn again when next needed. `contents` is not used.
///
/// Hosts: offline ones (`CAOffscreenRenderer`, `CARenderer`, `render(in:)`, carender) wait for
/// every tile a frame needs, so their frames are deterministic; `CARenderLoop` shows what is
/// ready and picks up the rest in a later frame.
///
/// **Bad input** is clamped with a diagnostic: each `tileSize` side to 16…2048 pixels (NaN or
/// infinite sizes are ignored), `levelsOfDetail` to 1…32 and `levelsOfDetailBias` to 0…32;
/// when drawn, the levels are cut to those whose coarsest tile keeps a pixel of the bounds'
/// shorter side (Apple's rule). A frame needing more tiles than the budget holds (zoomed out
/// past the coarsest level) draws only those nearest the centre of what is visible, reported once.
open class CATiledLayer: CALayer {
    override class var propertyTable: PropertyTable { .tiledLayer }

    public override init() {
        super.init()
        state.tiled.store = TileStore(layer: self)
    }

    public required init(layer: Any) { super.init(layer: layer) }

    public required init?(coder: NSCoder) { return nil }

    /// Seconds a newly drawn tile takes to fade in. Apple's default is 0.25 s. Asked for each
    /// tile as it first shows, so an override whose answer changes (a setting the app reads)
    /// applies to the tiles added from then on.
    /// (https://developer.apple.com/documentation/quartzcore/catiledlayer/fadeduration())
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The largest size of a tile, in pixels of level 0 (`contentsScale` pixels per point).
    /// Default 256 × 256. (https://developer.apple.com/documentation/quartzcore/catiledlayer/tilesize)
    open var tileSize: CGSize {
        get { state.tiled.tileSize }
        set {
            guard newValue.isFiniteValue else { return rejectNonFinite("tileSize", newValue) }
            set(.tileSize, \.tiled.tileSize, Self.reportClamped("tileSize", newValue, Self.clampedTileSize(newValue)))
        }
    }

    /// How many levels of detail are kept, each half the resolution of the previous. Default 1.
    /// (https://developer.apple.com/documentation/quartzcore/catiledlayer/levelsofdetail)
    open var levelsOfDetail: Int {
        get { state.tiled.levelsOfDetail }
        set { set(.levelsOfDetail, \.tiled.levelsOfDetail,
                  Self.reportClamped("levelsOfDetail", newValue, min(max(newValue, 1), Self.maximumLevelsOfDetail))) }
    }

    /// How many of the levels magnify: 2 gives levels at 2× and 4× level 0's resolution.
    /// Default 0. (https://developer.apple.com/documentation/quartzcore/catiledlayer/levelsofdetailbias)
    open var levelsOfDetailBias: Int {
        get { state.tiled.levelsOfDetailBias }
        set { set(.levelsOfDetailBias, \.tiled.levelsOfDetailBias,
                  Self.reportClamped("levelsOfDetailBias", newValue, min(max(newValue, 0), Self.maximumLevelsOfDetail))) }
    }

    /// Drops the tiles meeting the rectangle marked by `setNeedsDisplay` (drawn again when next
    /// shown) instead of drawing a backing store.
    open override func display() {
        state.tiled.store?.invalidate(pendingDisplayRect)
        changes.properties.insert(.contents)
        registerForCommit()
    }

    /// The layer's tile cache (tests read it).
    final var tileStore: TileStore? { state.tiled.store }

    /// Tiles drawn so far (delegate calls), tiles kept and their bytes (benchmarks read it).
    package final var tileStatistics: (draws: Int, tiles: Int, bytes: Int) {
        tileStore?.statistics ?? (0, 0, 0)
    }

    static let maximumLevelsOfDetail = 32
    static let tileSideRange: ClosedRange<CGFloat> = 16...2048

    static func clampedTileSize(_ s: CGSize) -> CGSize {
        func side(_ x: CGFloat) -> CGFloat { x.isFinite ? min(max(x.rounded(), tileSideRange.lowerBound), tileSideRange.upperBound) : 256 }
        return CGSize(width: side(s.width), height: side(s.height))
    }

    private static func reportClamped<V: Equatable>(_ key: String, _ given: V, _ used: V) -> V {
        if given != used {
            CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: key,
                                                   "CATiledLayer \(key) \(given) is out of range; \(used) is used"))
        }
        return used
    }
}
