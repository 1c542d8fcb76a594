import Foundation
import Testing
@testable import CoreGraphics

/// Output sizes that mean pixels (`--pixel-size`, `--width`, `--height`, `--fit`,
/// `--background`), and a note when `--size` (points) does not give the pixels typed.
/// Examples/scenes/hello.caml is 320×240 points with an opaque grey-blue background
/// (0.93, 0.94, 0.96 → 237, 240, 245).
@Suite("carender output pixels", .serialized)
struct CarenderPixelSizeTests {
    static let scene = "Examples/scenes/hello.caml"

    /// Renders the scene at t = 0 with `options`; the image's size and straight RGBA bytes.
    func render(_ options: [String]) throws -> (width: Int, height: Int, rgba: [UInt8], errors: String) {
        let dir = try ToolRun.temporaryFolder("pixels")
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("f.png")
        let r = try ToolRun("carender", ["render", Self.scene] + options + ["-o", png.path])
        #expect(r.status == 0, "\(options): \(r.errors)")
        let image = try CGImage.decode(contentsOf: png)
        return (image.width, image.height, [UInt8](image.straightRGBA8()), r.errors)
    }

    func pixel(_ f: (width: Int, height: Int, rgba: [UInt8], errors: String), _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * f.width + x) * 4
        return Array(f.rgba[i..<i + 4])
    }

    /// Whether `p` is the scene's background within a step of rounding.
    func isBackground(_ p: [UInt8]) -> Bool {
        zip(p, [237, 240, 245, 255] as [UInt8]).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    @Test func containLeavesBarsOfTheBackground() throws {
        let f = try render(["--pixel-size", "640x240", "--background", "#ff0000"])
        #expect(f.width == 640 && f.height == 240)
        #expect(pixel(f, 10, 120) == [255, 0, 0, 255] && pixel(f, 630, 120) == [255, 0, 0, 255])   // the bars
        #expect(isBackground(pixel(f, 170, 5)), "\(pixel(f, 170, 5))")                              // the scene, at 1:1
        let clear = try render(["--pixel-size", "640x240"])                                         // default: transparent
        #expect(pixel(clear, 10, 120)[3] == 0)
    }

    @Test func coverAndFillLeaveNoBars() throws {
        for fit in ["cover", "fill"] {
            let f = try render(["--pixel-size", "640x240", "--fit", fit, "--background", "#ff0000"])
            #expect(f.width == 640 && f.height == 240)
            #expect(isBackground(pixel(f, 2, 120)) && isBackground(pixel(f, 637, 120)), "\(fit): \(pixel(f, 2, 120)) \(pixel(f, 637, 120))")
        }
    }

    @Test func oneSideTakesTheOtherFromTheAspect() throws {
        let wide = try render(["--width", "160"])
        #expect(wide.width == 160 && wide.height == 120)
        let tall = try render(["--height", "480"])
        #expect(tall.width == 640 && tall.height == 480)
    }

    @Test func sizeInPointsAtAScaleSaysThePixels() throws {
        let f = try render(["--size", "100x50", "--scale", "3"])
        #expect(f.width == 300 && f.height == 150)
        #expect(f.errors.contains("the output is 300×150 pixels: --size 100x50 is in points, at scale 3.0"), "\(f.errors)")
        #expect(!(try render(["--size", "100x50"]).errors.contains("the output is")))       // scale 1: as typed
    }

    /// Content outside the scene's bounds (drawn off-frame in a normal render) stays out of the
    /// bars of a letterboxed frame.
    @Test func theBarsHoldOnlyTheBackground() throws {
        let dir = try ToolRun.temporaryFolder("pixels-bars")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("wide.caml")
        try Data(#"""
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer bounds="0 0 100 100" position="50 50" backgroundColor="0 1 0">
            <sublayers><CALayer bounds="0 0 40 40" position="150 50" backgroundColor="0 0 1"/></sublayers>
          </CALayer>
        </caml>
        """#.utf8).write(to: scene)
        let png = dir.appendingPathComponent("f.png")
        let r = try ToolRun("carender", ["render", scene.path, "--pixel-size", "300x100", "--background", "#ff0000", "-o", png.path])
        #expect(r.status == 0, "\(r.errors)")
        let image = try CGImage.decode(contentsOf: png)
        let rgba = [UInt8](image.straightRGBA8())
        func at(_ x: Int, _ y: Int) -> [UInt8] { let i = (y * 300 + x) * 4; return Array(rgba[i..<i + 4]) }
        #expect(at(150, 50) == [0, 255, 0, 255])                       // the scene
        #expect(at(250, 50) == [255, 0, 0, 255], "\(at(250, 50))")    // the bar, not the off-frame sublayer
    }

    /// The frame cap counts the frames rendered: part of a long sequence renders.
    @Test func aChunkOfALongSequenceRenders() throws {
        let dir = try ToolRun.temporaryFolder("pixels-chunk")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try ToolRun("carender", ["render", Self.scene, "--duration", "400", "--fps", "30", "--frames", "11990:11992",
                                         "--scale", "0.25", "-o", dir.appendingPathComponent("part").path])
        #expect(r.status == 0, "\(r.errors)")
        #expect(ToolRun.contents(dir.appendingPathComponent("part")) == ["frame-11990.png", "frame-11991.png"])
    }

    /// A side from the aspect past the limit is refused naming the option that set it, not
    /// clamped into a frame of another shape (a trial's `--width 16384` of a tall scene).
    @Test func aDerivedSidePastTheLimitIsRefused() throws {
        let tall = try ToolRun("carender", ["render", Self.scene, "--height", "16384", "--width", "16384", "-o", "/tmp/never.png"])
        #expect(tall.status == 64 && tall.errors.contains("a smaller --pixel-size, --width or --height"), "\(tall.errors)")
        let r = try ToolRun("carender", ["render", Self.scene, "--height", "16000", "-o", "/tmp/never.png"])
        #expect(r.status == 64, "\(r.errors)")
        #expect(r.errors.hasPrefix("carender: --height 16000 gives a frame of 21333×16000 pixels"), "\(r.errors)")
    }
}
