import CQuartzEGL
import CoreGraphics
import QuartzCore

/// A path or text quad rasterised by the CPU, kept between frames: what it draws (the path's
/// identity and style, or the text block's identity, colours and origin), the quad's rect, the
/// linear part of its transform and the fraction of a pixel in its translation (as the CPU
/// backend's `VectorRasterCache`). Paths in layer state and laid-out text blocks are
/// immutable, so identity stands for (id, generation); a new scale is a new key, rasterised
/// again at that scale, never a bitmap stretched.
struct RasterKey: Hashable {
    enum Content: Hashable {
        case path(ObjectIdentifier, PathMaterial.Style)
        case text(ObjectIdentifier, color: PremultipliedColor?, tint: PremultipliedColor?, origin: CGPoint)
    }
    var content: Content
    var rect: CGRect
    var edges: UInt8
    var a, b, c, d, fx, fy: Double

    func hash(into h: inout Hasher) {
        h.combine(content); h.combine(a); h.combine(d); h.combine(fx); h.combine(fy)
    }
}

struct RasterEntry {
    let object: AnyObject     // the path or text block, keeping the identity in the key alive
    /// The bitmap's key in the texture cache: only the GL copy is kept (in the atlas when
    /// small); a bitmap the cache has dropped is rasterised again. nil: seen in one frame only,
    /// its bitmap dropped after it (text changed every frame, a path animated), so such
    /// bitmaps fill no atlas pages; one drawn in two consecutive frames is kept.
    let texture: GLTextureCache.Key?
    let width: Int, height: Int
    /// Texture pixel (0, 0) relative to the whole-pixel part of the quad's translation.
    let originX: Int, originY: Int
    var lastFrame: UInt64
}

extension GLRenderer {
    /// Entries not drawn for this many frames are dropped (an animated path makes a new one
    /// every frame).
    static let rasterIdleFrames: UInt64 = 120
    /// The largest raster kept, in pixels (bigger ones are drawn each frame, cut to the pass).
    static let maximumRasterPixels = 4 << 20

    /// The quad drawn by the CPU backend into a bitmap over its pixel box (within `bounds`),
    /// then drawn as a texture with the quad's blend mode.
    func raster(_ quad: DrawQuad, transform: ProjectiveTransform, bounds: PixelBox) -> PreparedQuad? {
        if let cached = cachedPath(quad, transform: transform, bounds: bounds) { return cached }
        guard let box = Self.pixelBox(transform, quad.rect.standardized)?.intersection(bounds), !box.isEmpty,
              let texture = Self.rasterize(quad, transform: transform, box: box, cpu: cpu) else { return nil }
        let entry = textures.texture(for: texture, mipmapped: false, transient: true, atlas: true)
        return bitmapQuad(entry, width: texture.width, height: texture.height, box: box, blendMode: quad.state.blendMode,
                          opacity: 1, clip: nil)
    }

