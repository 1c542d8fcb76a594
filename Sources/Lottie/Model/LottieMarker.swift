import Foundation

/// A named range of an animation's frames (Bodymovin's `markers`: `cm` the name, `tm` the start
/// frame, `dr` the length in frames; https://lottiefiles.github.io/lottie-docs/). Apps play a
/// marker by name (lottie-ios's `play(fromMarker:toMarker:)`); `carender render --marker NAME`
/// renders its frames.
public struct LottieMarker: Sendable, Equatable {
    public let name: String
    /// The first frame, in the animation's frames.
    public let startFrame: Double
    /// The length in frames (0 for a marker that names one frame).
    public let durationFrames: Double

    /// The markers of a `markers` list; items without a name or a finite start are skipped with
    /// a warning (`log`).
    static func read(_ list: JSONValue?, log: WarningLog) -> [LottieMarker] {
        guard let items = list?.array else { return [] }
        var markers: [LottieMarker] = []
        for (i, m) in items.enumerated() {
            guard let name = m["cm"]?.string, !name.isEmpty, let tm = m["tm"]?.number, tm.isFinite else {
                log.warn("markers[\(i)]", "a marker without a name ('cm') or start frame ('tm') is skipped")
                continue
            }
            let dr = m["dr"]?.number ?? 0
            markers.append(LottieMarker(name: name, startFrame: tm, durationFrames: dr.isFinite ? max(0, dr) : 0))
        }
        return markers
    }
}
