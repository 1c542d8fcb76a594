import Foundation

/// One tile of a tiled layer: its level of detail (the exponent k of its scale
/// `contentsScale × 2^k`, 0 at full resolution, negative when minified, positive when
/// magnified) and its column and row from the bounds' origin.
struct TileKey: Hashable, Sendable {
    let level: Int
    let column: Int
    let row: Int
}

/// The tiling of one `CATiledLayer` state: which levels exist, which tiles a visible region
/// needs and where each lies. Pure arithmetic on values already clamped (`init`).
///
/// Levels follow Apple's `levelsOfDetail` / `levelsOfDetailBias`
/// (https://developer.apple.com/documentation/quartzcore/catiledlayer/levelsofdetail): the
/// finest level has `2^bias` times level 0's resolution, each next one half the previous, and
/// there are `levelsOfDetail` of them, fewer when the coarsest would be under one pixel in a
/// dimension of the bounds.
struct TileGrid: Equatable, Sendable {
    let bounds: CGRect
    /// Pixels per tile at every level.
    let tilePixels: CGSize
    /// Pixels per point at level 0.
    let contentsScale: CGFloat
    let finestLevel: Int
    let coarsestLevel: Int

    init?(_ st: LayerState) {
        let b = st.bounds
        guard b.isFiniteValue, b.width > 0, b.height > 0 else { return nil }
        bounds = b
        tilePixels = CATiledLayer.clampedTileSize(st.tiled.tileSize)
        let cs = st.contentsScale
        contentsScale = cs.isFinite && cs > 0 ? cs : 1
        let levels = min(max(st.tiled.levelsOfDetail, 1), CATiledLayer.maximumLevelsOfDetail)
        finestLevel = min(max(st.tiled.levelsOfDetailBias, 0), CATiledLayer.maximumLevelsOfDetail)
        // The coarsest level keeps at least one pixel along the bounds' shorter side.
        let pixels = Double(min(b.width, b.height) * contentsScale)
        let lowest = pixels >= 1 ? -Int(log2(pixels).rounded(.down)) : 0
        coarsestLevel = min(finestLevel, max(finestLevel - levels + 1, lowest))
    }

    /// Pixels per point at `level`.
    func scale(ofLevel level: Int) -> Double { Double(contentsScale) * pow(2, Double(level)) }

    /// The level drawn when one point covers `pixels` target pixels: the coarsest one at least
    /// that sharp, else the finest.
    func level(forPixelsPerPoint pixels: Double) -> Int {
        guard pixels.isFinite, pixels > 0 else { return min(max(0, coarsestLevel), finestLevel) }
        let k = Int((log2(pixels / Double(contentsScale)) - 1e-9).rounded(.up))
        return min(max(k, coarsestLevel), finestLevel)
    }

    /// The points one tile spans at `level`.
    func span(ofLevel level: Int) -> (x: Double, y: Double) {
        let s = scale(ofLevel: level)
        return (Double(tilePixels.width) / s, Double(tilePixels.height) / s)
    }

    /// The tile's rectangle in bounds space (points), cut to the bounds.
    func rect(of key: TileKey) -> CGRect {
        let (sx, sy) = span(ofLevel: key.level)
        let r = CGRect(x: Double(bounds.minX) + Double(key.column) * sx, y: Double(bounds.minY) + Double(key.row) * sy,
                       width: sx, height: sy)
        return r.intersection(bounds)
    }

    /// The tiles of `level` meeting `visible` (bounds space), row by row; at most `limit` of
    /// them, the block nearest the region's centre, when more would be needed (`truncated`).
    func tiles(in visible: CGRect, level: Int, limit: Int) -> (keys: [TileKey], truncated: Bool) {
        let v = visible.intersection(bounds)
        guard !v.isNull, v.width > 0, v.height > 0 else { return ([], false) }
        let (sx, sy) = span(ofLevel: level)
        func range(_ lo: CGFloat, _ hi: CGFloat, _ origin: CGFloat, _ span: Double, _ size: CGFloat) -> (Double, Double) {
            let count = (Double(size) / span).rounded(.up)
            let a = ((Double(lo - origin)) / span).rounded(.down), b = ((Double(hi - origin)) / span).rounded(.up) - 1
            return (max(0, a), min(count - 1, max(a, b)))
        }
        var (c0, c1) = range(v.minX, v.maxX, bounds.minX, sx, bounds.width)
        var (r0, r1) = range(v.minY, v.maxY, bounds.minY, sy, bounds.height)
        var truncated = false
        if (c1 - c0 + 1) * (r1 - r0 + 1) > Double(limit) {
            truncated = true
            let side = max(1, Double(Int(Double(limit).squareRoot())))
            func around(_ a: Double, _ b: Double) -> (Double, Double) {
                guard b - a + 1 > side else { return (a, b) }
                let lo = max(a, min(((a + b) / 2 - side / 2).rounded(.down), b - side + 1))
                return (lo, lo + side - 1)
            }
            (c0, c1) = around(c0, c1); (r0, r1) = around(r0, r1)
        }
        guard c1 >= c0, r1 >= r0 else { return ([], truncated) }
        var keys: [TileKey] = []
        keys.reserveCapacity(Int((c1 - c0 + 1) * (r1 - r0 + 1)))
        for r in Int(r0)...Int(r1) { for c in Int(c0)...Int(c1) { keys.append(TileKey(level: level, column: c, row: r)) } }
        return (keys, truncated)
    }
}