    /// A path or text quad (affine, no rounded clip) from the cache, rasterised at opacity 1
    /// over its whole box; opacity and the device clip are applied when it is drawn.
    private func cachedPath(_ quad: DrawQuad, transform: ProjectiveTransform, bounds: PixelBox) -> PreparedQuad? {
        guard let t = transform.affine, quad.state.roundedClip == nil else { return nil }
        let content: RasterKey.Content, object: AnyObject
        switch quad.material {
        case .path(let m): content = .path(ObjectIdentifier(m.path), m.style); object = m.path
        case .text(let m):
            content = .text(ObjectIdentifier(m.block), color: m.color, tint: m.tint, origin: m.origin); object = m.block
        default: return nil
        }
        let ix = Double(t.tx).rounded(.down), iy = Double(t.ty).rounded(.down)
        let key = RasterKey(content: content, rect: quad.rect, edges: quad.state.aliasedEdges.rawValue,
                            a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d),
                            fx: Double(t.tx) - ix, fy: Double(t.ty) - iy)
        var entry: RasterEntry
        var uploaded: GLTextureCache.Entry
        if let hit = rasters[key], let kept = hit.texture, let cached = textures.cached(kept) {
            entry = hit; uploaded = cached
        } else {
            let local = transform.concatenating(.translation(x: -ix, y: -iy))
            guard let box = Self.pixelBox(local, quad.rect.standardized), box.width * box.height <= Self.maximumRasterPixels
            else { return nil }
            var flat = quad
            flat.state.opacity = 1; flat.state.clip = nil
            guard let texture = Self.rasterize(flat, transform: local, box: box, cpu: cpu) else { return nil }
            let keep = rasters[key] != nil
            uploaded = textures.texture(for: texture, mipmapped: false, transient: !keep, atlas: true)
            entry = RasterEntry(object: object, texture: keep ? GLTextureCache.Key(id: texture.id, generation: texture.generation) : nil,
                                width: texture.width, height: texture.height, originX: box.x0, originY: box.y0, lastFrame: frame)
        }
        entry.lastFrame = frame
        rasters[key] = entry
        let x = entry.originX + Int(ix), y = entry.originY + Int(iy)
        let box = PixelBox(x0: x, y0: y, x1: x + entry.width, y1: y + entry.height)
        return bitmapQuad(uploaded, width: entry.width, height: entry.height, box: box.intersection(bounds),
                          blendMode: quad.state.blendMode, opacity: min(quad.state.opacity, 1), clip: quad.state.clip, placedAt: box)
    }

    /// A whole-pixel texture quad showing the `width` × `height` bitmap `entry` at `placedAt`
    /// (default `box`), drawn over `box`.
    private func bitmapQuad(_ entry: GLTextureCache.Entry, width: Int, height: Int, box: PixelBox, blendMode: BlendMode,
                            opacity: Double, clip: CGRect?, placedAt: PixelBox? = nil) -> PreparedQuad? {
        guard !box.isEmpty else { return nil }
        let place = placedAt ?? box
        var i = QuadInstance(kind: .texture, inverse: .identity, flags: QuadInstance.nearest | QuadInstance.transparentEdge,
                             box: box, rect: place.cgRect)
        i.color = SIMD4(repeating: Float(opacity))
        if let clip { i.deviceClip = QuadInstance.vector(clip) }
        Self.map(&i, rect: place.cgRect, source: CGRect(x: 0, y: 0, width: width, height: height),
                 width: width, height: height, in: entry.region, clampAt: nil)
        return PreparedQuad(instance: i, source: .texture(entry.name, .nearest, width: entry.region.textureWidth,
                                                          height: entry.region.textureHeight),
                            blendMode: blendMode)
    }

    /// The quad alone, drawn by the CPU backend (source-over onto transparent) into a bitmap
    /// whose pixel (0, 0) is pass pixel (box.x0, box.y0).
    static func rasterize(_ quad: DrawQuad, transform: ProjectiveTransform, box: PixelBox,
                          cpu: CPUCompositor) -> TextureResource? {
        var q = quad
        q.state.transform = transform.concatenating(.translation(x: Double(-box.x0), y: Double(-box.y0)))
        q.state.clip = quad.state.clip?.offsetBy(dx: CGFloat(-box.x0), dy: CGFloat(-box.y0))
        q.state.blendMode = .sourceOver
        guard var buffer = PixelBuffer(width: box.width, height: box.height) else { return nil }
        do { try cpu.draw([RenderPass(id: RenderPassID(0), width: box.width, height: box.height, quads: [q])], into: &buffer) }
        catch { return nil }
        return buffer.words.withUnsafeBytes {
            TextureResource(bytes: $0, width: box.width, height: box.height, bytesPerRow: box.width * 4)
        }
    }

    /// Drops rasters not drawn lately (those seen once: not drawn in this frame).
    func endRasterFrame() {
        rasters = rasters.filter { frame - $0.value.lastFrame <= ($0.value.texture == nil ? 0 : Self.rasterIdleFrames) }
    }
}
