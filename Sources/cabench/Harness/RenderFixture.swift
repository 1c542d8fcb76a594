// What the render scenes share: one image, where each sprite is in frame n (a pure function of
// the index, so ours, the C peers and the Python peers draw the same pixels), our layer tree
// driven by those numbers, and the peers' frame buffers.
import CPeer
import Foundation
import QuartzCore

/// The frame every render scene draws into (pixels; the host is 1 point per pixel).
let renderWidth = 1920, renderHeight = 1080
/// An opaque dark grey behind everything (the root layer's background, the peers' first fill).
let renderBackground: UInt32 = 0xff20_2428

/// A premultiplied ARGB32 image, as raw words for the peers and as a `CGImage` for our layers.
final class SpriteImage: @unchecked Sendable {
    let width: Int, height: Int
    let words: [UInt32]
    let cgImage: CGImage

    /// `style` 0: a soft disc in a translucent square (sprites); 1: a full-frame translucent
    /// gradient (fillrate); 2: an opaque checker with a translucent corner (transformed).
    init(width: Int, height: Int, style: Int) {
        self.width = width; self.height = height
        var w = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt32, r: UInt32, g: UInt32, b: UInt32
                switch style {
                case 0:
                    let dx = Double(x) + 0.5 - Double(width) / 2, dy = Double(y) + 0.5 - Double(height) / 2
                    let d = (dx * dx + dy * dy).squareRoot() / (Double(width) / 2)
                    a = d < 0.8 ? 255 : d < 1 ? UInt32(255 - (d - 0.8) / 0.2 * 191) : 64
                    r = UInt32(x * 255 / max(width - 1, 1)); g = UInt32(y * 255 / max(height - 1, 1)); b = 160
                case 1:
                    a = UInt32(48 + (x / 8 + y / 8) % 160)
                    r = UInt32(x % 256); g = UInt32(y % 256); b = 200
                default:
                    let on = (x / 16 + y / 16) % 2 == 0
                    a = x + y < width / 2 ? 128 : 255
                    r = on ? 240 : 30; g = UInt32(x % 256); b = UInt32(y % 256)
                }
                // Premultiply with rounding (what CoreGraphics stores).
                func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                w[y * width + x] = a << 24 | pm(r) << 16 | pm(g) << 8 | pm(b)
            }
        }
        words = w
        let data = w.withUnsafeBytes { Data($0) }
        cgImage = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32,
                          bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedFirst, byteOrder: .order32Little),
                          provider: CGDataProvider(data: data), decode: nil, shouldInterpolate: true,
                          intent: .defaultIntent)!
    }
}

/// Where `count` sprites are in frame `n`: fixed per-sprite seeds, positions wrapping across
/// the frame, a rotation, a scale and an opacity that change with n.
struct SpriteMotion {
    var count: Int
    var imageSide: Double
    /// Rotation in radians per frame (times a per-sprite factor in 0.5…1.5).
    var spin = 0.05
    /// Scale between these (1…1: none).
    var scaleRange: ClosedRange<Double> = 1...1
    /// Opacity between these (1…1: opaque).
    var opacityRange: ClosedRange<Double> = 1...1

    /// A deterministic value in 0..<1 for (sprite, salt) (an integer hash, same on every run).
    static func unit(_ i: Int, _ salt: UInt64) -> Double {
        var z = UInt64(i) &* 0x9E37_79B9_7F4A_7C15 &+ salt &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }

    var motion: Motion { Motion(count: count, sprites: sprites(frame:)) }

    func sprites(frame n: Int) -> [cpeer_sprite] {
        let t = Double(n), margin = imageSide
        let spanX = Double(renderWidth) + 2 * margin, spanY = Double(renderHeight) + 2 * margin
        return (0..<count).map { i in
            let u = Self.unit(i, 1), v = Self.unit(i, 2), s = Self.unit(i, 3), p = Self.unit(i, 4)
            let x = (u * spanX + t * (3 + 9 * s)).truncatingRemainder(dividingBy: spanX) - margin
            let y = (v * spanY + t * (2 + 7 * p)).truncatingRemainder(dividingBy: spanY) - margin
            let angle = 6.283185307179586 * p + t * spin * (0.5 + s)
            let wave = 0.5 + 0.5 * sin(t * 0.15 + 6.283185307179586 * u)
            let scale = scaleRange.lowerBound + (scaleRange.upperBound - scaleRange.lowerBound) * wave
            // Our layers store opacity as Float: the peers get the same rounded value.
            let opacity = Double(Float(opacityRange.lowerBound + (opacityRange.upperBound - opacityRange.lowerBound) * (1 - wave)))
            return cpeer_sprite(a: scale * cos(angle), b: scale * sin(angle), c: -scale * sin(angle),
                                d: scale * cos(angle), tx: x, ty: y, opacity: opacity)
        }
    }
}

