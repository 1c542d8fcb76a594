import Foundation
import Testing

/// Every frame keeps to the memory budget (Safety/FrameMemory.swift: about 16 bytes a pixel,
/// 1 GiB unless `--memory-budget`), whoever chose its size: an explicit `--size` (a 16384² frame
/// took 3.3 GB resident with no word), `--scale`, or the scene's own bounds.
@Suite("carender frame memory", .serialized)
struct CarenderFrameMemoryTests {
    static let scene = "Examples/scenes/hello.caml"   // 320×240 points

    @Test func anExplicitSizeOverTheBudgetIsRefusedBeforeDrawing() throws {
        let dir = try ToolRun.temporaryFolder("carender-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("big.png")
        let r = try ToolRun("carender", ["render", Self.scene, "--size", "16384x16384", "-o", png.path])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors == "carender: a frame of 16384×16384 points at scale 1 is 16384×16384 pixels, about 4.0 GiB of "
                + "memory, over the 1.0 GiB allowed a frame (--memory-budget N MiB raises it; docs/SECURITY.md); a smaller "
                + "--size or --scale draws less\nsee 'carender help render' for usage\n", "\(r.errors)")
        #expect(!FileManager.default.fileExists(atPath: png.path))
        #expect(ToolRun.contents(dir).isEmpty)
    }

    @Test func aScaleProductIsCountedToo() throws {
        // 320×240 points at scale 8: 2560×1920 pixels, 75 MiB; over a 64 MiB budget.
        let r = try ToolRun("carender", ["render", Self.scene, "--scale", "8", "--memory-budget", "64", "-o", "/tmp/carender-never.png"])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors.hasPrefix("carender: a frame of 320×240 points at scale 8 is 2560×1920 pixels, about 75 MiB of "
                                   + "memory, over the 64 MiB allowed a frame"), "\(r.errors)")
    }

    @Test func theBudgetCanBeRaisedAndFramesUnderItRender() throws {
        let dir = try ToolRun.temporaryFolder("carender-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("ok.png")
        // 300×300 px × 16 B = 1.4 MB: over a 1 MiB budget, under 2 MiB.
        let refused = try ToolRun("carender", ["render", Self.scene, "--size", "300x300", "--memory-budget", "1", "-o", png.path])
        #expect(refused.status == 64 && refused.errors.contains("about 2 MiB of memory, over the 1 MiB allowed a frame"),
                "\(refused.errors)")
        let raised = try ToolRun("carender", ["render", Self.scene, "--size", "300x300", "--memory-budget", "2", "-o", png.path])
        #expect(raised.status == 0, "\(raised.errors)")
        #expect(raised.output.contains("(300×300 px)"), "\(raised.output)")
    }

    @Test func aLottieViewKeepsToTheSameBudget() throws {
        let dir = try ToolRun.temporaryFolder("carender-memory-lottie")
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = dir.appendingPathComponent("a.json")
        try Data(#"{"v":"5.7","fr":30,"ip":0,"op":10,"w":20,"h":20,"layers":[]}"#.utf8).write(to: json)
        // 8192 points at the default scale 2: 16384² pixels, 4 GiB.
        let r = try ToolRun("carender", ["render", json.path, "--size", "8192x8192", "-o", dir.appendingPathComponent("x.png").path])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors.hasPrefix("carender: a frame of 8192×8192 points at scale 2 is 16384×16384 pixels, about 4.0 GiB "
                                   + "of memory, over the 1.0 GiB allowed a frame"), "\(r.errors)")
        #expect(ToolRun.contents(dir) == ["a.json"])
    }
}
