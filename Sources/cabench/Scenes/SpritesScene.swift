// issue 7's `sprites` (and issue 5's "1,000 sprites of 64×64 moving"): 64×64 image layers
// moving, rotating and fading over an opaque background, bilinear. Target (issue 17): ≤ 0.33× the C peer (cairo), ≤ 1.0× Blend2D.
import CPeer

struct SpritesScene: BenchScene {
    let name = "sprites"
    let summary = "1,000 and 5,000 64×64 image layers moving, rotating and fading at 1920×1080; ms per frame vs cairo and pixman in C"

    static let image = Lazy { SpriteImage(width: 64, height: 64, style: 0) }

    static func motion(_ count: Int) -> SpriteMotion {
        SpriteMotion(count: count, imageSide: 64, spin: 0.05, opacityRange: 0.3...1)
    }

    func cases() -> [BenchCase] {
        [1000, 5000].map { count in
            let motion = Self.motion(count).motion, pixels = count * 64 * 64
            let label = "\(count.formatted()) sprites 64×64, 1920×1080, bilinear, opacity 0.3–1"
            let key = "sprites-\(count)"
            return BenchCase(
                label: label, unit: .millisecondsPer("frame"),
                target: BenchTarget(limit: 0.33, text: "≤ 0.33× the C peer (cairo)", versus: "cairo"),
                subjects: [
                    RenderCases.ours("CAOffscreenRenderer.frame (layers set + committed untimed)", image: Self.image.get,
                                     motion: motion, pixels: pixels),
                    RenderCases.peer("cairo (C): clip + paint_with_alpha per sprite", image: Self.image.get,
                                     motion: motion, pixels: pixels, draw: RenderCases.cairoPeer),
                    RenderCases.peer("pixman (C): a8 triangle mask + OVER per sprite", image: Self.image.get,
                                     motion: motion, pixels: pixels, draw: RenderCases.pixmanPeer),
                ],
                frames: count > 1000 ? 2 : 4, warmup: 1, key: key,
                export: { dir in
                    try RenderCases.export(dir: dir, key: key, scene: name, label: label, image: Self.image.get(),
                                           motion: motion, frames: 8)
                })
        }
    }
}
