// `cawindowcheck bench cpu|gpu`: the window host's figures (scripts/window-bench.sh runs it in
// release under Xvfb and docs/BENCHMARKS.md keeps the table). For each scene, frames per second
// on screen (the render thread unpaced: refresh rate 1000 Hz) against the offscreen renderer
// drawing the same tree at the same size on the same backend in the same process, with
// on-screen frame-time percentiles; then the cost of a 1920×1080 frame whose every pixel
// changes, offscreen (the GPU backend reads it back) against presented; an idle window's CPU
// use; input-to-screen latency in display frames at 60 Hz.
import CAML
import CoreGraphics
import Foundation
import Lottie
import QuartzCore
import QuartzCoreGL
import QuartzCoreWindow

/// A scene for the benchmark: a tree made on the main queue, its size in points, how long to
/// measure, and what to do once it is shown (start its clock).
struct BenchTree {
    let name: String
    let size: CGSize
    let make: () -> CALayer
    /// Called on the main queue with the root once the window or renderer holds it.
    var start: (CALayer) -> Void = { _ in }
}

/// The largest real wallpaper (by file size, SideStore), its root y-up inside a flipped container.
func wallpaperTree() -> BenchTree? {
    let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["CABENCH_SCENES"] ?? "../shared/scenes/wallpapers")
    let url = folder.appendingPathComponent("SideStore.wallpaper")
    guard let probe = try? CAMLScene.load(contentsOf: url) else { return nil }
    return BenchTree(name: "SideStore.wallpaper (\(Int(probe.size.width))×\(Int(probe.size.height)) pt, scale 1)", size: probe.size) {
        let scene = try! CAMLScene.load(contentsOf: url)
        let container = CALayer()
        container.frame = CGRect(origin: .zero, size: scene.size)
        container.isGeometryFlipped = !scene.isFlipped   // the scene's own y-up space
        container.addSublayer(scene.rootLayer)
        return container
    }
}

/// 1,000 layers, each moving and turning forever (one animation group each).
func layersTree() -> BenchTree {
    BenchTree(name: "1,000 animated layers (800×600 pt)", size: CGSize(width: 800, height: 600)) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 800, height: 600)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        for i in 0..<1000 {
            let l = CALayer()
            let x = CGFloat(i % 40) * 20 + 10, y = CGFloat(i / 40) * 24 + 12
            l.frame = CGRect(x: x - 7, y: y - 7, width: 14, height: 14)
            l.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: CGFloat(i % 11) / 11, blue: 0.8, alpha: 1)
            l.cornerRadius = 3
            let move = CABasicAnimation(keyPath: "position.y")
            move.fromValue = y - 6; move.toValue = y + 6
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0; turn.toValue = Double.pi
            let group = CAAnimationGroup()
            group.animations = [move, turn]
            group.duration = 1 + Double(i % 5) * 0.1
            group.autoreverses = true
            group.repeatCount = .infinity
            l.add(group, forKey: "wiggle")
            root.addSublayer(l)
        }
        return root
    }
}

/// A Lottie sample playing in real time (its root's speed 1 from when it is shown).
func lottieTree() -> BenchTree? {
    let url = URL(fileURLWithPath: ProcessInfo.processInfo.environment["CABENCH_LOTTIE"] ?? "../shared/lottie/samples/LottieLogo1.json")
    guard let animation = try? LottieAnimation(contentsOf: url) else { return nil }
    let probe = LottieLayer(animation: animation)
    let size = probe.viewSize()
    return BenchTree(name: "\(url.lastPathComponent) (\(Int(size.width))×\(Int(size.height)) pt)", size: size, make: {
        LottieLayer(animation: animation).makeView(viewSize: size)
    }, start: { root in
        // Play from the start on the media clock instead of holding a frame (speed 0).
        var l: CALayer? = root
        while let layer = l, layer.speed != 0 { l = layer.sublayers?.first }
        guard let lottie = l else { return }
        lottie.beginTime = CACurrentMediaTime()
        lottie.speed = 1
    })
}

