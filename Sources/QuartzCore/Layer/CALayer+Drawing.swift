import CoreGraphics

// `display()`'s default path: drawing the backing store through `draw(in:)`
// (https://developer.apple.com/documentation/quartzcore/calayer/display()).

extension CALayer {
    /// Draws the backing store: a bitmap of bounds × contentsScale (scaled down if it would
    /// exceed `BackingStore.maximumPixels`), cleared to transparent, in a context whose user space
    /// is the layer's bounds space (y-flipped when `contentsAreFlipped()`). After a
    /// `setNeedsDisplay(_:)` of part of an unchanged-size layer, only that part is cleared and
    /// redrawn (the context is clipped to it), the rest is kept.
    final func drawBackingStore() {
        delegate?.layerWillDraw(self)
        let b = state.bounds
        var scale = state.contentsScale > 0 && state.contentsScale.isFinite ? state.contentsScale : 1
        let area = Double(b.width * scale) * Double(b.height * scale)
        if area > Double(BackingStore.maximumPixels) { scale *= CGFloat((Double(BackingStore.maximumPixels) / area).squareRoot()) }
        let w = Int((b.width * scale).rounded(.up)), h = Int((b.height * scale).rounded(.up))
        guard w > 0, h > 0, b.isFiniteValue else { backingStore = nil; return }
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { backingStore = nil; return }
        let flipped = contentsAreFlipped()
        // Keep the old pixels when only part is redrawn.
        let old = backingStore
        let partial = old.map { $0.texture.width == w && $0.texture.height == h && $0.bounds == b
            && $0.firstRowAtMinY == flipped } == true && !pendingDisplayRect.isNull
            && !pendingDisplayRect.contains(b)
        if partial, let old {
            old.texture.withUnsafeBytes { src in
                let dst = ctx.data!, rowBytes = min(ctx.bytesPerRow, old.texture.stride)
                for y in 0..<h { dst.advanced(by: y * ctx.bytesPerRow).copyMemory(from: src.baseAddress!.advanced(by: y * old.texture.stride), byteCount: rowBytes) }
            }
        }
        // User space = bounds space (points), y-flipped when contentsAreFlipped().
        if flipped {
            ctx.translateBy(x: 0, y: CGFloat(h))
            ctx.scaleBy(x: scale, y: -scale)
        } else {
            ctx.scaleBy(x: scale, y: scale)
        }
        ctx.translateBy(x: -b.minX, y: -b.minY)
        if partial {
            let r = pendingDisplayRect.intersection(b)
            ctx.clip(to: r)
            ctx.clear(r)
        }
        draw(in: ctx)
        guard let data = ctx.data else { return }
        let id = old?.texture.id ?? TextureResource.makeID()
        let generation = (old?.texture.generation ?? 0) + 1
        guard let texture = TextureResource(bytes: UnsafeRawBufferPointer(start: data, count: ctx.bytesPerRow * h),
                                            width: w, height: h, bytesPerRow: ctx.bytesPerRow,
                                            id: id, generation: generation)
        else { return }
        backingStore = BackingStore(texture: texture, bounds: b, scale: scale, firstRowAtMinY: flipped)
        changes.properties.insert(.contents)
        registerForCommit()
    }
}
