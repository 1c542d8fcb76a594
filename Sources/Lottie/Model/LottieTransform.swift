import Foundation

/// A layer's or group's transform (https://lottiefiles.github.io/lottie-docs/concepts/#transform):
/// a point p of the content lands at `position + R·Skew·S·(p − anchor)`, with scale in percent,
/// rotation and skew in degrees and opacity 0…100.
struct LottieTransform: Sendable {
    var anchor: VectorTrack = .constant([0, 0])
    /// The position, or nil when it is split into `positionX`/`positionY`.
    var position: VectorTrack? = .constant([0, 0])
    var positionX: VectorTrack?
    var positionY: VectorTrack?
    var scale: VectorTrack = .constant([100, 100])
    var rotation: VectorTrack = .constant([0])
    var rotationX: VectorTrack?
    var rotationY: VectorTrack?
    var opacity: VectorTrack = .constant([100])
    var skew: VectorTrack?
    var skewAxis: VectorTrack?

    init() {}

    init(_ j: JSONValue?, at path: String, log: WarningLog) {
        guard let j else { return }
        func v(_ key: String) -> VectorTrack? { VectorTrack.vector(j[key], at: "\(path).\(key)", log: log) }
        anchor = v("a") ?? anchor
        if let p = j["p"], p["s"]?.bool == true {
            position = nil
            positionX = VectorTrack.vector(p["x"], at: "\(path).p.x", log: log) ?? .constant([0])
            positionY = VectorTrack.vector(p["y"], at: "\(path).p.y", log: log) ?? .constant([0])
        } else {
            position = v("p") ?? position
        }
        scale = v("s") ?? scale
        rotation = v("r") ?? v("rz") ?? rotation
        rotationX = v("rx"); rotationY = v("ry")
        opacity = v("o") ?? opacity
        skew = v("sk"); skewAxis = v("sa")
        if let sk = skew, !sk.isAnimated, sk.first.first ?? 0 == 0 { skew = nil }
    }

    var hasSkew: Bool { skew != nil }
}
