import Foundation
import CoreGraphics
import CAML

/// A scene whose root bounds are no usable size (`bounds="0 0 1e6 1e6"`, `"0 0 -100 -50"`; CAML
/// clamps the host to 1…16384 points a side, `CAMLScene.requestedSize`) is drawn at the clamped
/// size only when that is cheap: nobody asked for a 16384² frame. One warning names the size
/// asked for, the size used and the memory the frame takes (CAML's own shorter warning about the
/// clamp is not printed beside it: `SceneSetup.load`); a frame over the memory budget is refused
/// (exit 64, `FrameMemory`), and `--size WxH` renders any size within the limits.
enum ClampedFrame {
    /// Whether `o` renders `scene` at a size CAML clamped (so this warns, not CAML).
    static func applies(_ scene: CAMLScene, _ o: RenderOptions) -> Bool {
        o.size == nil && scene.requestedSize != scene.size
    }

    /// Warns about, or refuses, the frame of a scene whose size was clamped; nothing otherwise
    /// (or when `--size` chose the size).
    static func check(_ scene: CAMLScene, _ o: RenderOptions, size: CGSize, scale: CGFloat) {
        guard applies(scene, o) else { return }
        let (width, height) = FrameMemory.pixels(size, scale: scale)
        let file = URL(fileURLWithPath: o.scene).lastPathComponent
        let what = "the root bounds \(FrameMemory.points(scene.requestedSize)) points are no usable size and were "
            + "clamped to \(FrameMemory.points(scene.size)) points: a \(width)×\(height)-pixel frame at scale "
            + FrameMemory.number(scale)
        if let over = FrameMemory.overBudget(width: width, height: height, budget: o.memoryBudget) {
            fail(printable("\(file): \(what)\(over); --size WxH renders the size you choose"), .usage)
        }
        note(printable("\(file): warning: \(what), about \(FrameMemory.memory(FrameMemory.bytes(width: width, height: height))) "
                       + "of memory (--size WxH chooses another)"))
    }
}
