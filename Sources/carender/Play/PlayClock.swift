import Foundation

/// Scene time for a window: seconds of the system media clock since play began, less the
/// time spent paused. Paused, it stays where it stopped; playing on continues from there.
struct PlayClock {
    /// Wall time (CACurrentMediaTime) minus scene time while playing.
    private var offset: Double
    /// The scene time shown while paused; nil while playing.
    private(set) var pausedAt: Double?

    /// A clock showing scene time `start` at wall time `now`, paused or playing.
    init(start: Double, now: Double, paused: Bool) {
        offset = now - start
        pausedAt = paused ? start : nil
    }

    var isPaused: Bool { pausedAt != nil }

    /// The scene time of a frame shown at wall time `now` (never before the start).
    func sceneTime(at now: Double) -> Double { pausedAt ?? max(0, now - offset) }

    /// Pauses at the scene time of `now`, or plays on from where it was paused.
    mutating func toggle(at now: Double) {
        if let t = pausedAt {
            offset = now - t
            pausedAt = nil
        } else {
            pausedAt = sceneTime(at: now)
        }
    }
}
