// issue 17 A's projective quads: 24 image layers of 256×256 swinging about y and tilting about x
// under perspective (m34 = −1/600), bilinear, edges antialiased, single thread; against pixman's
// projective warp (a triangle mask and pixman's perspective bilinear fetch per card) in C.
import CPeer
import QuartzCore

struct PerspectiveScene: BenchScene {
    let name = "perspective"
    let summary = "24 layers of 256×256 under perspective (m34 = −1/600), swinging and tilting, bilinear, one thread; ms per frame vs pixman's projective warp in C"

    static let image = Lazy { SpriteImage(width: 256, height: 256, style: 2) }

    func cases() -> [BenchCase] {
        let motion = CardMotion(count: 24, side: 256)
        let label = "24 layers 256×256 in perspective, swinging ±63° and tilting ±23°, bilinear, single thread"
        return [BenchCase(
            label: label, unit: .millisecondsPer("frame"),
            target: BenchTarget(limit: 0.5, text: "≤ 0.5× single-thread pixman (as transformed)", versus: "pixman"),
            subjects: [ours(motion), pixman(motion)], frames: 6, warmup: 1, key: "perspective-24")]
    }

    private func ours(_ motion: CardMotion) -> Subject {
        Subject(name: "CAOffscreenRenderer.frame (layers set + committed untimed)", isPeer: false,
                pixelsPerIteration: motion.pixels) {
            let image = Self.image.get(), root = CALayer(), renderer = makeFrameRenderer(root: root)
            let layers = (0..<motion.count).map { _ in
                let l = CALayer()
                l.bounds = CGRect(x: 0, y: 0, width: image.width, height: image.height)
                l.contents = image.cgImage
                l.allowsEdgeAntialiasing = true
                root.addSublayer(l)
                return l
            }
            var n = 0, time = 0.0
            var last: PixelBuffer?
            func apply(_ k: Int) {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                for (i, l) in layers.enumerated() {
                    let c = motion.card(i, frame: k)
                    l.position = CGPoint(x: c.x, y: c.y)
                    l.transform = c.transform
                }
                CATransaction.commit()
                CATransaction.flush()
            }
            func render() {
                time += 1.0 / 60
                last = nil
                last = renderer.frame(at: time)
            }
            return Iteration(
                prepare: { n += 1; apply(n) },
                body: { render() },
                frame: { k in
                    apply(k); render()
                    guard let last else { return UnsafeBufferPointer(start: nil, count: 0) }
                    return last.words.withUnsafeBufferPointer { $0 }
                })
        }
    }

    private func pixman(_ motion: CardMotion) -> Subject {
        Subject(name: "pixman (C): a8 triangle mask + projective bilinear OVER per layer", isPeer: true,
                pixelsPerIteration: motion.pixels) {
            let img = Self.image.get(), frame = PeerFrame()
            var n = 0, cards: [cpeer_card] = []
            func draw(_ cards: [cpeer_card]) {
                img.words.withUnsafeBufferPointer { w in
                    _ = cpeer_pixman_projective(frame.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                                renderBackground, w.baseAddress, Int32(img.width), Int32(img.height),
                                                cards, Int32(cards.count))
                }
            }
            return Iteration(
                prepare: { n += 1; cards = motion.peerCards(frame: n) },
                body: { draw(cards) },
                frame: { k in draw(motion.peerCards(frame: k)); return frame.buffer })
        }
    }
}

/// Where card i is in frame n (a pure function, so ours and the peer draw the same pixels): a
/// 6 × 4 grid drifting sideways, each card swinging about its vertical axis and tilting about
/// its horizontal one, seen from 600 pixels.
struct CardMotion {
    var count: Int
    var side: Double
    static let distance = 600.0

    var pixels: Int { count * Int(side * side) }

    func card(_ i: Int, frame n: Int) -> (x: Double, y: Double, transform: CATransform3D) {
        let t = Double(n), u = SpriteMotion.unit(i, 5), v = SpriteMotion.unit(i, 6)
        let column = Double(i % 6), row = Double(i / 6 % 4)
        let x = (160 + column * 320 + t * 7).truncatingRemainder(dividingBy: Double(renderWidth) + side) - side / 2
        let y = 135 + row * 270
        let yaw = 1.1 * sin(t * 0.2 + 6.283185307179586 * u), pitch = 0.4 * sin(t * 0.13 + 6.283185307179586 * v)
        var p = CATransform3DIdentity
        p.m34 = -1 / Self.distance
        return (x, y, CATransform3DRotate(CATransform3DRotate(p, pitch, 1, 0, 0), yaw, 0, 1, 0))
    }

    /// The peer's cards: image pixel → centred on the anchor → the layer's transform flattened
    /// onto z = 0 (rows and columns 1, 2, 4) → moved to the position.
    func peerCards(frame n: Int) -> [cpeer_card] {
        (0..<count).map { i in
            let c = card(i, frame: n), t = c.transform
            let m = ProjectiveTransform.translation(x: -side / 2, y: -side / 2)
                .concatenating(ProjectiveTransform(m11: Double(t.m11), m12: Double(t.m12), m13: Double(t.m14),
                                                   m21: Double(t.m21), m22: Double(t.m22), m23: Double(t.m24),
                                                   m31: Double(t.m41), m32: Double(t.m42), m33: Double(t.m44)))
                .concatenating(.translation(x: c.x, y: c.y))
            return cpeer_card(m: (m.m11, m.m12, m.m13, m.m21, m.m22, m.m23, m.m31, m.m32, m.m33), opacity: 1)
        }
    }
}
