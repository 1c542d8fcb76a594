import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

@Suite("Dev render", .enabled(if: ProcessInfo.processInfo.environment["CAML_DEV_RENDER"] != nil))
struct CAMLDevRenderTests {
    @Test(arguments: ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest", "GitHub"])
    func render(_ name: String) throws {
        let s = try CAMLTestScenes.load(name)
        print(s.describe())
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
        for t in [0.0, 0.25, 1.0] {
            let img = try #require(r.image(at: t))
            try img.write(pngTo: URL(fileURLWithPath: "/tmp/caml_out/\(name)-\(t).png"))
        }
    }
}
