import CQuartzEGL
import CoreGraphics
import QuartzCore

/// A `DrawQuad` turned into a shader instance: checked as the CPU backend checks it (a quad
/// with unusable numbers draws nothing), its pixel box found, its material parameters set.
/// Materials the shader does not draw (paths, gradients, text, continuous corners) become a
/// bitmap drawn by the CPU backend (`GLRenderer+Raster`).
extension GLRenderer {
    func prepare(_ quad: DrawQuad, in t: GLTarget, outputs: [RenderPassID: GLTarget]) -> PreparedQuad? {
        let s = quad.state
        var rect = quad.rect.standardized
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite,
              rect.maxY.isFinite, s.transform.isFinite, s.opacity.isFinite, s.opacity > 0 else { return nil }
        let opacity = min(s.opacity, 1)
        var transform = s.transform
        if transform.isAffine, transform.m33 < 0 { transform = transform.negated }
        guard let inverse = transform.inverted() else { return nil }
        var bounds = PixelBox(x0: t.originX, y0: t.originY, x1: t.originX + t.width, y1: t.originY + t.height)
        var deviceClip: CGRect?
        if let c = s.clip {
            let c = c.standardized
            guard let cb = PixelBox(enclosing: c), c.width > 0, c.height > 0 else { return nil }
            bounds = bounds.intersection(cb)
            deviceClip = c
        }
        guard !bounds.isEmpty else { return nil }
        // Continuous corners have no distance function here: the CPU draws the quad (or, for a
        // pass output, which only the GPU holds, the clip's coverage) as a bitmap.
        var continuousClip = false
        if let rc = s.roundedClip, rc.radii.isContinuous, !rc.radii.isZero {
            switch quad.material {
            case .renderPassOutput, .maskedPassOutput: continuousClip = true
            default: return raster(quad, transform: transform, bounds: bounds)
            }
        }
        var kind = QuadInstance.Kind.solid
        var flags = Int(s.aliasedEdges.rawValue)
        var source = QuadSource.none
        var color = SIMD4<Float>()
        var fill: (inout QuadInstance) -> Void = { _ in }
        switch quad.material {
        case .solidColor(let c):
            guard Self.isFinite(c) else { return nil }
            color = QuadInstance.vector(c, opacity: opacity)
        case .roundedRect(let radii, let c):
            guard Self.isFinite(c) else { return nil }
            if radii.isContinuous && !radii.isZero { return raster(quad, transform: transform, bounds: bounds) }
            kind = .roundedRect
            color = QuadInstance.vector(c, opacity: opacity)
            let fitted = radii.fitted(width: Double(rect.width), height: Double(rect.height))
            fill = { $0.radii = QuadInstance.vector(fitted) }
        case .border(let width, let radii, let c):
            guard Self.isFinite(c), width.isFinite, width > 0 else { return nil }
            if radii.isContinuous && !radii.isZero { return raster(quad, transform: transform, bounds: bounds) }
            kind = .border
            color = QuadInstance.vector(c, opacity: opacity)
            let outer = radii.fitted(width: Double(rect.width), height: Double(rect.height))
            let innerRect = rect.insetBy(dx: CGFloat(width), dy: CGFloat(width))
            let hasInner = !innerRect.isNull && innerRect.width > 0 && innerRect.height > 0
            let innerRadii = hasInner ? outer.inset(by: width).fitted(width: Double(innerRect.width),
                                                                      height: Double(innerRect.height)) : .zero
            if !outer.isZero { flags &= ~15 }   // hard edges apply to a square ring only (as the CPU)
            fill = {
                $0.radii = QuadInstance.vector(outer)
                $0.inner = hasInner ? QuadInstance.vector(innerRect) : SIMD4<Float>()
                $0.innerRadii = QuadInstance.vector(innerRadii)
            }
        case .texture(let texture, let sourceRect, let filter, let edge):
            let src = sourceRect.standardized
            guard src.width > 0, src.height > 0, src.minX.isFinite, src.minY.isFinite, src.maxX.isFinite,
                  src.maxY.isFinite else { return nil }
            var tint = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
            if let t = s.tint {
                guard Self.isFinite(t), t.alpha > 0 else { return nil }
                tint = t
            }
            kind = .texture
            color = QuadInstance.vector(tint, opacity: opacity)
            var lod = 0.0
            if filter == .trilinear {
                let minification = Self.minification(transform, rect: rect, source: src)
                if minification > 1 {
                    lod = min(log2(minification), Double(texture.maximumMipLevel))
                    if !transform.isAffine { lod = lod.rounded() }   // one level under perspective, as the CPU
                }
            }
            let entry = textures.texture(for: texture, mipmapped: filter == .trilinear && lod > 0, atlas: true)
            source = .texture(entry.name, lod > 0 ? .trilinear : (filter == .nearest ? .nearest : .linear),
                              width: entry.region.textureWidth, height: entry.region.textureHeight)
            if filter == .nearest { flags |= QuadInstance.nearest }
            if edge == .transparent { flags |= QuadInstance.transparentEdge }
            let glLod = Float(max(0, lod - Double(entry.levelOffset)))
            fill = {
                Self.map(&$0, rect: rect, source: src, width: texture.width, height: texture.height, in: entry.region,
                         clampAt: edge == .clamp ? src : nil)
                $0.invW.w = glLod
            }
        case .renderPassOutput(let id):
            guard let out = outputs[id], let r = Self.clamped(rect, to: out) else { return nil }
            rect = r
            kind = .texture
            color = SIMD4(repeating: Float(opacity))
            source = .texture(out.texture, .linear, width: out.width, height: out.height)
            flags |= QuadInstance.transparentEdge
            fill = { Self.map(&$0, rect: r, source: r.offsetBy(dx: CGFloat(-out.originX), dy: CGFloat(-out.originY)),
                              width: out.width, height: out.height, clampAt: nil) }
        case .maskedPassOutput(let id, let maskID):
            guard let out = outputs[id], let mask = outputs[maskID], let r = Self.clamped(rect, to: out) else { return nil }
            rect = r
            kind = .masked
            color = SIMD4(repeating: Float(opacity))
            source = .masked(out.texture, mask: mask.texture, width: out.width, height: out.height)
            flags |= QuadInstance.transparentEdge
            fill = {
                Self.map(&$0, rect: r, source: r.offsetBy(dx: CGFloat(-out.originX), dy: CGFloat(-out.originY)),
                         width: out.width, height: out.height, clampAt: nil)
                $0.mask = SIMD4(1 / Float(mask.width), 1 / Float(mask.height),
                                -Float(mask.originX) / Float(mask.width), -Float(mask.originY) / Float(mask.height))
            }
        case .path, .gradient, .text:
            return raster(quad, transform: transform, bounds: bounds)
        }
        guard let box = Self.pixelBox(transform, rect)?.intersection(bounds), !box.isEmpty else { return nil }
        var instance = QuadInstance(kind: kind, inverse: inverse, flags: flags, box: box, rect: rect)
        instance.color = color
        if let c = deviceClip { instance.deviceClip = QuadInstance.vector(c) }
        if continuousClip, case .texture(let content, _, _, _) = source {
            // The pass output times the clip's coverage, drawn by the CPU over the box.
            var shape = quad
            shape.rect = rect
            shape.material = .solidColor(PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1))
            shape.state.opacity = 1
            guard let cover = Self.rasterize(shape, transform: transform, box: box, cpu: cpu) else { return nil }
            let mask = textures.texture(for: cover, mipmapped: false, transient: true)
            instance.invX.w = QuadInstance.Kind.masked.rawValue
            instance.invY.w = Float(flags | QuadInstance.deviceMask)
            instance.mask = SIMD4(1 / Float(box.width), 1 / Float(box.height), Float(box.x0), Float(box.y0))
            if case .texture(_, _, let w, let h) = source {
                fill(&instance)
                return PreparedQuad(instance: instance, source: .masked(content, mask: mask.name, width: w, height: h),
                                    blendMode: s.blendMode)
            }
        }
        if let rc = s.roundedClip {
            instance.invY.w = Float(flags | QuadInstance.roundedClip)
            instance.clipRect = QuadInstance.vector(rc.rect)
            instance.clipRadii = QuadInstance.vector(rc.radii.fitted(width: Double(rc.rect.width),
                                                                     height: Double(rc.rect.height)))
        }
        fill(&instance)
        return PreparedQuad(instance: instance, source: source, blendMode: s.blendMode)
    }

    /// The pixels the quad may touch: its outline in front of the eye, one pixel wider for
    /// antialiasing.
    static func pixelBox(_ transform: ProjectiveTransform, _ rect: CGRect) -> PixelBox? {
        let outline = transform.outline(of: rect)
        guard outline.count >= 3 else { return nil }
        let xs = outline.map(\.x), ys = outline.map(\.y)
        let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return PixelBox(enclosing: box.insetBy(dx: -1, dy: -1))
    }

    /// Texture coordinates: `source` (texels of a `width` × `height` bitmap) stretched over
    /// `rect`, clamped inside the whole texels around `clampAt` (nil: the whole bitmap). The
    /// bitmap is `region` of its texture (nil: the whole texture, as uploaded).
    static func map(_ i: inout QuadInstance, rect: CGRect, source: CGRect, width: Int, height: Int,
                    in region: TextureRegion? = nil, clampAt: CGRect?) {
        let r = region ?? TextureRegion(whole: width, height)
        // Bitmap-normalised u in 0…1 is texture coordinate x/W + u · width/W (an atlas slot).
        let kx = Double(r.width) / Double(r.textureWidth), ky = Double(r.height) / Double(r.textureHeight)
        let ox = Double(r.x) / Double(r.textureWidth), oy = Double(r.y) / Double(r.textureHeight)
        let w = Double(width), h = Double(height)
        let sx = Double(source.width / rect.width), sy = Double(source.height / rect.height)
        i.source = SIMD4(Float(sx / w * kx), Float(sy / h * ky), Float((Double(source.minX) - Double(rect.minX) * sx) / w * kx + ox),
                         Float((Double(source.minY) - Double(rect.minY) * sy) / h * ky + oy))
        var clamp = (0.0, 0.0, 1.0, 1.0)
        if let c = clampAt, let box = PixelBox(enclosing: c.intersection(CGRect(x: 0, y: 0, width: width, height: height))) {
            clamp = (Double(box.x0) / w, Double(box.y0) / h, Double(box.x1) / w, Double(box.y1) / h)
        }
        i.sourceClamp = SIMD4(Float(clamp.0 * kx + ox), Float(clamp.1 * ky + oy), Float(clamp.2 * kx + ox), Float(clamp.3 * ky + oy))
    }

    /// `rect` cut to the part of a pass's space its buffer holds.
    static func clamped(_ rect: CGRect, to out: GLTarget) -> CGRect? {
        let r = rect.intersection(CGRect(x: out.originX, y: out.originY, width: out.width, height: out.height))
        return r.isNull || r.width <= 0 || r.height <= 0 ? nil : r
    }

    /// Texture pixels per device pixel at the quad's centre (the larger axis), as the CPU
    /// backend picks mip levels.
    static func minification(_ transform: ProjectiveTransform, rect: CGRect, source: CGRect) -> Double {
        let toTexel = ProjectiveTransform.translation(x: -Double(rect.minX), y: -Double(rect.minY))
            .concatenating(.scale(x: Double(source.width / rect.width), y: Double(source.height / rect.height)))
        guard let inverse = transform.inverted(),
              let centre = transform.map(CGPoint(x: rect.midX, y: rect.midY)) else { return 1 }
        return inverse.concatenating(toTexel).localScale(x: Double(centre.x), y: Double(centre.y))
    }

    static func isFinite(_ c: PremultipliedColor) -> Bool {
        c.red.isFinite && c.green.isFinite && c.blue.isFinite && c.alpha.isFinite
    }
}

extension ProjectiveTransform {
    /// The same map with every entry negated (homogeneous coordinates: the same points).
    var negated: ProjectiveTransform {
        ProjectiveTransform(m11: -m11, m12: -m12, m13: -m13, m21: -m21, m22: -m22, m23: -m23,
                            m31: -m31, m32: -m32, m33: -m33)
    }
}
