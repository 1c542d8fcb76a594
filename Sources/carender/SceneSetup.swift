import Foundation
import CoreGraphics
import QuartzCore
import CAML

/// What every `render` output starts from: the scene loaded (its warnings printed), the states
/// checked, the frame size checked, a renderer made and the requested state (or transition)
/// applied at time 0. Usage errors exit 64, unreadable scenes 65, missing ones 66.
struct SceneSetup {
    let scene: CAMLScene
    let renderer: CAOffscreenRenderer
    let size: CGSize
    let scale: CGFloat

    /// The scene of `o` loaded, its warnings printed and the states asked for checked (what
    /// `play` does before it looks for a display, so a bad scene is told as such).
    static func load(_ o: RenderOptions) -> CAMLScene {
        let scene = loadScene(o.scene, allowedAssetFolders: o.allowedAssetFolders)
        checkInterrupted(nil)
        // A clamped root size is told once, by ClampedFrame with the frame's memory, not by CAML too.
        let clampTold = ClampedFrame.applies(scene, o)
        for w in scene.warnings where !(clampTold && CAMLScene.isRootSizeWarning(w)) {
            FileHandle.standardError.write("\(printable("\(w)"))\n".data(using: .utf8)!)
        }
        let names = scene.stateNames
        for s in [o.state, o.fromState].compactMap({ $0 }) where !names.contains(s) {
            let known = names.isEmpty ? "it has no states" : "its states: \(names.joined(separator: ", "))"
            fail(printable("scene has no state '\(s)' (\(known); carender info lists them)"), .usage)
        }
        return scene
    }

    /// `extraCheck` may refuse the size (in points) with a message, before the renderer is made;
    /// `chooseScale` picks the scale when `--scale` is not given (from the size in points and
    /// the scene's own scale; `play` fits the display). `scene`: already `load`ed.
    /// `installsBackend`: false where another host draws the frames (`play`'s window).
    init(_ o: RenderOptions, scene loaded: CAMLScene? = nil, extraCheck: (CGSize) -> String? = { _ in nil },
         chooseScale: (CGSize, CGFloat) -> CGFloat = { $1 }, installsBackend: Bool = true) {
        let scene = loaded ?? Self.load(o)
        let content = o.size ?? scene.size
        let contentScale = o.scale ?? chooseScale(content, scene.defaultScale)
        if let refusal = extraCheck(content) { fail(refusal, .usage) }
        // Framed (OutputFraming.swift): the host is the output's pixels at scale 1, the scene
        // placed in it; otherwise the scene's own size at its scale.
        let (root, size, scale) = o.framing.host(scene.rootLayer, size: content, scale: contentScale, output: o.output,
                                                 memoryBudget: o.memoryBudget)
        let pixels = (size.width * scale, size.height * scale)
        guard pixels.0 >= 1, pixels.1 >= 1 else {
            fail("frame of \(size.width)×\(size.height) points at scale \(scale) is under one pixel", .usage)
        }
        ClampedFrame.check(scene, o, size: size, scale: scale)   // Safety/ClampedFrame.swift
        let tooLarge: () -> Never = {
            usageFailure("frame of \(size.width)×\(size.height) points at scale \(scale) is too large: at most "
                         + "\(Int(RenderOptions.maxPixelSide)) pixels a side (a smaller --size or --scale)", help: "render")
        }
        guard pixels.0 <= RenderOptions.maxPixelSide, pixels.1 <= RenderOptions.maxPixelSide else { tooLarge() }
        FrameMemory.check(size, scale: scale, budget: o.memoryBudget)   // Safety/FrameMemory.swift
        guard let renderer = CAOffscreenRenderer(rootLayer: root, size: size, scale: scale,
                                                 flipped: scene.isFlipped, startTime: 0) else { tooLarge() }
        renderer.maximumFrameWork = Int(o.workBudget * 1_000_000)
        if installsBackend { o.backend.install(on: renderer) }   // Backend.swift
        renderer.host.withClock {
            guard let to = o.state else { return }
            if let from = o.fromState {
                scene.apply(state: from)
                CATransaction.flush()
                scene.transition(from: from, to: to, at: 0)
            } else {
                scene.apply(state: to)
            }
        }
        self.scene = scene; self.renderer = renderer; self.size = size; self.scale = scale
    }
}
