import Foundation
import CoreGraphics
import QuartzCore

/// What a layer draws: a precomposition's layers (clipped to its size, on its own clock), a
/// solid colour, an image asset, shape items, or text (`TextBuilder`). Null layers draw nothing.
struct ContentBuilder {
    let composition: CompositionBuilder
    let factory: AnimationFactory

    func addContent(of model: LottieLayerModel, to layer: CALayer, depth: Int, path: String) {
        switch model.kind {
        case .precomp(let ref, let w, let h):
            guard let asset = composition.animation.assets[ref], let layers = asset.layers else {
                composition.log.warn(path, "precomposition '\(ref)' not found; drawn empty"); return
            }
            let content = CALayer()
            content.anchorPoint = .zero
            content.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            content.masksToBounds = true
            var clock = factory.clock
            if let remap = model.timeRemap {
                let outer = clock, fr = composition.fr
                clock = LottieClock(map: { f in remap.scalar(at: outer.frame(f)) * fr }, range: outer.range)
            } else {
                // The content starts at the layer's start time, stretched.
                if clock.map == nil {
                    content.beginTime = model.startTime / composition.fr
                    content.speed = Float(1 / model.stretch)
                }
                clock = clock.shifted(by: model.startTime, stretch: model.stretch)
            }
            composition.build(layers, size: CGSize(width: w, height: h), clock: clock, into: content,
                              depth: depth + 1, path: "\(path)→\(ref)")
            layer.addSublayer(content)
        case .solid(let color, let w, let h):
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.bounds = CGRect(x: 0, y: 0, width: w, height: h)
            solid.backgroundColor = LottieValues.color(color)
            layer.addSublayer(solid)
        case .image(let ref):
            guard let asset = composition.animation.assets[ref] else {
                composition.log.warn(path, "image asset '\(ref)' not found; drawn empty"); return
            }
            let image: CGImage
            do { image = try composition.image(for: asset) } catch {
                let named = asset.imagePath.map { $0.hasPrefix("data:") ? ref : asset.imageFolder + $0 } ?? ref
                composition.log.warn(path, "image '\(named)' could not be read, so it is drawn empty: \(error)"); return
            }
            let l = CALayer()
            l.anchorPoint = .zero
            let size = asset.size.width > 0 && asset.size.height > 0 ? asset.size
                : CGSize(width: image.width, height: image.height)
            l.bounds = CGRect(origin: .zero, size: size)
            l.contents = image
            l.contentsGravity = .resize
            layer.addSublayer(l)
        case .shape(let items):
            ShapeGroupBuilder(factory: factory).build(items, into: layer)
        case .text(let text):
            if let text { TextBuilder(animation: composition.animation, factory: factory, playback: composition.textDocuments)
                    .build(text, into: layer, path: path) }
        case .null, .unsupported:
            break
        }
    }
}

/// Image assets: embedded `data:` URIs, images from a `.lottie` archive, or files beside the
/// JSON (`u` + `p`). Decoded at most 64 megapixels.
enum ImageLoader {
    /// The asset's image; the error says why there is none (no file, a bad `data:` URI, or the decoder's reason).
    static func image(for asset: LottieAsset, in animation: LottieAnimation,
                      maximumPixelCount: Int = 64 << 20) throws(LottieError) -> CGImage {
        var data = animation.imageData[asset.id]
        if data == nil, let p = asset.imagePath {
            if p.hasPrefix("data:"), let comma = p.firstIndex(of: ",") {
                data = Data(base64Encoded: String(p[p.index(after: comma)...]), options: .ignoreUnknownCharacters)
                if data == nil { throw LottieError("its data: URI is not base64") }
            } else if let base = animation.baseURL {
                let folder = asset.imageFolder.hasPrefix("/") ? String(asset.imageFolder.dropFirst()) : asset.imageFolder
                // An absolute path is looked for inside the folder first (as Lottie players do);
                // as itself only last, so one outside the folders is refused as such, not "missing".
                let candidates = [base.appendingPathComponent(folder).appendingPathComponent(p),
                                  base.appendingPathComponent(p),
                                  base.appendingPathComponent("images").appendingPathComponent(p)]
                    + (p.hasPrefix("/") ? [URL(fileURLWithPath: p)] : [])
                data = try read(candidates, inside: AssetFolders([base] + animation.allowedAssetFolders))
            }
        }
        guard let data else { throw LottieError("the asset has no image data or path") }
        do { return try CGImage.decode(from: data, maximumPixelCount: maximumPixelCount) }
        catch {
            if maximumPixelCount < 64 << 20, case .overPixelBudget = error {
                throw LottieError("decoding it would take the animation's images over \(CompositionBuilder.maximumImageBytes >> 20) MiB "
                                  + "of decoded pixels (\(error))")
            }
            throw LottieError("\(error)")
        }
    }

    /// The largest image file read (bytes).
    static let maximumFileByteCount = 256 << 20

    /// The first candidate that resolves (links and `..` followed) to a file inside `folders`,
    /// read by the rule CAML scenes follow (`AssetFolders`).
    private static func read(_ candidates: [URL], inside folders: AssetFolders) throws(LottieError) -> Data {
        switch folders.firstFile(in: candidates) {
        case .inside(let resolved):
            switch folders.read(resolved, limit: maximumFileByteCount) {
            case .data(let d): return d
            case .failure(let why, _): throw LottieError("the file \(why)")
            }
        case .outside:
            throw LottieError("it is outside the animation's folder and was not read "
                              + "(allow its folder explicitly, e.g. carender --allow-outside-assets DIR)")
        case .missing:
            throw LottieError("no readable file of that name beside the animation or in images/")
        }
    }
}
