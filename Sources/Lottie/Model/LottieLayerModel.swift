import Foundation
import CoreGraphics

/// One Lottie layer (https://lottiefiles.github.io/lottie-docs/layers/). Times are frames of the
/// containing composition: the layer shows while `inPoint ≤ t < outPoint` and its own keyframes
/// (transform, masks, shapes, `timeRemap`) are at those times too; a precomposition's content
/// runs on `(t − startTime) / stretch`, or on `timeRemap(t)` (seconds) when present. (Real
/// files agree: keyframes of layers that start late begin at their in point, not at 0.)
struct LottieLayerModel: Sendable {
    enum Kind: Sendable {
        case precomp(refID: String, width: Double, height: Double)
        case solid(color: [Double], width: Double, height: Double)
        case image(refID: String)
        case null
        case shape([LottieShapeItem])
        case text(LottieText?)
        case unsupported(Int)
    }
    enum Matte: Int, Sendable { case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4 }

    var kind: Kind
    var name: String
    var index: Int?
    var parent: Int?
    var inPoint: Double, outPoint: Double, startTime: Double, stretch: Double
    var transform: LottieTransform
    var autoOrient: Bool
    var is3D: Bool
    var masks: [LottieMask]
    var matte: Matte?
    var matteParent: Int?
    var isMatteSource: Bool
    var timeRemap: VectorTrack?
    var hidden: Bool

    init(_ j: JSONValue, at path: String, log: WarningLog, depth: Int) {
        name = j["nm"]?.string ?? ""
        index = j["ind"]?.int
        parent = j["parent"]?.int
        inPoint = j["ip"]?.number ?? 0
        outPoint = j["op"]?.number ?? .greatestFiniteMagnitude
        startTime = j["st"]?.number ?? 0
        let sr = j["sr"]?.number ?? 1
        stretch = sr == 0 ? 1 : sr
        transform = LottieTransform(j["ks"], at: "\(path).ks", log: log)
        autoOrient = j["ao"]?.bool ?? false
        is3D = j["ddd"]?.bool ?? false
        masks = (j["masksProperties"]?.array ?? []).enumerated().compactMap { i, m in
            LottieMask(m, at: "\(path).masksProperties[\(i)]", log: log)
        }
        matte = j["tt"]?.int.flatMap(Matte.init(rawValue:))
        matteParent = j["tp"]?.int
        isMatteSource = j["td"]?.bool ?? false
        timeRemap = VectorTrack.vector(j["tm"], at: "\(path).tm", log: log)
        hidden = j["hd"]?.bool ?? false
        let type = j["ty"]?.int ?? -1
        switch type {
        case 0: kind = .precomp(refID: j["refId"]?.string ?? "", width: j["w"]?.number ?? 0, height: j["h"]?.number ?? 0)
        case 1: kind = .solid(color: LottieLayerModel.hexColor(j["sc"]?.string ?? "#000000"),
                              width: j["sw"]?.number ?? 0, height: j["sh"]?.number ?? 0)
        case 2: kind = .image(refID: j["refId"]?.string ?? "")
        case 3: kind = .null
        case 4: kind = .shape(LottieShapeItem.parseList(j["shapes"], at: "\(path).shapes", log: log, depth: depth))
        case 5:
            let text = LottieText(j["t"], at: "\(path).t", log: log)
            kind = .text(text)
            if let text, text.animatorCount > 0 { log.warn(path, "text animators (range selectors) are not supported; text drawn without them") }
            if let text, text.followsPath { log.warn(path, "text on a path is not supported; drawn on its baseline") }
        default:
            kind = .unsupported(type)
            log.warn(path, "layer type \(type) is not supported; drawn as an empty layer")
        }
        if j["ef"]?.array?.isEmpty == false { log.warn(path, "layer effects are not supported; ignored") }
        if j["sy"]?.array?.isEmpty == false { log.warn(path, "layer styles are not supported; ignored") }
    }

    /// `#rrggbb` as RGBA components 0…1 (black when unreadable).
    static func hexColor(_ s: String) -> [Double] {
        let hex = s.hasPrefix("#") ? String(s.dropFirst()) : s
        guard hex.count >= 6, let n = UInt32(hex.prefix(6), radix: 16) else { return [0, 0, 0, 1] }
        return [Double((n >> 16) & 0xff) / 255, Double((n >> 8) & 0xff) / 255, Double(n & 0xff) / 255, 1]
    }
}

/// A layer mask (https://lottiefiles.github.io/lottie-docs/layers/#masks): a path combined with
/// the masks before it by `mode` (add, subtract, intersect; none is skipped).
struct LottieMask: Sendable {
    enum Mode: String, Sendable { case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f" }
    var mode: Mode
    var path: Track<BezierShape>
    var opacity: VectorTrack
    var inverted: Bool
    var expansion: VectorTrack

    init?(_ j: JSONValue, at path: String, log: WarningLog) {
        let code = j["mode"]?.string ?? "a"
        if code == "n" { return nil }
        guard let mode = Mode(rawValue: code) else { log.warn(path, "mask mode '\(code)' is not supported; skipped"); return nil }
        guard let p = Track<BezierShape>.parse(j["pt"], at: "\(path).pt", log: log, BezierShape.read) else { return nil }
        if [.lighten, .darken, .difference].contains(mode) { log.warn(path, "mask mode '\(code)' drawn as add") }
        self.mode = mode
        self.path = p
        opacity = VectorTrack.vector(j["o"], at: path, log: log) ?? .constant([100])
        inverted = j["inv"]?.bool ?? false
        expansion = VectorTrack.vector(j["x"], at: path, log: log) ?? .constant([0])
    }
}
