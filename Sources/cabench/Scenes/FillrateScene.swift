// issue 7's `fillrate` (issue 5: "6 translucent full-screen layers"): 6 and 16 translucent
// 1920×1080 image layers moving by whole pixels each frame over an opaque background, against
// pixman compositing the same and against the roof measured in the same run: one fill plus as
// many full-frame pixman OVERs of the same image (no movement). Target: within 1.1× of the roof.
import CPeer

struct FillrateScene: BenchScene {
    let name = "fillrate"
    let summary = "6 and 16 translucent 1920×1080 layers moving by whole pixels; ms per frame, MP/s, vs pixman and the OVER roof"

    static let image = Lazy { SpriteImage(width: renderWidth, height: renderHeight, style: 1) }

    /// Layer i in frame n: its centre offset by up to ±40 × ±20 whole pixels.
    static func motion(_ count: Int, still: Bool = false) -> Motion {
        Motion(count: count) { n in
            (0..<count).map { i in
                let x = still ? 0 : (n * 7 + i * 37) % 81 - 40, y = still ? 0 : (n * 5 + i * 23) % 41 - 20
                return cpeer_sprite(a: 1, b: 0, c: 0, d: 1, tx: Double(renderWidth / 2 + x),
                                    ty: Double(renderHeight / 2 + y), opacity: 1)
            }
        }
    }

    /// pixman OVER of the image at each sprite's whole-pixel top-left corner.
    static let layersPeer: PeerDraw = { f, img, s in
        let offsets = s.flatMap { [Int32($0.tx) - Int32(img.width / 2), Int32($0.ty) - Int32(img.height / 2)] }
        img.words.withUnsafeBufferPointer { w in
            _ = cpeer_pixman_layers(f.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                    renderBackground, w.baseAddress, Int32(img.width), Int32(img.height),
                                    offsets, Int32(s.count))
        }
    }

    func cases() -> [BenchCase] {
        [6, 16].map { count in
            let pixels = count * renderWidth * renderHeight, motion = Self.motion(count)
            let label = "\(count) translucent 1920×1080 layers moving (MP/s: layers × frame pixels)"
            let key = "fillrate-\(count)"
            return BenchCase(
                label: label, unit: .millisecondsPer("frame"),
                target: BenchTarget(limit: 1.1, text: "within 1.1× of the roof", versus: "roof"),
                subjects: [
                    RenderCases.ours("CAOffscreenRenderer.frame (layers set + committed untimed)", image: Self.image.get,
                                     motion: motion, pixels: pixels),
                    RenderCases.peer("pixman (C): fill + OVER per layer at its offset", image: Self.image.get,
                                     motion: motion, pixels: pixels, draw: Self.layersPeer),
                    RenderCases.peer("roof: fill + \(count) full-frame pixman OVERs, no movement", image: Self.image.get,
                                     motion: Self.motion(count, still: true), pixels: pixels, compared: false,
                                     draw: Self.layersPeer),
                ],
                frames: 4, warmup: 1, key: key,
                export: { dir in
                    try RenderCases.export(dir: dir, key: key, scene: name, label: label, image: Self.image.get(),
                                           motion: motion, frames: 8)
                })
        }
    }
}
