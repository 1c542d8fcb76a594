import Foundation
import Testing

/// A scene whose root bounds are no usable size (CAML clamps them to 16384 points) says what
/// its frame costs, in one warning naming both sizes and the memory; past the memory budget it
/// is refused (64) unless `--size` chooses the frame (docs/SECURITY.md).
@Suite("carender clamped frames", .serialized)
struct CarenderClampedFrameTests {
    /// Runs `body` with a folder holding `scene.caml` of `caml`.
    func withScene(_ caml: String, _ body: (_ scene: String, _ dir: URL) throws -> Void) throws {
        let dir = try ToolRun.temporaryFolder("carender-checks")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.caml")
        try Data(caml.utf8).write(to: scene)
        try body(scene.path, dir)
    }

    static func root(_ bounds: String) -> String {
        #"<caml xmlns="http://www.apple.com/CoreAnimation/1.0"><CALayer bounds="\#(bounds)" backgroundColor="1 0 0"/></caml>"#
    }

    @Test func aClampedFrameOverTheMemoryBudgetIsRefused() throws {
        try withScene(Self.root("0 0 1000000 1000000")) { scene, dir in
            let png = dir.appendingPathComponent("big.png")
            let r = try ToolRun("carender", ["render", scene, "-o", png.path])
            #expect(r.status == 64, "\(r.errors)")
            #expect(r.errors.contains("carender: scene.caml: the root bounds 1000000×1000000 points are no usable size and "
                                      + "were clamped to 16384×16384 points: a 16384×16384-pixel frame at scale 1, about 4.0 GiB "
                                      + "of memory, over the 1.0 GiB allowed a frame (--memory-budget N MiB raises it; "
                                      + "docs/SECURITY.md); --size WxH renders the size you choose"), "\(r.errors)")
            // One message for the one clamp: CAML's own shorter warning is not printed beside it.
            #expect(!r.errors.contains("not a usable document size"), "\(r.errors)")
            #expect(!FileManager.default.fileExists(atPath: png.path))
            // --size chooses the frame: no clamp warning, rendered.
            let sized = try ToolRun("carender", ["render", scene, "--size", "64x64", "-o", png.path])
            #expect(sized.status == 0 && !sized.errors.contains("clamped"), "\(sized.errors)")
        }
    }

    @Test func aSmallClampedFrameSaysWhatItCosts() throws {
        try withScene(Self.root("0 0 20000 10")) { scene, dir in
            let png = dir.appendingPathComponent("wide.png")
            let r = try ToolRun("carender", ["render", scene, "--scale", "0.5", "-o", png.path])
            #expect(r.status == 0, "\(r.errors)")
            let lines = r.errors.split(separator: "\n").filter { $0.hasPrefix("carender: scene.caml: warning:") }
            #expect(lines == ["carender: scene.caml: warning: the root bounds 20000×10 points are no usable size and were "
                              + "clamped to 16384×10 points: a 8192×5-pixel frame at scale 0.5, about 1 MiB of memory "
                              + "(--size WxH chooses another)"], "\(r.errors)")
            #expect(r.output.contains("(8192×5 px)"))
        }
    }

    /// Negative bounds are clamped to 1 point a side: one warning, carender's, for one clamp.
    @Test func aNegativeRootSizeIsOneWarning() throws {
        try withScene(Self.root("0 0 -100 -50")) { scene, dir in
            let png = dir.appendingPathComponent("neg.png")
            let r = try ToolRun("carender", ["render", scene, "--backend", "cpu", "-o", png.path])
            #expect(r.status == 0, "\(r.errors)")
            #expect(r.errors == "carender: scene.caml: warning: the root bounds -100×-50 points are no usable size and were "
                    + "clamped to 1×1 points: a 1×1-pixel frame at scale 1, about 1 MiB of memory (--size WxH chooses another)\n"
                    + "carender: drawing on the CPU (--backend cpu)\n", "\(r.errors)")
            // With --size, carender does not speak of the clamp, so CAML's warning is the one.
            let sized = try ToolRun("carender", ["render", scene, "--backend", "cpu", "--size", "10x10", "-o", png.path])
            #expect(sized.status == 0, "\(sized.errors)")
            #expect(sized.errors.split(separator: "\n").filter { $0.contains("usable") }.count == 1, "\(sized.errors)")
        }
    }
}
