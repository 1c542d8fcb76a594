import Foundation
import CoreGraphics
import QuartzCore

/// Builds a composition's layers (https://lottiefiles.github.io/lottie-docs/layers/): the
/// first layer in the list is drawn on top; a layer with a `parent` moves with the parent's
/// transform (not its opacity), so it sits inside a chain of transform-only copies of its
/// ancestors; a layer with a track matte is masked by the matte source (the layer `tp` names,
/// else the one above it), which is not drawn itself.
final class CompositionBuilder {
    let animation: LottieAnimation
    let log: WarningLog
    let fr: Double
    var textDocuments = LottieTextDocumentPlayback.first
    /// Precompositions nested deeper than this are not built (a file that includes itself).
    static let maximumDepth = 32
    private var layerCount = 0
    /// The most layers one import builds (a bound on memory for hostile files): the `CALayer`s
    /// made, so each Lottie layer drawn or used as a matte, in every precomposition, counts once
    /// more for every parent in its parent chain (a transform-only copy of each).
    static let maximumLayers = 20_000
    static let tooManyLayers = "\(maximumLayers) layers built, the most one import builds (counting the layers of "
        + "every precomposition, mattes, and a copy of each parent in a layer's parent chain); this layer and "
        + "the ones before it in the list (drawn above it) are skipped"

    /// Decoded image assets by id: each asset is decoded once, whatever the number of layers
    /// (and precomposition uses) that show it, and the decoded bytes of all of them together stay
    /// under `maximumImageBytes` (a 1 KB file of 64-megapixel image layers took 9.3 GB when each
    /// layer decoded its own copy).
    private var images: [String: Result<CGImage, LottieError>] = [:]
    private var imageBytes = 0
    /// The most bytes of decoded images one import holds (1 GiB: sixteen 64-megapixel images).
    static let maximumImageBytes = 1 << 30

    /// The decoded image of `asset`, shared by every layer that shows it; the error says why
    /// there is none (including the import's image budget, decided before decoding).
    func image(for asset: LottieAsset) throws(LottieError) -> CGImage {
        if let known = images[asset.id] { return try known.get() }
        let remaining = (Self.maximumImageBytes - imageBytes) / 4
        let result = Result { () throws(LottieError) -> CGImage in
            try ImageLoader.image(for: asset, in: animation, maximumPixelCount: min(64 << 20, remaining))
        }
        if case .success(let image) = result { imageBytes += image.height * image.bytesPerRow }
        images[asset.id] = result
        return try result.get()
    }

    init(animation: LottieAnimation, log: WarningLog) {
        self.animation = animation; self.log = log; self.fr = animation.frameRate
    }

