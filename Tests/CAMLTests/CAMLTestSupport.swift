import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// Where the shared real scenes are: `$CAML_SCENES_DIR`, or `shared/scenes` beside or above the
/// repository root; nil when none exists (the real-scene tests are then disabled).
enum CAMLTestScenes {
    static let folder: URL? = {
        if let env = ProcessInfo.processInfo.environment["CAML_SCENES_DIR"] {
            return URL(fileURLWithPath: env)
        }
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()   // Tests/CAMLTests
        for _ in 0..<5 {
            dir = dir.deletingLastPathComponent()
            let candidate = dir.appendingPathComponent("shared/scenes/wallpapers")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static var available: Bool { folder != nil }

    static func url(_ name: String) -> URL { folder!.appendingPathComponent("\(name).wallpaper") }

    static func load(_ name: String) throws -> CAMLScene {
        try CAMLScene.load(contentsOf: url(name))
    }
}

/// A scene read from CAML text.
func scene(_ xml: String, file: String = "test.caml", base: URL? = nil) throws(CAMLError) -> CAMLScene {
    try CAMLScene.load(camlData: Data(xml.utf8), file: file, baseURL: base)
}

/// `<caml>` around one root layer.
func caml(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<caml xmlns=\"http://www.apple.com/CoreAnimation/1.0\">\n\(body)\n</caml>\n"
}

/// The straight RGBA of pixel (x, y), y down, of a premultiplied-first little-endian image.
func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
    let o = y * image.bytesPerRow + x * 4
    let p = image.dataProvider?.data ?? Data()
    guard p.count >= o + 4 else { return (0, 0, 0, 0) }
    let b = Int(p[p.startIndex + o]), g = Int(p[p.startIndex + o + 1]), r = Int(p[p.startIndex + o + 2])
    let a = Int(p[p.startIndex + o + 3])
    guard a > 0 else { return (0, 0, 0, 0) }
    return (min(255, r * 255 / a), min(255, g * 255 / a), min(255, b * 255 / a), a)
}

/// Collects every layer under `root`, depth first.
func allLayers(_ root: CALayer) -> [CALayer] {
    [root] + (root.sublayers ?? []).flatMap(allLayers)
}
