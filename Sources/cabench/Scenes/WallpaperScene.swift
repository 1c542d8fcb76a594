// issue 6's scene benchmark: frames per second rendering the largest bundled real scene (of
// ../shared/scenes/wallpapers, by layer count) at its native size (390×844 points @3x =
// 1170×2532 pixels), its animations running at 30 frames per second of scene time. The peer is
// the same renderer with damage tracking off (every frame drawn in full).
import Foundation
import QuartzCore
import CAML

struct WallpaperScene: BenchScene {
    let name = "wallpaper"
    let summary = "the largest real scene in ../shared/scenes (by layers) at native size, 30 fps of scene time; ms per frame (fps = 1000 ÷ ms)"

    /// The scenes folder: $CABENCH_SCENES, else ../shared/scenes/wallpapers beside the checkout.
    static var folder: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["CABENCH_SCENES"] ?? "../shared/scenes/wallpapers")
    }

    /// The bundled scene with the most layers, loaded, and its name; nil without the folder.
    static func largest() -> (name: String, scene: CAMLScene)? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var best: (String, CAMLScene, Int)?
        for n in names.sorted() where n.hasSuffix(".wallpaper") {
            guard let s = try? CAMLScene.load(contentsOf: folder.appendingPathComponent(n)) else { continue }
            let count = layerCount(s.rootLayer)
            if count > best?.2 ?? 0 { best = (n, s, count) }
        }
        return best.map { ($0.0, $0.1) }
    }

    static func layerCount(_ l: CALayer) -> Int { 1 + (l.sublayers ?? []).reduce(0) { $0 + layerCount($1) } }

    func cases() -> [BenchCase] {
        guard let (sceneName, probe) = Self.largest() else {
            FileHandle.standardError.write("wallpaper: no scenes at \(Self.folder.path) (set CABENCH_SCENES); skipped\n"
                .data(using: .utf8)!)
            return []
        }
        let px = "\(Int(probe.size.width * probe.defaultScale))×\(Int(probe.size.height * probe.defaultScale))"
        return [BenchCase(label: "\(sceneName), \(Self.layerCount(probe.rootLayer)) layers, \(px) px",
                          unit: .millisecondsPer("frame"), target: nil,
                          subjects: [frames(sceneName, tracking: true), frames(sceneName, tracking: false)],
                          frames: 10, warmup: 2)]
    }

    private func frames(_ sceneName: String, tracking: Bool) -> Subject {
        Subject(name: tracking ? "CAOffscreenRenderer.frame (damage tracking)" : "same frames, full repaint",
                isPeer: !tracking) {
            // Each subject loads its own copy, so the two never share layers or render trees.
            let scene = try! CAMLScene.load(contentsOf: Self.folder.appendingPathComponent(sceneName))
            let r = CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size, scale: scene.defaultScale,
                                        flipped: scene.isFlipped)!
            r.isDamageTrackingEnabled = tracking
            BenchBackend.install(on: r)
            var n = 0.0
            var last = 0
            return Iteration(
                body: { n += 1; last = r.frame(at: n / 30)?.width ?? 0 },
                check: { last == Int((scene.size.width * scene.defaultScale).rounded(.up)) ? nil
                         : "frame width \(last)" })
        }
    }
}
