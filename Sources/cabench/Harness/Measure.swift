// Timing: warm up, then time a fixed number of iterations per repeat. The subjects of a case
// are interleaved repeat by repeat, so a burst of load from other processes on this shared
// machine hits ours and the peers alike.
import Glibc

/// The monotonic clock in nanoseconds.
@inline(__always)
func nanosecondsNow() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The per-repeat costs of one subject, in its case's unit.
struct Measurement {
    var subject: String
    var isPeer: Bool
    var values: [Double]
    /// Median nanoseconds per iteration (for rates).
    var iterationNanoseconds: Double
    var bytesPerIteration: Int
    var pixelsPerIteration: Int = 0
    /// What the subject's check found wrong, if anything.
    var failure: String?
    /// Render peers: PSNR in dB of the peer's frame against ours (infinite when equal).
    var psnr: Double? = nil

    var median: Double { Stats.median(values) }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }
    /// Bytes moved per second, in GB/s (nil when the subject moves no counted bytes).
    var gigabytesPerSecond: Double? {
        bytesPerIteration > 0 ? Double(bytesPerIteration) / iterationNanoseconds : nil
    }
    /// Pixels composited per second, in millions (nil when not counted).
    var megapixelsPerSecond: Double? {
        pixelsPerIteration > 0 ? Double(pixelsPerIteration) / iterationNanoseconds * 1000 : nil
    }
}

enum Stats {
    static func median(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted(), m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }
}

enum Measure {
    /// Times every subject of `c`: `frames` iterations per repeat, `repeats` times.
    static func run(_ c: BenchCase, frames: Int, repeats: Int, warmup: Int) -> [Measurement] {
        let iterations = c.subjects.map { $0.make() }
        for it in iterations { for _ in 0..<warmup { once(it) } }
        var perIteration = Array(repeating: [Double](), count: iterations.count)
        for _ in 0..<repeats {
            for (k, it) in iterations.enumerated() {
                // Each subject's caches are cold after the others ran; one untimed pass rewarms them.
                if warmup > 0 { once(it) }
                var total: UInt64 = 0
                for _ in 0..<frames { total += once(it) }
                perIteration[k].append(Double(total) / Double(frames))
            }
        }
        BenchBackend.noteLastFrame(of: c.label)
        var failures = iterations.map { $0.check() }
        let psnrs = Quality.compare(iterations, key: c.key)
        for (k, p) in psnrs.enumerated() where failures[k] == nil {
            if let p, p < Quality.minimumPSNR {
                failures[k] = "PSNR \(Report.number(p)) dB against ours, below \(Int(Quality.minimumPSNR)) dB"
            }
        }
        return c.subjects.indices.map { k in
            let s = c.subjects[k], ns = perIteration[k]
            let values = ns.map { value in
                switch c.unit {
                case .nanosecondsPer: value / Double(s.operationsPerIteration)
                case .millisecondsPer: value / 1e6
                case .count: value
                }
            }
            return Measurement(subject: s.name, isPeer: s.isPeer, values: values,
                               iterationNanoseconds: Stats.median(ns), bytesPerIteration: s.bytesPerIteration,
                               pixelsPerIteration: s.pixelsPerIteration, failure: failures[k], psnr: psnrs[k])
        }
    }

    /// Runs one iteration; returns the nanoseconds its body took.
    @discardableResult
    static func once(_ it: Iteration) -> UInt64 {
        it.prepare()
        let t0 = nanosecondsNow()
        it.body()
        let t1 = nanosecondsNow()
        it.finish()
        return t1 - t0
    }
}

/// Keeps a value alive and opaque to the optimiser, so the work producing it is not removed.
@_optimize(none)
func blackHole<T>(_ value: T) {}
