// The subjects of the sprite-like render scenes (sprites, transformed, fillrate): ours through
// CAOffscreenRenderer and the C peers through cairo or pixman, each drawing frame n of the same
// `SpriteMotion`, plus the scene file the Python peers read (`--save`).
import CPeer
import Foundation

/// What a render case draws: `count` sprites, where each is in frame n.
struct Motion {
    var count: Int
    var sprites: (Int) -> [cpeer_sprite]
}

/// How a C peer draws one frame of sprites into a frame buffer.
typealias PeerDraw = @Sendable (_ frame: PeerFrame, _ image: SpriteImage, _ sprites: [cpeer_sprite]) -> Void

enum RenderCases {
    static let cairoPeer: PeerDraw = { f, img, s in
        img.words.withUnsafeBufferPointer { w in
            _ = cpeer_cairo_sprites(f.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                    renderBackground, w.baseAddress, Int32(img.width), Int32(img.height), s, Int32(s.count))
        }
    }

    static let pixmanPeer: PeerDraw = { f, img, s in
        img.words.withUnsafeBufferPointer { w in
            _ = cpeer_pixman_sprites(f.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                     renderBackground, w.baseAddress, Int32(img.width), Int32(img.height), s, Int32(s.count))
        }
    }

    /// Ours: set the layers for frame n (untimed: prepare), render (timed).
    static func ours(_ name: String, image: @escaping () -> SpriteImage, motion: Motion,
                     pixels: Int) -> Subject {
        Subject(name: name, isPeer: false, pixelsPerIteration: pixels) {
            let scene = LayerSprites(image: image())
            scene.resize(to: motion.count)
            var n = 0
            return Iteration(
                prepare: { n += 1; scene.apply(motion.sprites(n)) },
                body: { blackHole(scene.render()) },
                check: { scene.count == motion.count ? nil : "\(scene.count) layers, expected \(motion.count)" },
                frame: { k in scene.apply(motion.sprites(k)); scene.render(); return scene.pixels() })
        }
    }

    /// A C peer: the frame's sprites are computed untimed (prepare), then drawn (timed).
    /// `compared`: false for a subject that draws other pixels on purpose (the fillrate roof).
    static func peer(_ name: String, image: @escaping () -> SpriteImage, motion: Motion, pixels: Int,
                     compared: Bool = true, draw: @escaping PeerDraw) -> Subject {
        Subject(name: name, isPeer: true, pixelsPerIteration: pixels) {
            let img = image(), frame = PeerFrame()
            var n = 0, sprites: [cpeer_sprite] = []
            return Iteration(
                prepare: { n += 1; sprites = motion.sprites(n) },
                body: { draw(frame, img, sprites) },
                frame: compared ? { k in draw(frame, img, motion.sprites(k)); return frame.buffer } : nil)
        }
    }

    /// Writes DIR/KEY.json (the scene: frames 0..<frames of sprite matrices and opacities) and
    /// DIR/KEY.image.bgra (the image's premultiplied words) for scripts/peers/render_peers.py.
    static func export(dir: String, key: String, scene: String, label: String, image: SpriteImage,
                       motion: Motion, frames: Int) throws {
        let base = URL(fileURLWithPath: dir)
        try image.words.withUnsafeBytes { Data($0) }.write(to: base.appendingPathComponent("\(key).image.bgra"))
        var framesOut: [[[Double]]] = []
        for n in 0...max(frames, Quality.frameIndex) {
            framesOut.append(motion.sprites(n).map { s in [s.a, s.b, s.c, s.d, s.tx, s.ty, s.opacity] })
        }
        let doc: [String: Any] = [
            "key": key, "scene": scene, "case": label, "width": renderWidth, "height": renderHeight,
            "background": Int(renderBackground), "imageWidth": image.width, "imageHeight": image.height,
            "imageFile": "\(key).image.bgra", "oursFile": "\(key).ours.bgra", "checkFrame": Quality.frameIndex,
            "pixelsPerFrame": motion.count * image.width * image.height, "frames": framesOut,
        ]
        try JSONSerialization.data(withJSONObject: doc).write(to: base.appendingPathComponent("\(key).json"))
    }
}

/// Built once per process and shared by the cases that use it (building a 1920×1080 image
/// takes a moment).
final class Lazy<T>: @unchecked Sendable {
    private let make: () -> T
    private var value: T?
    init(_ make: @escaping () -> T) { self.make = make }
    func get() -> T {
        if let value { return value }
        let v = make(); value = v; return v
    }
}
