import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// The four shared wallpapers read, written and read again: the same trees, states and
/// transitions, and the same pixels at a fixed time (a quarter of native size, to stay fast).
@Suite("CAMLWriter real scenes", .serialized, .enabled(if: CAMLTestScenes.available))
struct CAMLWriterRealSceneTests {
    static let names = ["Spinning_Squares", "SideStore", "Simple_Minecraft_Chest", "GitHub"]

    func frame(_ s: CAMLScene, at t: Double) throws -> CGImage {
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 0.25,
                                                 flipped: s.isFlipped, startTime: 0))
        return try #require(r.image(at: t))
    }

    func expectSameScene(_ a: CAMLScene, _ b: CAMLScene, _ name: String) throws {
        #expect(layerDifferences(a.rootLayer, b.rootLayer) == [], "\(name)")
        #expect(a.size == b.size && a.isFlipped == b.isFlipped && a.initialState == b.initialState, "\(name)")
        #expect(a.stateNames == b.stateNames, "\(name)")
        #expect(a.states.map(\.elements.count) == b.states.map(\.elements.count), "\(name)")
        for (s, t) in zip(a.states, b.states) {
            for (v, w) in zip(s.elements, t.elements) {
                #expect(v.targetID == w.targetID && v.keyPath == w.keyPath && sameValue(v.value, w.value), "\(name) \(s.name)")
            }
        }
        #expect(a.transitions.map(\.elements.count) == b.transitions.map(\.elements.count), "\(name)")
        for (s, t) in zip(a.transitions, b.transitions) {
            #expect(s.fromState == t.fromState && s.toState == t.toState, "\(name)")
            for (x, y) in zip(s.elements, t.elements) {
                #expect(x.targetID == y.targetID && x.keyPath == y.keyPath, "\(name)")
                if let p = x.animation, let q = y.animation { #expect(animationDifferences(p, q, x.keyPath) == [], "\(name)") }
            }
        }
        #expect(samePixels(try frame(a, at: 0.3), try frame(b, at: 0.3)), "\(name): frame at 0.3 s differs")
    }

    @Test("each wallpaper written as a .wallpaper reads back to the same scene and pixels")
    func wallpapers() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in Self.names {
            let original = try CAMLTestScenes.load(name)
            let out = folder.appendingPathComponent("\(name).wallpaper")
            let writer = CAMLWriter()
            try writer.write(original, to: out)
            #expect(writer.warnings.isEmpty, "\(name): \(writer.warnings)")
            let back = try CAMLScene.load(contentsOf: out)
            #expect(back.warnings.isEmpty, "\(name): \(back.warnings)")
            #expect(back.files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }
                    == original.files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent })
            #expect(back.defaultScale == 3)
            try expectSameScene(original, back, name)
        }
    }

    @Test("GitHub's three planes as one .caml document: same tree, and the same frames after Locked → Unlock")
    func flattenedGitHub() throws {
        let original = try CAMLTestScenes.load("GitHub")
        let text = try CAMLWriter().string(for: original)
        let back = try scene(text, file: "GitHub.caml")
        #expect(back.warnings.isEmpty, "\(back.warnings)")
        #expect(back.rootLayer.sublayers?.count == 3)
        #expect(layerDifferences(original.rootLayer, back.rootLayer) == [])
        original.transition(from: "Locked", to: "Unlock", at: 0)
        back.transition(from: "Locked", to: "Unlock", at: 0)
        #expect(samePixels(try frame(original, at: 0.4), try frame(back, at: 0.4)))
        #expect(samePixels(try frame(original, at: 1.2), try frame(back, at: 1.2)))
    }

    @Test("Simple_Minecraft_Chest as one .ca bundle: each distinct image once as a PNG asset")
    func bundle() throws {
        let folder = try writerTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try CAMLTestScenes.load("Simple_Minecraft_Chest")
        let images = Set(allLayers(original.rootLayer).compactMap { ($0.contents as? CGImage).map(ObjectIdentifier.init) })
        #expect(images.count == 5)
        let out = folder.appendingPathComponent("Chest@3x.ca")
        try CAMLWriter().write(original, to: out)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == ["assets", "index.xml", "main.caml"])
        let assets = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("assets").path).sorted()
        #expect(assets == (1...5).map { "image-\($0).png" })
        let back = try CAMLScene.load(contentsOf: out)
        #expect(back.warnings.isEmpty)
        #expect(back.defaultScale == 3)
        try expectSameScene(original, back, "Chest@3x.ca")
    }
}
