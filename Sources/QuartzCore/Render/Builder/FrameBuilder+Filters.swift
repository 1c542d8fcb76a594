import CoreGraphics

/// A layer's `compositingFilter` and `filters` (see `CAFilter` for the types drawn).
///
/// A layer with either is drawn, with its subtree, into a pass of its own (blend modes need the
/// subtree flattened first; filters work on its pixels). Order, as Apple's documentation
/// describes the properties: the subtree is drawn, `filters` apply to its pixels in order, the
/// `mask` and group opacity apply, and the result is composited onto what is behind it in the
/// current target with the compositing filter's blend mode
/// (https://developer.apple.com/documentation/quartzcore/calayer/compositingfilter,
/// https://developer.apple.com/documentation/quartzcore/calayer/filters).
/// Unknown filter types are skipped. `backgroundFilters`: see `emitBackgroundFilters`.
struct LayerFilterEffect {
    var blendMode: BlendMode = .sourceOver
    var filters: [PassFilter] = []
    /// How far (device pixels) the filters spread the subtree's pixels: the pass grows by it.
    var reach: Double = 0

    var passEffect: PassEffect? { filters.isEmpty ? nil : .filters(filters) }
}

extension FrameBuilder {
    /// The filter work of a layer drawn through `toTarget`, or nil when it has none.
    func filterEffect(_ st: LayerState, toTarget: ProjectiveTransform) -> LayerFilterEffect? {
        guard st.compositingFilter != nil || !(st.filters?.isEmpty ?? true) else { return nil }
        var effect = LayerFilterEffect()
        if let f = CAFilter.from(st.compositingFilter), f.isEnabled, let mode = CAFilter.blendModes[f.type] {
            effect.blendMode = mode
        }
        let k = max(toTarget.localScale(x: Double(st.bounds.midX), y: Double(st.bounds.midY)), 1e-3)
        let cap = Double(max(currentTarget.width, currentTarget.height))
        for item in st.filters ?? [] {
            guard let f = CAFilter.from(item), f.isEnabled, let pf = Self.passFilter(f, scale: k, cap: cap)
            else { continue }
            if case .gaussianBlur(let sigma) = pf { effect.reach += 3 * sigma + 1 }
            effect.filters.append(pf)
        }
        return effect.blendMode == .sourceOver && effect.filters.isEmpty ? nil : effect
    }

    /// `backgroundFilters` (https://developer.apple.com/documentation/quartzcore/calayer/backgroundfilters;
    /// Apple documents them for macOS only): what is already drawn into the current target
    /// (`quads`, the earlier siblings and ancestors' content in this target) is copied into a
    /// pass grown by the filters' reach, filtered, and drawn over itself through the layer's
    /// rounded bounds (a mask pass, so any transform works), with the layer's opacity, before
    /// the layer's own content.
    mutating func emitBackgroundFilters(_ st: LayerState, toTarget: ProjectiveTransform, opacity: Double,
                                        clip: CGRect?, into quads: inout QuadList) {
        guard let list = st.backgroundFilters, !list.isEmpty, !quads.isEmpty else { return }
        let k = max(toTarget.localScale(x: Double(st.bounds.midX), y: Double(st.bounds.midY)), 1e-3)
        let cap = Double(max(currentTarget.width, currentTarget.height))
        var filters: [PassFilter] = [], reach = 0.0
        for item in list {
            guard let f = CAFilter.from(item), f.isEnabled, let pf = Self.passFilter(f, scale: k, cap: cap) else { continue }
            if case .gaussianBlur(let sigma) = pf { reach += 3 * sigma + 1 }
            filters.append(pf)
        }
        guard !filters.isEmpty else { return }
        let shape = DrawQuad.roundedRect(st.bounds, radii: cornerRadii(st), PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1),
                                         state: SharedQuadState(transform: toTarget))
        let limit = clip ?? currentTarget
        let shapeBox = Self.extent(of: [shape], within: limit)
        guard !shapeBox.isNull else { return }
        let r = CGFloat(reach.rounded(.up))
        let backdropRect = shapeBox.insetBy(dx: -r, dy: -r).intersection(currentTarget).integral
        let backdrop = newPassID(), mask = newPassID()
        passes.append(RenderPass(id: backdrop, outputRect: backdropRect, quads: quads, effect: .filters(filters)))
        passes.append(RenderPass(id: mask, outputRect: shapeBox, quads: [shape]))
        quads.append(.maskedPassOutput(shapeBox, backdrop, mask: mask, state: SharedQuadState(opacity: opacity, clip: clip)))
    }

    /// `f` for the backend, lengths scaled by `k` pixels per point (a blur's σ capped at `cap`
    /// pixels: a wider blur spreads the pass to nothing anyway); nil for unknown types.
    static func passFilter(_ f: CAFilter, scale k: Double, cap: Double) -> PassFilter? {
        let matrix: ColorMatrix?
        switch f.type {
        case "gaussianBlur":
            let sigma = min(max(0, f.number("inputRadius", default: 10)) / 2 * k, cap)
            return sigma > 0 ? .gaussianBlur(sigma: sigma) : nil
        case "colorMatrix", "vibrantColorMatrix":
            matrix = colorMatrix(f.value(forKey: "inputColorMatrix"))
        case "colorSaturate": matrix = .saturate(f.number("inputAmount", default: 1))
        case "colorBrightness": matrix = .brightness(f.number("inputAmount", default: 0))
        case "colorContrast": matrix = .contrast(f.number("inputAmount", default: 1))
        case "colorHueRotate": matrix = .hueRotate(f.number("inputAngle", default: 0))
        case "colorInvert": matrix = .invert
        case "luminanceToAlpha": matrix = .luminanceToAlpha
        case "multiplyColor":
            guard let c = ValueNormalizer.color(f.value(forKey: "inputColor"))?.rgba else { return nil }
            matrix = .multiply(r: Double(c.r), g: Double(c.g), b: Double(c.b), a: Double(c.a))
        default: return nil
        }
        return matrix.map { .colorMatrix($0) }
    }

    /// 20 numbers (an array of numbers, or a string of them) as a colour matrix.
    static func colorMatrix(_ value: Any?) -> ColorMatrix? {
        switch ValueNormalizer.unwrap(value) {
        case let items as [Any]:
            let xs = items.compactMap { ValueNormalizer.cgFloat($0).map(Double.init) }
            return xs.count == items.count ? ColorMatrix(xs) : nil
        case let s as String:
            let xs = s.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            return ColorMatrix(xs)
        default: return nil
        }
    }

    /// The pass that holds a filtered subtree: `inner`'s extent grown by the filters' reach,
    /// within `limit`.
    static func filteredExtent(of inner: QuadList, within limit: CGRect, effect: LayerFilterEffect?) -> CGRect {
        let box = extent(of: inner, within: limit)
        guard let effect, effect.reach > 0, !box.isNull else { return box }
        let r = CGFloat(effect.reach.rounded(.up))
        return box.insetBy(dx: -r, dy: -r).intersection(limit).integral
    }
}
