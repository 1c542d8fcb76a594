// Same pixels or it does not count: each render peer's frame is compared with ours by PSNR
// (issue 7: ≥ 40 dB), so no subject can buy speed with quality.
import CPeer
import Foundation

enum Quality {
    static let minimumPSNR = 40.0
    /// The frame every subject draws for the comparison (an arbitrary, fixed index).
    static let frameIndex = 3

    /// PSNR of each peer's frame against ours (nil for ours and for cases that draw no frames).
    /// With `--save DIR` ours is also written to DIR/KEY.ours.bgra for the Python peers.
    static func compare(_ iterations: [Iteration], key: String?) -> [Double?] {
        guard let oursFrame = iterations.first?.frame else { return iterations.map { _ in nil } }
        let ours = Array(oursFrame(frameIndex))
        if let dir = SaveDirectory.path, let key {
            let url = URL(fileURLWithPath: dir).appendingPathComponent("\(key).ours.bgra")
            try? ours.withUnsafeBytes { Data($0) }.write(to: url)
        }
        return iterations.enumerated().map { k, it in
            guard k > 0, let frame = it.frame else { return nil }
            let theirs = frame(frameIndex)
            guard theirs.count == ours.count else { return -.infinity }
            return ours.withUnsafeBufferPointer { cpeer_psnr_argb32($0.baseAddress, theirs.baseAddress, ours.count) }
        }
    }
}

/// Where `--save DIR` puts scene descriptions and our reference frames (nil: nowhere). Set once
/// by main before any scene runs.
enum SaveDirectory {
    nonisolated(unsafe) static var path: String?
}
