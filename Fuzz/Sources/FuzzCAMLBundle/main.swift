import Foundation
import CoreGraphics
import QuartzCore
import CAML
import FuzzSupport

/// A whole `.ca` bundle or `.wallpaper` folder (see `FuzzArchive` for the packing): unpacked
/// into a scratch folder, loaded as `carender` loads it, and rendered small at two times.
let scratch = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("fuzz-bundle-\(ProcessInfo.processInfo.processIdentifier)")

@_cdecl("LLVMFuzzerTestOneInput")   // for libFuzzer's main, when the linker picks that one
public func fuzzCAMLBundle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let files = FuzzArchive.unpack(Array(UnsafeBufferPointer(start: data, count: size)))
    guard !files.isEmpty else { return 0 }
    // Planes at the top (`X.ca/…`) make a wallpaper; otherwise the files are one bundle.
    let isWallpaper = files.contains { $0.path.split(separator: "/").first?.hasSuffix(".ca") == true && $0.path.contains("/") }
    let root = scratch.appendingPathComponent(isWallpaper ? "fuzz.wallpaper" : "fuzz.ca")
    try? FileManager.default.removeItem(at: scratch)
    FuzzArchive.write(files, into: root)
    guard let scene = try? CAMLScene.load(contentsOf: root) else { return 0 }
    _ = scene.describe()
    for name in scene.stateNames.prefix(3) { scene.apply(state: name) }
    let side = max(scene.size.width, scene.size.height, 1)
    if let renderer = CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size,
                                          scale: min(1, 48 / side), flipped: scene.isFlipped) {
        _ = renderer.image(at: 0)
        _ = renderer.image(at: 1.5)
    }
    return 0
}

runFuzzer { fuzzCAMLBundle($0, $1) }
