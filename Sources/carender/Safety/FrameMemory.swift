import Foundation

/// What one frame of a render costs in memory, and the budget every render keeps to (scenes,
/// Lottie animations, `play`): a frame estimated over `--memory-budget` (default 1 GiB) is
/// refused, exit 64, before anything is drawn, whoever chose its size (the scene's bounds, a
/// clamp, `--size`, `--scale`). A 16384² frame at scale 1 took 3.3 GB resident and minutes.
enum FrameMemory {
    /// Peak memory of a render per frame pixel (bytes), rounded up: the frame buffer (4), the
    /// image made of it (4), the PNG encoder's and the compositor's buffers. Maximum resident
    /// size (GNU time) of a two-layer scene to PNG: 4096² px 260 MB, 8192² px 850 MB; 16384² px
    /// took 3.3–4.4 GB.
    static let bytesPerPixel = 16
    /// Default `--memory-budget`: 1 GiB, an 8192 × 8192-pixel frame.
    static let defaultBudget = 1 << 30

    /// The memory a `width × height`-pixel frame takes, in bytes.
    static func bytes(width: Int, height: Int) -> Int { width * height * bytesPerPixel }

    /// Nil when a `width × height`-pixel frame fits `budget` bytes; else the end of the refusal,
    /// ", about 4.0 GiB of memory, over the 1.0 GiB allowed a frame (…)".
    static func overBudget(width: Int, height: Int, budget: Int) -> String? {
        let bytes = bytes(width: width, height: height)
        guard bytes > budget else { return nil }
        return ", about \(memory(bytes)) of memory, over the \(memory(budget)) allowed a frame "
            + "(--memory-budget N MiB raises it; docs/SECURITY.md)"
    }

    /// Exits 64 (a usage error naming the frame, its pixels and its memory) when a frame of
    /// `size` points at `scale` is over `budget` bytes.
    static func check(_ size: CGSize, scale: CGFloat, budget: Int) {
        let (width, height) = pixels(size, scale: scale)
        guard let over = overBudget(width: width, height: height, budget: budget) else { return }
        usageFailure("a frame of \(points(size)) points at scale \(number(scale)) is \(width)×\(height) pixels" + over
                     + "; a smaller --size or --scale draws less", help: "render")
    }

    /// The pixels of a frame of `size` points at `scale`, rounded up as the renderer does.
    static func pixels(_ size: CGSize, scale: CGFloat) -> (width: Int, height: Int) {
        (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up)))
    }

    static func points(_ s: CGSize) -> String { "\(number(s.width))×\(number(s.height))" }

    /// Whole numbers without a decimal point, others as `%g`.
    static func number(_ x: CGFloat) -> String {
        x.isFinite && x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(format: "%g", Double(x))
    }

    static func memory(_ bytes: Int) -> String {
        bytes >= 1 << 30 ? String(format: "%.1f GiB", Double(bytes) / Double(1 << 30))
            : String(format: "%.0f MiB", (Double(bytes) / Double(1 << 20)).rounded(.up))
    }
}
