import Foundation
import CoreGraphics

/// `CATiledLayer`'s content: the tiles covering the part of the bounds visible in the target,
/// at the level matching the layer's scale there, as texture quads faded in by the store
/// (Layer/Tiled/TileStore.swift).
///
/// The visible part is the target rectangle (the clip in force, else the whole target) mapped
/// back into bounds space; the scale is target pixels per point at its centre. Edges shared by
/// two tiles are drawn hard (pixel centres), so neighbours meet without a seam; the layer's own
/// edges follow its antialiasing settings. Whether the frame waits for missing tiles is the
/// host's choice (`TiledLayerRendering.waitsForTiles`).
struct TiledLayerRenderer: LayerRenderer {
    /// Tiles arrive and fade with time, so the layer is never reused from an earlier frame.
    var drawsWithTime: Bool { true }

    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        let st = layer.state
        guard let store = st.tiled.store, let grid = TileGrid(st),
              let toBounds = layer.toTarget.inverted() else { return }
        let target = layer.clip ?? builder.currentTarget
        let visible = (toBounds.boundingBox(of: target) ?? grid.bounds).intersection(grid.bounds)
        guard !visible.isNull, visible.width > 0, visible.height > 0 else { return }
        let pixels = layer.toTarget.localScale(x: Double(visible.midX), y: Double(visible.midY))
        let level = grid.level(forPixelsPerPoint: pixels)
        let limit = store.frameLimit(tilePixels: grid.tilePixels)
        let (keys, truncated) = grid.tiles(in: visible, level: level, limit: limit)
        if truncated { store.noteTruncated(keys.count) }
        let layout = TileStore.Layout(grid: grid, flipped: layer.flipped)
        let shown = store.tiles(for: keys, layout: layout, wait: TiledLayerRendering.waitsForTiles, now: layer.local)
        let s = grid.scale(ofLevel: level)
        for (tile, fade) in shown where fade > 0 {
            let r = tile.rect
            var q = state
            q.opacity *= fade
            let edges = state.aliasedEdges.union(FrameBuilder.sliceEdges(r, of: grid.bounds, edges: [], swapY: false))
            if layer.flipped {
                q.aliasedEdges = edges
            } else {
                // The bitmap's first row is the tile's maxY: flip about the tile's middle (the
                // quad's minY/maxY sides and the rounded clip turn with it).
                q.transform = ProjectiveTransform(m11: 1, m12: 0, m13: 0, m21: 0, m22: -1, m23: 0,
                                                  m31: 0, m32: 2 * Double(r.midY), m33: 1).concatenating(state.transform)
                q.aliasedEdges = edges.swappedY
                if let rc = state.roundedClip {
                    q.roundedClip = RoundedRect(rect: CGRect(x: rc.rect.minX, y: 2 * r.midY - rc.rect.maxY,
                                                             width: rc.rect.width, height: rc.rect.height),
                                                radii: rc.radii.flippedVertically)
                }
            }
            let source = CGRect(x: 0, y: 0, width: Double(r.width) * s, height: Double(r.height) * s)
            quads.append(.texture(r, tile.texture, sourceRect: source, filter: .linear, edge: .clamp, state: q))
        }
    }
}

/// How the current host's frames treat tiles not drawn yet.
enum TiledLayerRendering {
    /// true (offline hosts, the default): a frame waits until its tiles are drawn. A live host
    /// (`CARenderLoop`) sets false around its frames and shows tiles as they become ready.
    @TaskLocal static var waitsForTiles = true
}

extension QuadEdges {
    /// The same sides with minY and maxY exchanged.
    var swappedY: QuadEdges {
        var e = subtracting([.minY, .maxY])
        if contains(.minY) { e.insert(.maxY) }
        if contains(.maxY) { e.insert(.minY) }
        return e
    }
}