    /// Adds the layers of a composition of `size` to `container`, on `clock`.
    func build(_ layers: [LottieLayerModel], size: CGSize, clock: LottieClock, into container: CALayer,
               depth: Int, path: String) {
        guard depth <= Self.maximumDepth else { log.warn(path, "precompositions nested too deep (or circular); skipped"); return }
        var byIndex: [Int: LottieLayerModel] = [:]
        for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
        for i in layers.indices.reversed() {
            let model = layers[i]
            if model.isMatteSource || model.hidden { continue }
            guard layerCount < Self.maximumLayers else { log.warn("\(path)[\(i)]", Self.tooManyLayers); return }
            var node = buildWithParents(model, byIndex: byIndex, size: size, clock: clock, depth: depth, path: "\(path)[\(i)]")
            if let matte = model.matte {
                let source = model.matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? layers[i - 1] : nil)
                if let source {
                    let matteNode = buildWithParents(source, byIndex: byIndex, size: size, clock: clock, depth: depth, path: "\(path)[\(i)].matte")
                    node = MatteBuilder.wrap(node, matte: matteNode, mode: matte, size: size)
                } else {
                    log.warn("\(path)[\(i)]", "track matte without a matte layer; drawn unmatted")
                }
            }
            container.addSublayer(node)
        }
    }

    /// The layer for `model` inside transform-only copies of its parents (outermost first).
    private func buildWithParents(_ model: LottieLayerModel, byIndex: [Int: LottieLayerModel], size: CGSize,
                                  clock: LottieClock, depth: Int, path: String) -> CALayer {
        var chain: [LottieLayerModel] = []
        var seen = Set<Int>(model.index.map { [$0] } ?? [])
        var next = model.parent
        while let p = next {
            guard let parent = byIndex[p] else { log.warn(path, "parent \(p) does not exist; ignored"); break }
            guard seen.insert(p).inserted, chain.count < 256 else { log.warn(path, "circular parenting; the loop is cut"); break }
            chain.append(parent)
            next = parent.parent
        }
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: size)
        var outer = root
        let factory = AnimationFactory(frameRate: fr, clock: clock, log: log)
        for ancestor in chain.reversed() {
            let l = CALayer()
            TransformBuilder(factory: factory).apply(ancestor.transform, to: l, opacity: false, autoOrient: ancestor.autoOrient)
            outer.addSublayer(l)
            outer = l
            layerCount += 1
        }
        outer.addSublayer(buildLayer(model, clock: clock, depth: depth, path: path))
        return root
    }

    /// One Lottie layer: transform, opacity, visibility, masks and content.
    private func buildLayer(_ model: LottieLayerModel, clock: LottieClock, depth: Int, path: String) -> CALayer {
        layerCount += 1
        let layer = CALayer()
        layer.name = model.name
        var factory = AnimationFactory(frameRate: fr, clock: clock, log: log)
        // Sampling (remapped time, huge tracks) covers only the frames where the layer shows.
        let compositionRange = factory.clock.range
        let visible = model.inPoint...max(model.outPoint, model.inPoint)
        if factory.clock.map == nil {
            let lo = max(visible.lowerBound, factory.clock.range.lowerBound), hi = min(visible.upperBound, factory.clock.range.upperBound)
            if lo <= hi { factory.clock.range = lo...hi }
        }
        var contentSize = CGSize.zero
        switch model.kind {
        case .precomp(_, let w, let h): contentSize = CGSize(width: w, height: h)
        case .solid(_, let w, let h): contentSize = CGSize(width: w, height: h)
        default: break
        }
        TransformBuilder(factory: factory).apply(model.transform, to: layer, size: contentSize, opacity: true, autoOrient: model.autoOrient)
        applyVisibility(model, to: layer, factory: factory, range: compositionRange)
        if !model.masks.isEmpty { layer.mask = MaskBuilder(factory: factory).mask(model.masks) }
        ContentBuilder(composition: self, factory: factory).addContent(of: model, to: layer, depth: depth, path: path)
        return layer
    }

    /// Hidden outside `inPoint ..< outPoint` (frames of the containing composition).
    private func applyVisibility(_ model: LottieLayerModel, to layer: CALayer, factory: AnimationFactory,
                                 range: ClosedRange<Double>) {
        let ip = model.inPoint, op = model.outPoint
        if factory.clock.map != nil {
            factory.applySampled(to: layer, keyPath: "hidden", discrete: true) { f in NSNumber(value: !(f >= ip && f < op)) }
            return
        }
        if ip <= range.lowerBound && op > range.upperBound { return }
        layer.isHidden = true
        let a = CAKeyframeAnimation(keyPath: "hidden")
        a.values = [NSNumber(value: false)]
        a.calculationMode = .discrete
        let begin = ip / fr
        a.beginTime = begin == 0 ? 1e-9 : begin
        a.duration = max((min(op, 1e9) - ip) / fr, 1e-9)
        a.fillMode = ip <= range.lowerBound ? .backwards : .removed
        a.isRemovedOnCompletion = false
        layer.add(a, forKey: "lottie.visibility")
    }
}
