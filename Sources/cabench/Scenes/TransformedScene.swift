// issue 7's `transformed` (issue 5: "100 rotated 256×256 bilinear layers"): 100 image layers of
// 256×256 rotating and scaling (0.6–1.4), bilinear, single thread. Target (issue 17): ≤ 0.5× pixman.
// Thread scaling is not reported: CPUCompositor draws a frame on one thread (no split yet).
import CPeer

struct TransformedScene: BenchScene {
    let name = "transformed"
    let summary = "100 layers of 256×256 rotating and scaling, bilinear, one thread; ms per frame vs pixman and cairo in C"

    static let image = Lazy { SpriteImage(width: 256, height: 256, style: 2) }

    func cases() -> [BenchCase] {
        let count = 100, pixels = count * 256 * 256
        let motion = SpriteMotion(count: count, imageSide: 256, spin: 0.03, scaleRange: 0.6...1.4).motion
        let label = "100 layers 256×256, rotating + scaling 0.6–1.4, bilinear, single thread"
        let key = "transformed-100"
        return [BenchCase(
            label: label, unit: .millisecondsPer("frame"),
            target: BenchTarget(limit: 0.5, text: "≤ 0.5× single-thread pixman", versus: "pixman"),
            subjects: [
                RenderCases.ours("CAOffscreenRenderer.frame (layers set + committed untimed)", image: Self.image.get,
                                 motion: motion, pixels: pixels),
                RenderCases.peer("pixman (C): a8 triangle mask + OVER per layer", image: Self.image.get,
                                 motion: motion, pixels: pixels, draw: RenderCases.pixmanPeer),
                RenderCases.peer("cairo (C): clip + paint per layer", image: Self.image.get,
                                 motion: motion, pixels: pixels, draw: RenderCases.cairoPeer),
            ],
            frames: 4, warmup: 1, key: key,
            export: { dir in
                try RenderCases.export(dir: dir, key: key, scene: name, label: label, image: Self.image.get(),
                                       motion: motion, frames: 8)
            })]
    }
}
