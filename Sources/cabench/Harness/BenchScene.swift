// What a scene is: a name, one line saying what it measures, and cases. Each case times one
// subject (ours, listed first) and the peers doing the same work in the same run.

/// A named benchmark scene. Adding one is a file in Scenes/ plus a line in `SceneRegistry`.
protocol BenchScene {
    /// The name typed after `cabench run` (lowercase, dashes).
    var name: String { get }
    /// One line: what is measured and in which unit.
    var summary: String { get }
    /// The cases to time. Subjects set themselves up lazily (`Subject.make`), so listing is cheap.
    func cases() -> [BenchCase]
}

/// One row group of the report: the same work done by us and by each peer.
struct BenchCase {
    /// What varies between the cases of a scene ("10,000 layers, actions disabled").
    var label: String
    var unit: BenchUnit
    /// The goal the project set for our subject, if any (from the issues).
    var target: BenchTarget?
    /// Ours first, then the peers.
    var subjects: [Subject]
    /// Timed iterations per repeat and untimed warm-up iterations, unless the command line says.
    var frames = 20
    var warmup = 3
    /// A file stem for `--save DIR` (render cases: the scene for the Python peers, our frame).
    var key: String? = nil
    /// Writes what the Python peers need to draw the same frames into the directory (render cases).
    var export: ((String) throws -> Void)? = nil
    /// A case measured its own way (ramp: a search, not a timed loop): repeats, quick → rows.
    var custom: ((Int, Bool) -> [Measurement])? = nil
}

/// How the per-iteration time is reported.
enum BenchUnit {
    /// Nanoseconds per operation (model scenes: one set, one layer evaluated…); the string names
    /// the operation ("set", "layer").
    case nanosecondsPer(String)
    /// Milliseconds per iteration (frames, commits); the string names the iteration.
    case millisecondsPer(String)
    /// A count found by the case itself (ramp: sprites drawn at 60 frames per second).
    case count(String)

    var label: String {
        switch self {
        case .nanosecondsPer(let op): "ns/\(op)"
        case .millisecondsPer(let it): "ms/\(it)"
        case .count(let what): what
        }
    }
}

/// An upper bound on our median, in the case's unit.
/// With `versus`, the limit bounds ours ÷ that peer (the first peer whose name starts so).
struct BenchTarget {
    var limit: Double
    var text: String
    var versus: String? = nil
}

/// One implementation of a case's work.
struct Subject {
    var name: String
    var isPeer: Bool
    /// Operations in one iteration (the per-operation cost divides by this).
    var operationsPerIteration: Int = 1
    /// Bytes read plus bytes written by one iteration, for GB/s (0: not reported).
    var bytesPerIteration: Int = 0
    /// Pixels composited by one iteration, for MP/s (0: not reported).
    var pixelsPerIteration: Int = 0
    /// Builds the fixture (layers, buffers) and returns how to run one iteration.
    var make: () -> Iteration
}

/// One iteration: `prepare` and `finish` run untimed around the timed `body`. `check` runs once
/// after the warm-up and says what is wrong (nil: the work really happened), so a fast number
/// cannot come from doing nothing.
struct Iteration {
    var prepare: () -> Void = {}
    var body: () -> Void
    var finish: () -> Void = {}
    var check: () -> String? = { nil }
    /// Render cases: draws frame `index` (untimed) and returns its pixels (premultiplied ARGB32,
    /// valid until the next call), so each peer's frame is compared with ours by PSNR.
    var frame: ((Int) -> UnsafeBufferPointer<UInt32>)? = nil
}
