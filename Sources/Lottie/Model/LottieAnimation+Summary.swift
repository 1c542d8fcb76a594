import Foundation

extension LottieAnimation {
    /// How often each layer kind and shape item occurs, precompositions included
    /// (`"layer.shape": 12`, `"shape.trim": 3`, `"mask.add": 1`, `"matte.alpha": 2`…).
    public var featureCounts: [String: Int] {
        var out: [String: Int] = [:]
        func items(_ list: [LottieShapeItem]) {
            for item in list {
                let name: String
                switch item {
                case .group(let sub, _): name = "group"; items(sub)
                case .path: name = "path"
                case .rect: name = "rectangle"
                case .ellipse: name = "ellipse"
                case .star: name = "polystar"
                case .fill: name = "fill"
                case .stroke: name = "stroke"
                case .gradientFill: name = "gradient fill"
                case .gradientStroke: name = "gradient stroke"
                case .trim: name = "trim"
                case .roundCorners: name = "rounded corners"
                case .repeater: name = "repeater"
                case .ignored: continue
                }
                out["shape.\(name)", default: 0] += 1
            }
        }
        func layers(_ list: [LottieLayerModel]) {
            for l in list {
                let kind: String
                switch l.kind {
                case .precomp: kind = "precomp"
                case .solid: kind = "solid"
                case .image: kind = "image"
                case .null: kind = "null"
                case .shape(let s): kind = "shape"; items(s)
                case .text(let t): kind = "text"; if (t?.documents.count ?? 0) > 1 { out["text.animated documents", default: 0] += 1 }
                case .unsupported(let t): kind = "type \(t)"
                }
                out["layer.\(kind)", default: 0] += 1
                for m in l.masks { out["mask.\(m.mode)\(m.inverted ? " inverted" : "")", default: 0] += 1 }
                if let m = l.matte { out["matte.\(m)", default: 0] += 1 }
                if l.parent != nil { out["parenting", default: 0] += 1 }
                if l.timeRemap != nil { out["time remapping", default: 0] += 1 }
                if l.stretch != 1 { out["time stretch", default: 0] += 1 }
                if l.autoOrient { out["auto-orient", default: 0] += 1 }
                if l.transform.hasSkew { out["skew", default: 0] += 1 }
                if l.transform.rotationX != nil || l.transform.rotationY != nil { out["3D rotation", default: 0] += 1 }
            }
        }
        layers(self.layers)
        if !glyphs.isEmpty { out["text.glyphs (chars)"] = glyphs.count }
        if !fonts.isEmpty { out["text.fonts"] = fonts.count }
        for a in assets.values { if let l = a.layers { layers(l) } else { out["asset.image", default: 0] += 1 } }
        return out
    }
}
