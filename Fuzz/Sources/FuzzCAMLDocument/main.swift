import Foundation
import FuzzSupport
import CoreGraphics
import QuartzCore
import CAML

/// One CAML document: read, described, switched through its states, and rendered at two times
/// into a small frame (at most 48 pixels a side, so renders stay cheap whatever the scene says).
@_cdecl("LLVMFuzzerTestOneInput")   // for libFuzzer's main, when the linker picks that one
public func fuzzCAMLDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Data(bytes: data, count: size)
    guard let scene = try? CAMLScene.load(camlData: bytes, file: "fuzz.caml",
                                          baseURL: URL(fileURLWithPath: "/nonexistent-fuzz-base")) else { return 0 }
    _ = scene.describe()
    renderSmall(scene)
    return 0
}

func renderSmall(_ scene: CAMLScene) {
    for name in scene.stateNames.prefix(3) { scene.apply(state: name) }
    if let first = scene.stateNames.first, let last = scene.stateNames.last {
        scene.transition(from: first, to: last, at: 0)
    }
    let side = max(scene.size.width, scene.size.height, 1)
    let scale = min(1, 48 / side)
    guard let renderer = CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size,
                                             scale: scale, flipped: scene.isFlipped) else { return }
    _ = renderer.image(at: 0)
    _ = renderer.image(at: 0.75)
}

runFuzzer { fuzzCAMLDocument($0, $1) }