/// A frame whose every pixel changes every frame: a full-size layer fading between two colours.
func fullFrameTree(_ size: CGSize) -> BenchTree {
    BenchTree(name: "full-frame change", size: size) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let fill = CALayer()
        fill.frame = root.bounds
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        fade.duration = 0.5; fade.autoreverses = true; fade.repeatCount = .infinity
        fill.add(fade, forKey: "fade")
        root.addSublayer(fill)
        return root
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

/// Offscreen frames per second of `tree` on `backend`: frames at n / 60 s, drawn back to back.
func offscreenRate(_ tree: BenchTree, _ backend: CACompositingBackend, seconds: Double) -> (fps: Double, msPerFrame: Double) {
    onMain {
        let root = tree.make()
        root.frame = CGRect(origin: .zero, size: tree.size)
        let r = CAOffscreenRenderer(rootLayer: root, size: tree.size, scale: 1)!
        _ = try? r.useBackend(backend)
        tree.start(root)
        var n = 0.0
        for _ in 0..<5 { n += 1; _ = r.frame(at: n / 60) }   // warm caches
        let began = CACurrentMediaTime()
        var frames = 0
        while CACurrentMediaTime() - began < seconds { n += 1; _ = r.frame(at: n / 60); frames += 1 }
        let elapsed = CACurrentMediaTime() - began
        return (Double(frames) / elapsed, elapsed / Double(frames) * 1000)
    }
}

/// On-screen frames per second of `tree` in a window on `backend`, unpaced (`refresh` 1000 Hz)
/// or at a display's rate, with percentiles.
func windowRate(_ tree: BenchTree, _ backend: CACompositingBackend, seconds: Double,
                refresh: Double = 1000) -> (fps: Double, p50: Double, p95: Double, p99: Double, readbacks: Int?) {
    let root = onMain { tree.make() }
    let w = open(root, backend.rawValue == "automatic" ? "auto" : backend.rawValue, size: tree.size)
    onMain { tree.start(root); w.value.loop.refreshRate = refresh }
    Thread.sleep(forTimeInterval: 0.7)
    _ = w.value.loop.takeFrameDurations()
    let before = w.value.loop.frameCounts.presented, began = CACurrentMediaTime()
    Thread.sleep(forTimeInterval: seconds)
    let frames = w.value.loop.frameCounts.presented - before, elapsed = CACurrentMediaTime() - began
    let d = w.value.loop.takeFrameDurations().sorted()
    let readbacks = onMain { w.value.gpuReadbacks }
    onMain { w.value.close() }
    return (Double(frames) / elapsed, percentile(d, 0.5) * 1000, percentile(d, 0.95) * 1000, percentile(d, 0.99) * 1000, readbacks)
}

func bench(_ name: String) {
    let backend: CACompositingBackend = name == "gpu" ? .gpu : .cpu
    say("| scene (\(name)) | offscreen fps | on screen fps, unpaced | ratio | on-screen frame ms p50 / p95 / p99 | on screen at 60 Hz | GPU read-backs |")
    say("|---|---|---|---|---|---|---|")
    for tree in [wallpaperTree(), layersTree(), lottieTree()].compactMap({ $0 }) {
        let off = offscreenRate(tree, backend, seconds: 3)
        let on = windowRate(tree, backend, seconds: 3)
        let paced = windowRate(tree, backend, seconds: 3, refresh: 60)
        say(String(format: "| %@ | %.1f | %.1f | %.2f× | %.2f / %.2f / %.2f | %.1f fps (%.2f× of min(60, offscreen)) | %@ |", tree.name, off.fps, on.fps,
                   on.fps / off.fps, on.p50, on.p95, on.p99, paced.fps, paced.fps / min(60, off.fps), on.readbacks.map(String.init) ?? "–"))
    }
    // A 1920×1080 frame with every pixel changed: offscreen (GPU: drawn, then read back) against presented.
    let full = fullFrameTree(CGSize(width: 1920, height: 1080))
    let off = offscreenRate(full, backend, seconds: 3)
    let on = windowRate(full, backend, seconds: 3)
    say(String(format: "| 1920×1080, every pixel changed | %.1f (%.2f ms a frame%@) | %.1f | %.2f× | %.2f / %.2f / %.2f | – | %@ |",
               off.fps, off.msPerFrame, backend == .gpu ? ", read back" : "", on.fps, on.fps / off.fps, on.p50, on.p95, on.p99,
               on.readbacks.map(String.init) ?? "–"))
    // An idle window: CPU time over 3 s of a still tree.
    let still = onMain { makeScene() }
    let w = open(still, name)
    _ = wait(10) { w.value.isIdle }
    Thread.sleep(forTimeInterval: 0.5)
    let cpu0 = cpuTime(), frames0 = w.value.loop.frameCounts
    Thread.sleep(forTimeInterval: 3)
    let cpu1 = cpuTime(), frames1 = w.value.loop.frameCounts
    say(String(format: "idle window: %.2f %% of a core, %d frames built in 3 s", (cpu1 - cpu0) / 3 * 100,
               frames1.presented + frames1.unchanged - frames0.presented - frames0.unchanged))
    onMain { w.value.close() }
}
