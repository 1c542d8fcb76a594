// issue 12's shape benchmark: 200 CAShapeLayers, each a ring stroked with a dash pattern whose
// `strokeEnd` animates (a repeating CABasicAnimation per layer, evaluated at frame time), at
// 1920×1080, against cairo in C and (scripts/peers) skia-python drawing the same rings trimmed to
// the same fractions with the same dashes (same pixels: PSNR ≥ 40 dB).
import CPeer
import Foundation
import QuartzCore

struct DashedRingsScene: BenchScene {
    let name = "dashed-rings"
    let summary = "200 dashed rings whose strokeEnd animates (CAShapeLayer) at 1920×1080; ms per frame vs cairo (C) and skia-python"

    static let count = 200, lineWidth = 4.0, dashes = [12.0, 6.0]

    /// Ring i: in a 20 × 10 grid of 96 × 108 cells, radius 20…40, a start angle, a colour, and
    /// a strokeEnd animation of 1…2 s from 0 to 1, repeating, offset by a fraction of its period.
    struct Ring {
        var cx, cy, radius, start, duration, offset, red, green, blue: Double

        init(_ i: Int) {
            func u(_ salt: UInt64) -> Double { SpriteMotion.unit(i, salt) }
            cx = (Double(i % 20) + 0.5) * 96; cy = (Double(i / 20) + 0.5) * 108
            radius = 20 + 20 * u(1); start = 2 * Double.pi * u(2)
            duration = 1 + u(3); offset = u(4)
            red = 0.3 + 0.7 * u(5); green = 0.3 + 0.7 * u(6); blue = 0.3 + 0.7 * u(7)
        }

        /// strokeEnd at host time t: the animation's linear progress through its current repeat.
        func fraction(at t: Double) -> Double {
            let local = t + offset * duration
            return (local - (local / duration).rounded(.down) * duration) / duration
        }

        func peer(at t: Double) -> cpeer_ring {
            cpeer_ring(cx: cx, cy: cy, radius: radius, start: start, fraction: fraction(at: t),
                       red: red, green: green, blue: blue)
        }
    }

    static let rings = (0..<count).map(Ring.init)
    static func time(_ n: Int) -> Double { Double(n) / 60 }

    func cases() -> [BenchCase] {
        let label = "200 rings r 20–40, 4 wide, dashes [12, 6], strokeEnd animating, 1920×1080"
        let key = "dashed-rings-200"
        return [BenchCase(label: label, unit: .millisecondsPer("frame"), subjects: [Self.ours(), Self.cairo()],
                          frames: 10, warmup: 2, key: key,
                          export: { dir in try Self.export(dir: dir, key: key, label: label, scene: name) })]
    }

    /// Ours: the layers and their animations are committed once; each frame is the renderer
    /// evaluating the animations at the frame's time and drawing (one thread, as the peers).
    static func ours() -> Subject {
        Subject(name: "CAOffscreenRenderer.frame (strokeEnd animations evaluated at frame time)", isPeer: false) {
            let fixture = ShapeRings()
            var n = 0, last: PixelBuffer?, check: ShapeRings?
            return Iteration(
                prepare: { n += 1 },
                body: { last = nil; last = fixture.renderer.frame(at: time(n)) },
                check: { last.map { $0.words.contains(0xFF20_2428) && $0.words.contains { $0 != 0xFF20_2428 } } == true
                    ? nil : "no rings drawn" },
                frame: { k in
                    // A host's clock only moves forward: frame k of a fresh tree.
                    check = ShapeRings()
                    last = check!.renderer.frame(at: time(k))
                    return last!.words.withUnsafeBufferPointer { $0 }
                })
        }
    }

    static func cairo() -> Subject {
        Subject(name: "cairo (C): arc + dashed stroke per ring", isPeer: true) {
            let frame = PeerFrame()
            var n = 0, prepared: [cpeer_ring] = []
            func draw(_ r: [cpeer_ring]) {
                _ = dashes.withUnsafeBufferPointer { d in
                    cpeer_cairo_dashed_rings(frame.words, Int32(renderWidth), Int32(renderHeight), Int32(renderWidth * 4),
                                             renderBackground, r, Int32(r.count), lineWidth, d.baseAddress, Int32(d.count))
                }
            }
            return Iteration(
                prepare: { n += 1; prepared = rings.map { $0.peer(at: time(n)) } },
                body: { draw(prepared) },
                frame: { k in draw(rings.map { $0.peer(at: time(k)) }); return frame.buffer })
        }
    }

    /// DIR/KEY.json for scripts/peers/render_peers.py (kind "dashed-rings"): per frame, each
    /// ring's centre, radius, start angle, fraction and colour.
    static func export(dir: String, key: String, label: String, scene: String) throws {
        let frames = (0...max(8, Quality.frameIndex)).map { n in
            rings.map { r -> [Double] in
                let p = r.peer(at: time(n))
                return [p.cx, p.cy, p.radius, p.start, p.fraction, p.red, p.green, p.blue]
            }
        }
        let doc: [String: Any] = [
            "kind": "dashed-rings", "key": key, "scene": scene, "case": label,
            "width": renderWidth, "height": renderHeight, "background": Int(renderBackground),
            "lineWidth": lineWidth, "dashes": dashes, "oursFile": "\(key).ours.bgra",
            "checkFrame": Quality.frameIndex, "pixelsPerFrame": 0, "frames": frames,
        ]
        try JSONSerialization.data(withJSONObject: doc).write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(key).json"))
    }
}

/// Our side of the scene: a root of the frame's size (the background colour) with one
/// CAShapeLayer per ring, its strokeEnd animated, in a one-thread offscreen renderer.
final class ShapeRings {
    let root = CALayer()
    let renderer: CAOffscreenRenderer

    init() {
        renderer = makeFrameRenderer(root: root)
        var layers: [CAShapeLayer] = []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for r in DashedRingsScene.rings {
            let l = CAShapeLayer()
            l.frame = CGRect(x: r.cx - 50, y: r.cy - 50, width: 100, height: 100)
            let p = CGMutablePath()
            p.addArc(center: CGPoint(x: 50, y: 50), radius: r.radius, startAngle: r.start,
                     endAngle: r.start + 2 * .pi, clockwise: false)
            l.path = p
            l.fillColor = nil
            l.strokeColor = CGColor(srgbRed: r.red, green: r.green, blue: r.blue, alpha: 1)
            l.lineWidth = DashedRingsScene.lineWidth
            l.lineDashPattern = DashedRingsScene.dashes.map { NSNumber(value: $0) }
            root.addSublayer(l)
            layers.append(l)
        }
        CATransaction.commit()
        CATransaction.flush()
        _ = renderer.frame(at: 0)
        // Added at host time 0, so each animation's local time is the frame's time.
        renderer.host.withClock {
            CATransaction.begin()
            for (l, r) in zip(layers, DashedRingsScene.rings) {
                let a = CABasicAnimation(keyPath: "strokeEnd")
                a.fromValue = 0; a.toValue = 1
                a.duration = r.duration; a.timeOffset = r.offset * r.duration
                a.repeatCount = .infinity
                l.add(a, forKey: "strokeEnd")
            }
            CATransaction.commit()
        }
        CATransaction.flush()
    }
}
