import Foundation
import CoreGraphics
import CAML

/// A scene whose root bounds are no usable size (`bounds="0 0 1e6 1e6"`; CAML clamps the host to
/// 1…16384 points a side, `CAMLScene.requestedSize`) is drawn at the clamped size only when that
/// is cheap: nobody asked for a 16384² frame, and one takes gigabytes and minutes. One warning
/// names the size asked for, the size used and the memory the frame takes; a frame over
/// `memoryBudget` is refused (exit 64), and `--size WxH` renders any size within the limits.
enum ClampedFrame {
    /// Peak memory of a render per frame pixel (bytes), rounded up: the frame buffer (4), the
    /// image made of it (4), the PNG encoder's and the compositor's buffers. Maximum resident
    /// size (GNU time) of a two-layer scene to PNG: 4096² px 260 MB, 8192² px 850 MB; 16384² px
    /// took 3.3–4.4 GB.
    static let bytesPerPixel = 16
    /// The most memory a clamped frame may take: 1 GiB, an 8192 × 8192-pixel frame.
    static let memoryBudget = 1 << 30

    /// Warns about, or refuses, the frame of a scene whose size was clamped; nothing otherwise
    /// (or when `--size` chose the size).
    static func check(_ scene: CAMLScene, _ o: RenderOptions, size: CGSize, scale: CGFloat) {
        guard o.size == nil, scene.requestedSize != scene.size else { return }
        let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
        let bytes = width * height * bytesPerPixel
        let file = URL(fileURLWithPath: o.scene).lastPathComponent
        let what = "the root bounds \(points(scene.requestedSize)) points are no usable size and were clamped to "
            + "\(points(scene.size)) points: a \(width)×\(height)-pixel frame at scale \(number(scale)), "
            + "about \(memory(bytes)) of memory"
        guard bytes <= memoryBudget else {
            fail(printable("\(file): \(what), over the \(memory(memoryBudget)) allowed for a clamped frame "
                           + "(docs/SECURITY.md); --size WxH renders the size you choose"), .usage)
        }
        note(printable("\(file): warning: \(what) (--size WxH chooses another)"))
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
