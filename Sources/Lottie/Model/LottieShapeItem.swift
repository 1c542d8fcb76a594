import Foundation
import CoreGraphics

/// One item of a shape layer's `shapes` list
/// (https://lottiefiles.github.io/lottie-docs/shapes/): paths, paint, modifiers and groups.
/// A fill or stroke paints every path listed before it in its group and the groups nested
/// there; modifiers (trim, rounded corners) change the paths listed before them.
indirect enum LottieShapeItem: Sendable {
    case group(items: [LottieShapeItem], transform: LottieTransform)
    case path(Track<BezierShape>, reversed: Bool)
    case rect(position: VectorTrack, size: VectorTrack, roundness: VectorTrack, reversed: Bool)
    case ellipse(position: VectorTrack, size: VectorTrack, reversed: Bool)
    case star(Polystar)
    case fill(Paint)
    case stroke(Paint, Stroke)
    case gradientFill(Gradient)
    case gradientStroke(Gradient, Stroke)
    case trim(start: VectorTrack, end: VectorTrack, offset: VectorTrack, sequential: Bool)
    case roundCorners(VectorTrack)
    /// `below`: composite 2, each copy under the one before.
    case repeater(RepeaterBuilder.Spec)
    /// `tr` inside a group's list: read into the group; any other type is skipped with a warning.
    case ignored

    struct Polystar: Sendable {
        var isStar: Bool
        var points: VectorTrack, position: VectorTrack, rotation: VectorTrack
        var outerRadius: VectorTrack, outerRoundness: VectorTrack
        var innerRadius: VectorTrack, innerRoundness: VectorTrack
        var reversed: Bool
    }
    struct Paint: Sendable {
        var color: VectorTrack
        var opacity: VectorTrack
        var evenOdd: Bool
    }
    struct Stroke: Sendable {
        var width: VectorTrack
        var cap: Int, join: Int, miterLimit: Double
        var dashes: [Double], dashOffset: Double
    }
    struct Gradient: Sendable {
        var radial: Bool
        var colorStopCount: Int
        var stops: VectorTrack
        var start: VectorTrack, end: VectorTrack
        var highlightLength: VectorTrack?, highlightAngle: VectorTrack?
        var opacity: VectorTrack
        var evenOdd: Bool
    }

    static func parseList(_ j: JSONValue?, at path: String, log: WarningLog, depth: Int = 0) -> [LottieShapeItem] {
        guard let items = j?.array else { return [] }
        guard depth < 64 else { log.warn(path, "shape groups nested over 64 deep; deeper ones skipped"); return [] }
        return items.enumerated().compactMap { i, item in
            if item["hd"]?.bool == true { return nil }
            return parse(item, at: "\(path)[\(i)]", log: log, depth: depth)
        }
    }

    static func parse(_ j: JSONValue, at path: String, log: WarningLog, depth: Int) -> LottieShapeItem? {
        func v(_ key: String, _ fallback: [Double]) -> VectorTrack {
            VectorTrack.vector(j[key], at: "\(path).\(key)", log: log) ?? .constant(fallback)
        }
        let reversed = j["d"]?.int == 3
        switch j["ty"]?.string ?? "" {
        case "gr":
            let list = j["it"]?.array ?? []
            let transformJSON = list.last(where: { $0["ty"]?.string == "tr" })
            return .group(items: parseList(j["it"], at: "\(path).it", log: log, depth: depth + 1),
                          transform: LottieTransform(transformJSON, at: "\(path).tr", log: log))
        case "tr": return .ignored
        case "sh":
            guard let t = Track<BezierShape>.parse(j["ks"], at: "\(path).ks", log: log, BezierShape.read) else {
                log.warn(path, "path without readable vertices skipped"); return nil
            }
            return .path(t, reversed: reversed)
        case "rc": return .rect(position: v("p", [0, 0]), size: v("s", [0, 0]), roundness: v("r", [0]), reversed: reversed)
        case "el": return .ellipse(position: v("p", [0, 0]), size: v("s", [0, 0]), reversed: reversed)
        case "sr":
            return .star(Polystar(isStar: j["sy"]?.int != 2, points: v("pt", [5]), position: v("p", [0, 0]),
                                  rotation: v("r", [0]), outerRadius: v("or", [0]), outerRoundness: v("os", [0]),
                                  innerRadius: v("ir", [0]), innerRoundness: v("is", [0]), reversed: reversed))
        case "fl": return .fill(Paint(color: v("c", [0, 0, 0, 1]), opacity: v("o", [100]), evenOdd: j["r"]?.int == 2))
        case "st": return .stroke(Paint(color: v("c", [0, 0, 0, 1]), opacity: v("o", [100]), evenOdd: false), stroke(j, path, log))
        case "gf": return .gradientFill(gradient(j, path, log))
        case "gs": return .gradientStroke(gradient(j, path, log), stroke(j, path, log))
        case "tm": return .trim(start: v("s", [0]), end: v("e", [100]), offset: v("o", [0]), sequential: j["m"]?.int == 2)
        case "rd": return .roundCorners(v("r", [0]))
        case "rp":
            let tr = j["tr"]
            return .repeater(RepeaterBuilder.Spec(
                copies: v("c", [1]), offset: v("o", [0]), transform: LottieTransform(tr, at: "\(path).tr", log: log),
                startOpacity: VectorTrack.vector(tr?["so"], at: path, log: log) ?? .constant([100]),
                endOpacity: VectorTrack.vector(tr?["eo"], at: path, log: log) ?? .constant([100]),
                below: j["m"]?.int == 2))
        case let other:
            log.warn(path, "shape type '\(other)' is not supported; skipped")
            return nil
        }
    }

    private static func stroke(_ j: JSONValue, _ path: String, _ log: WarningLog) -> Stroke {
        var dashes: [Double] = [], offset = 0.0
        for d in j["d"]?.array ?? [] {
            let value = d["v"].flatMap { VectorTrack.vector($0, at: path, log: log) }?.first.first ?? 0
            switch d["n"]?.string { case "o": offset = value; case "d", "g": dashes.append(max(value, 0)); default: break }
        }
        return Stroke(width: VectorTrack.vector(j["w"], at: "\(path).w", log: log) ?? .constant([1]),
                      cap: j["lc"]?.int ?? 2, join: j["lj"]?.int ?? 2, miterLimit: j["ml"]?.number ?? 4,
                      dashes: dashes, dashOffset: offset)
    }

    private static func gradient(_ j: JSONValue, _ path: String, _ log: WarningLog) -> Gradient {
        let g = j["g"]
        return Gradient(radial: j["t"]?.int == 2, colorStopCount: max(g?["p"]?.int ?? 0, 0),
                        stops: VectorTrack.vector(g?["k"], at: "\(path).g", log: log) ?? .constant([]),
                        start: VectorTrack.vector(j["s"], at: path, log: log) ?? .constant([0, 0]),
                        end: VectorTrack.vector(j["e"], at: path, log: log) ?? .constant([0, 0]),
                        highlightLength: VectorTrack.vector(j["h"], at: path, log: log),
                        highlightAngle: VectorTrack.vector(j["a"], at: path, log: log),
                        opacity: VectorTrack.vector(j["o"], at: path, log: log) ?? .constant([100]),
                        evenOdd: j["r"]?.int == 2)
    }
}
