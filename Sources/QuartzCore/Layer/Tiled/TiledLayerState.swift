import Foundation

// CATiledLayer's own properties, defined once (IDs 177..<180 of the tiled/scroll range
// 176..<192): typed storage with Apple's defaults and the table rows
// (https://developer.apple.com/documentation/quartzcore/catiledlayer). None is animatable.

extension PropertyID {
    static let tileSize = PropertyID(177)
    static let levelsOfDetail = PropertyID(178)
    static let levelsOfDetailBias = PropertyID(179)
}

/// A `CATiledLayer`'s own properties, with Apple's defaults, and its tile cache.
struct TiledLayerState: LayerClassState {
    /// Pixels (of level 0) per tile, Apple's 256 × 256.
    var tileSize = CGSize(width: 256, height: 256)
    var levelsOfDetail = 1
    var levelsOfDetailBias = 0
    /// The layer's tiles (not a property: one cache per model layer, shared by its copies and
    /// snapshots, so every host reads the same tiles). Set once by `CATiledLayer.init`.
    var store: TileStore? = nil
}

extension LayerState {
    /// A `CATiledLayer`'s own properties (defaults for other layers).
    var tiled: TiledLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(TiledLayerState.self).value }
    }
}

extension PropertyTable {
    /// CATiledLayer's table: CALayer's rows and the tiling ones. Its renderer
    /// (`TiledLayerRenderer`, FrameBuilder+TiledLayer.swift) draws the visible tiles.
    static let tiledLayer = PropertyTable(extending: .layer, with: [
        PropertyDescriptor(.tileSize, "tileSize", .size,
                           layer: \CATiledLayer.tileSize, state: \.tiled.tileSize),
        PropertyDescriptor(.levelsOfDetail, "levelsOfDetail", .int,
                           layer: \CATiledLayer.levelsOfDetail, state: \.tiled.levelsOfDetail),
        PropertyDescriptor(.levelsOfDetailBias, "levelsOfDetailBias", .int,
                           layer: \CATiledLayer.levelsOfDetailBias, state: \.tiled.levelsOfDetailBias),
    ], renderer: TiledLayerRenderer())
}
