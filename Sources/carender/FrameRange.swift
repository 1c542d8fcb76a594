import Foundation

/// `--frames A:B`: frames A, A+1, … B−1 of a `--duration` render (0-based, B excluded, as the
/// frame files are numbered), so one long export can be split across processes or machines
/// and the pieces put together: each frame is drawn at the same time and, in a PNG sequence,
/// written under the same name (`frame-0000A.png` …) as in the whole render, byte for byte.
/// A video of a range holds just those frames, starting at its own time 0.
struct FrameRange: Equatable {
    let lowerBound: Int
    let upperBound: Int

    init(parsing text: String) throws(UsageError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b > a else {
            throw UsageError(message: "--frames must be A:B with 0 ≤ A < B (frames A to B−1), e.g. 0:300")
        }
        lowerBound = a; upperBound = b
    }

    /// The first frame's number and the times of the frames in `range` (all when nil). A range
    /// reaching past the sequence's last frame is refused, never cut short, as `--time`,
    /// `--progress` and `--frame` outside their ranges are: the message gives the real range.
    static func select(_ range: FrameRange?, from times: [Double], isSequence: Bool) throws(UsageError) -> (first: Int, times: [Double]) {
        guard let range else { return (0, times) }
        guard isSequence else { throw UsageError(message: "--frames needs --duration (a sequence or video to take frames from)") }
        guard range.upperBound <= times.count else {
            let whole = "the sequence has frames 0…\(times.count - 1) (0:\(times.count))"
            throw UsageError(message: range.lowerBound < times.count
                ? "--frames \(range.lowerBound):\(range.upperBound) ends past the last frame: \(whole); "
                  + "its last frames are \(range.lowerBound):\(times.count)"
                : "--frames \(range.lowerBound):\(range.upperBound) starts past the last frame: \(whole)")
        }
        return (range.lowerBound, Array(times[range.lowerBound..<range.upperBound]))
    }
}
