import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Renders each shared scene to /tmp/caml_out for eyeballing against the recordings
/// (`CAML_DEV_RENDER=1 swift test --filter CAMLDevRenderTests`).
@Suite("Dev render", .enabled(if: ProcessInfo.processInfo.environment["CAML_DEV_RENDER"] != nil))
struct CAMLDevRenderTests {
    @Test(arguments: ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest", "GitHub"])
    func render(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: "/tmp/caml_out", withIntermediateDirectories: true)
        let s = try CAMLTestScenes.load(name)
        print(s.describe())
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
        for t in [0.0, 0.25, 1.0] {
            let img = try #require(r.image(at: t))
            try img.write(pngTo: URL(fileURLWithPath: "/tmp/caml_out/\(name)-\(t).png"))
        }
    }
}

extension CAMLDevRenderTests {
    @Test(arguments: ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest", "GitHub"])
    func renderUnlock(_ name: String) throws {
        try FileManager.default.createDirectory(atPath: "/tmp/caml_out", withIntermediateDirectories: true)
        let s = try CAMLTestScenes.load(name)
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
        _ = r.image(at: 0)
        s.transition(from: "Locked", to: "Unlock", at: 0)
        for t in [0.2, 1.0] {
            let img = try #require(r.image(at: t))
            try img.write(pngTo: URL(fileURLWithPath: "/tmp/caml_out/\(name)-unlock-\(t).png"))
        }
    }
}