/// Our side: a root layer (the background) with one image layer per sprite, in a
/// `CAOffscreenRenderer` of the frame's size (flipped, 1 pixel per point, damage tracking on as
/// by default), drawing on **one thread** like the peers (the `threads` scene reports the split
/// across cores). Sprites set `allowsEdgeAntialiasing`, since the peers antialias their edges
/// (Apple's default, and ours, is aliased edges). `apply` sets each layer's position, affine transform and opacity and commits
/// (untimed in the scenes); `render` is the timed frame.
final class LayerSprites {
    let root = CALayer()
    private(set) var layers: [CALayer] = []
    let renderer: CAOffscreenRenderer
    let image: SpriteImage
    private var time = 0.0
    private var last: PixelBuffer?

    init(image: SpriteImage) {
        self.image = image
        renderer = makeFrameRenderer(root: root)
    }

    /// Grows or shrinks the tree to `count` sprites (layers are kept for reuse).
    func resize(to count: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        while layers.count < count {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: image.width, height: image.height)
            l.contents = image.cgImage
            l.allowsEdgeAntialiasing = true
            layers.append(l)
        }
        for (i, l) in layers.enumerated() {
            if i < count, l.superlayer == nil { root.addSublayer(l) }
            if i >= count, l.superlayer != nil { l.removeFromSuperlayer() }
        }
        CATransaction.commit()
        CATransaction.flush()
    }

    var count: Int { root.sublayers?.count ?? 0 }

    func apply(_ sprites: [cpeer_sprite]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (l, s) in zip(layers, sprites) {
            l.position = CGPoint(x: s.tx, y: s.ty)
            l.setAffineTransform(CGAffineTransform(a: s.a, b: s.b, c: s.c, d: s.d, tx: 0, ty: 0))
            l.opacity = Float(s.opacity)
        }
        CATransaction.commit()
        CATransaction.flush()
    }

    /// The next frame (the host clock advances a 60th of a second per call).
    @discardableResult
    func render() -> Int {
        time += 1.0 / 60
        // Drop our hold on the previous frame first, so the renderer is its only owner.
        last = nil
        last = renderer.frame(at: time)
        return last?.width ?? 0
    }

    /// The last frame's pixels (empty when none was drawn).
    func pixels() -> UnsafeBufferPointer<UInt32> {
        guard let last else { return UnsafeBufferPointer(start: nil, count: 0) }
        // The words stay alive in `last` until the next render.
        return last.words.withUnsafeBufferPointer { $0 }
    }
}

/// A peer's frame: 1920×1080 premultiplied ARGB32, allocated once.
final class PeerFrame {
    let words: UnsafeMutablePointer<UInt32>
    let count = renderWidth * renderHeight
    init() { words = .allocate(capacity: renderWidth * renderHeight); words.initialize(repeating: 0, count: count) }
    deinit { words.deallocate() }
    var buffer: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: words, count: count) }
}

/// Makes `root` the frame (the render size, the background colour, origin at the top left) and
/// a one-thread offscreen renderer for it on the backend `CABENCH_BACKEND` names, as every
/// render scene's own side needs.
func makeFrameRenderer(root: CALayer) -> CAOffscreenRenderer {
    root.bounds = CGRect(x: 0, y: 0, width: renderWidth, height: renderHeight)
    root.anchorPoint = .zero
    let bg = renderBackground
    root.backgroundColor = CGColor(srgbRed: CGFloat(bg >> 16 & 0xff) / 255, green: CGFloat(bg >> 8 & 0xff) / 255,
                                   blue: CGFloat(bg & 0xff) / 255, alpha: 1)
    let renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: renderWidth, height: renderHeight))!
    renderer.renderThreadCount = 1
    BenchBackend.install(on: renderer)
    return renderer
}
