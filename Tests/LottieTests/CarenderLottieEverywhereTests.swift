import Foundation
import Testing
@testable import CoreGraphics

/// Lottie as a first-class input of carender: a sequence output gets the whole animation at its
/// own frame rate, `--loops`, `--time`, `--frames A:B` and `--marker` work as for scenes, and
/// `batch` finds `.json` animations (skipping other JSON with one line).
@Suite("carender Lottie everywhere", .serialized)
struct CarenderLottieEverywhereTests {
    /// 24 frames at 12 fps (2 s), a red square moving right by 4 points a frame; markers "a"
    /// (frames 6…9) and "b" (frame 20).
    static let animation = #"""
    {"v":"5.7","fr":12,"ip":0,"op":24,"w":100,"h":20,"markers":[{"cm":"a","tm":6,"dr":4},{"cm":"b","tm":20,"dr":0}],
     "layers":[{"ty":1,"ind":1,"ip":0,"op":24,"st":0,"sw":4,"sh":20,"sc":"#ff0000",
       "ks":{"p":{"a":1,"k":[{"t":0,"s":[2,10],"e":[98,10],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":24,"s":[98,10]}]},
             "a":{"a":0,"k":[2,10]}}}]}
    """#

    let cli = CarenderLottieCLITests()

    func withAnimation(_ body: (_ json: String, _ dir: URL) throws -> Void) throws {
        try cli.withAnimation(Self.animation, named: "move.json", body)
    }

    func frames(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The x of the red square's left edge in a frame (scale 1), or nil.
    func redX(_ png: URL) throws -> Int? {
        let image = try CGImage.decode(contentsOf: png)
        let rgba = [UInt8](image.straightRGBA8()), row = 10 * image.width * 4
        return (0..<image.width).first { x in rgba[row + 4 * x] > 200 && rgba[row + 4 * x + 1] < 60 && rgba[row + 4 * x + 3] > 200 }
    }

    @Test func aSequenceOutputGetsTheWholeAnimationAtItsOwnRate() throws {
        try withAnimation { json, dir in
            let out = dir.appendingPathComponent("all")
            let (status, log) = try cli.carender(["render", json, "--scale", "1", "-o", out.path])
            #expect(status == 0, "\(log)")
            #expect(frames(out).count == 24, "\(log)")
            #expect(try redX(out.appendingPathComponent("frame-00006.png")) == 24)          // 6 frames × 4 pt
            let looped = dir.appendingPathComponent("loops")
            #expect(try cli.carender(["render", json, "--loops", "3", "--scale", "1", "-o", looped.path]).0 == 0)
            #expect(frames(looped).count == 72)
            #expect(try redX(looped.appendingPathComponent("frame-00030.png")) == 24)       // frame 6 of the 2nd loop
            let one = dir.appendingPathComponent("one.png")                                  // a .png is one frame
            #expect(try cli.carender(["render", json, "--scale", "1", "-o", one.path]).0 == 0)
            #expect(try redX(one) == 0)
        }
    }

    @Test func timeFramesAndMarkersPickFrames() throws {
        try withAnimation { json, dir in
            let t = dir.appendingPathComponent("t.png")
            #expect(try cli.carender(["render", json, "--time", "1", "--scale", "1", "-o", t.path]).0 == 0)
            #expect(try redX(t) == 48)                                                       // 1 s = frame 12
            let part = dir.appendingPathComponent("part")
            #expect(try cli.carender(["render", json, "--frames", "10:13", "--scale", "1", "-o", part.path]).0 == 0)
            #expect(frames(part) == ["frame-00010.png", "frame-00011.png", "frame-00012.png"])
            #expect(try redX(part.appendingPathComponent("frame-00011.png")) == 44)
            let marker = dir.appendingPathComponent("marker")
            #expect(try cli.carender(["render", json, "--marker", "a", "--scale", "1", "-o", marker.path]).0 == 0)
            #expect(frames(marker).count == 4)
            #expect(try redX(marker.appendingPathComponent("frame-00000.png")) == 24)
            let (status, log) = try cli.carender(["render", json, "--marker", "c", "-o", t.path])
            #expect(status == 64 && log.contains("the animation has the markers a, b"), "\(log)")
            let (late, lateLog) = try cli.carender(["render", json, "--time", "5", "-o", t.path])
            #expect(late == 64 && lateLog.contains("--time 5.0 is outside the animation's 0…2.00 s"), "\(lateLog)")
            let (info, infoLog) = try cli.carender(["info", json])
            #expect(info == 0 && infoLog.contains("markers: a (frames 6.0…10.0), b (frames 20.0…20.0)"), "\(infoLog)")
        }
    }

    @Test func batchFindsAnimationsAndSkipsOtherJSON() throws {
        try withAnimation { json, dir in
            try Data(#"{"name":"settings"}"#.utf8).write(to: dir.appendingPathComponent("settings.json"))
            let out = dir.appendingPathComponent("out")
            let (status, log) = try cli.carender(["batch", dir.path, "-o", out.path, "--scale", "1"])
            #expect(status == 0, "\(log)")
            #expect(log.contains("skipping settings.json: not a Lottie animation"), "\(log)")
            #expect(frames(out) == ["move.png"], "\(log)")
        }
    }

    /// Found by a trial: a marker 1e300 frames long trapped converting its frame count, and
    /// markers outside the animation rendered frames instead of being refused.
    @Test func markersOutsideTheAnimationAreRefused() throws {
        try withAnimation { json, dir in
            let text = Self.animation.replacingOccurrences(of: #""markers":[{"cm":"a","tm":6,"dr":4},{"cm":"b","tm":20,"dr":0}]"#,
                with: #""markers":[{"cm":"huge","tm":0,"dr":1e300},{"cm":"late","tm":1000,"dr":5},{"cm":"early","tm":-50,"dr":2}]"#)
            let odd = dir.appendingPathComponent("odd.json")
            try Data(text.utf8).write(to: odd)
            for name in ["huge", "late", "early"] {
                let (status, log) = try cli.carender(["render", odd.path, "--marker", name, "-o", dir.appendingPathComponent(name).path])
                #expect(status == 64 && log.contains("outside the animation's frames 0.0…24.0"), "\(name): \(status) \(log)")
            }
        }
    }

    @Test func aPDFWithABackgroundKeepsItsPageSize() throws {
        try withAnimation { json, dir in
            let pdf = dir.appendingPathComponent("p.pdf")
            let (status, log) = try cli.carender(["render", json, "--background", "white", "-o", pdf.path])
            #expect(status == 0 && log.contains("(100×20 pt, vector)"), "\(log)")
            let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
            #expect(text.contains("/MediaBox [ 0 0 100 20 ]") || text.contains("/MediaBox [0 0 100 20]"), "\(text.prefix(600))")
        }
    }

    @Test func batchPassesLottieOptionsOn() throws {
        try withAnimation { json, dir in
            let out = dir.appendingPathComponent("out")
            let (status, log) = try cli.carender(["batch", dir.path, "-o", out.path, "--progress", "0.5", "--scale", "1"])
            #expect(status == 0, "\(log)")
            #expect(frames(out.appendingPathComponent("move")).count == 0 && frames(out) == ["move.png"], "\(frames(out))")
        }
    }
}
