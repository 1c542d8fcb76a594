import Foundation
import CoreGraphics

/// The values of `render`'s options, one rule each for scenes and Lottie animations alike.
extension Arguments {
    /// The value of `--allow-outside-assets` (and `--fonts`): an existing folder.
    static func folder(_ name: String, _ path: String) throws(UsageError) -> String {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            throw UsageError(message: "\(name): '\(printable(path))' is not a folder")
        }
        return path
    }

    /// `s`, the value of option `name`, as a finite decimal number: no hexadecimal (`0x10`),
    /// `nan` or `inf`, which `Double(_:)` would accept.
    static func decimal(_ name: String, _ s: String) throws(UsageError) -> Double {
        guard s.allSatisfy({ "0123456789.+-eE".contains($0) }), let x = Double(s), x.isFinite else {
            throw UsageError(message: "\(name): '\(printable(s))' is not a decimal number")
        }
        return x
    }

    /// `--scale S`: pixels per point, in (0, 8].
    static func scale(_ s: String) throws(UsageError) -> CGFloat {
        let x = try decimal("--scale", s)
        guard x > 0, x <= 8 else { throw UsageError(message: "--scale must be in (0, 8]") }
        return CGFloat(x)
    }

    /// `--work-budget N`: millions of pixel touches a frame, 1…1,000,000.
    static func workBudget(_ s: String) throws(UsageError) -> Double {
        let n = try decimal("--work-budget", s)
        guard n >= 1, n <= 1_000_000 else { throw UsageError(message: "--work-budget is millions of pixels, 1 to 1000000") }
        return n
    }

    /// `--memory-budget N`: the most memory a frame may take, in MiB, 1…1,048,576 (1 TiB);
    /// returned in bytes (`FrameMemory`).
    static func memoryBudget(_ s: String) throws(UsageError) -> Int {
        let n = try decimal("--memory-budget", s)
        guard n >= 1, n <= 1_048_576 else { throw UsageError(message: "--memory-budget is MiB a frame, 1 to 1048576") }
        return Int(n * 1_048_576)
    }

    /// `--backend gpu|cpu|auto`.
    static func backend(_ s: String) throws(UsageError) -> BackendChoice {
        guard let b = BackendChoice(rawValue: s) else { throw UsageError(message: "--backend is gpu, cpu or auto") }
        return b
    }

    /// `--size WxH` in points, each side 1…`maxSide` (scenes and Lottie views differ);
    /// `example` is shown when the value is wrong.
    static func size(_ s: String, maxSide: CGFloat, example: String) throws(UsageError) -> CGSize {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            .map { try? decimal("--size", String($0)) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], [w, h].allSatisfy({ $0 >= 1 && CGFloat($0) <= maxSide }) else {
            throw UsageError(message: "--size must be WxH in points, each 1…\(Int(maxSide)), e.g. \(example)")
        }
        return CGSize(width: w, height: h)
    }
}
