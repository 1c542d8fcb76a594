// issue 14's GPU target: 10,000 animated 32×32 image layers at 3840×2160, full repaints, each
// layer with its own endless position and rotation animation (evaluated at frame time). Drawn by
// the backend CABENCH_BACKEND names (gpu: QuartzCoreGL; default cpu), so one run per backend
// gives the ratio; scripts/gpu-bench-bundle.sh runs it on a machine with an NVIDIA GPU.
import Foundation
import QuartzCore

struct GPULayersScene: BenchScene {
    let name = "gpu4k"
    let summary = "10,000 animated 32×32 image layers at 3840×2160, full repaint; ms per frame on CABENCH_BACKEND (gpu or cpu)"

    func cases() -> [BenchCase] {
        [BenchCase(label: "10,000 animated layers, 3840×2160 (\(BenchBackend.choice) backend)",
                   unit: .millisecondsPer("frame"), target: nil,   // the target: under 1 ms on a GPU
                   subjects: [frames()], frames: 5, warmup: 1)]
    }

    private func frames() -> Subject {
        Subject(name: "CAOffscreenRenderer.frame on \(BenchBackend.choice)", isPeer: false) {
            let r = CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 3840, height: 2160))!
            r.isDamageTrackingEnabled = false
            BenchBackend.install(on: r)
            var n = 0.0, drawn = 0
            return Iteration(
                body: { n += 1; drawn = r.frame(at: n / 60).map { Int($0.pixel(x: 1920, y: 1080).a) } ?? -1 },
                check: { drawn < 0 ? "no frame" : nil })
        }
    }

    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 3840, height: 2160)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        var bytes = [UInt8]()
        for y in 0..<32 { for x in 0..<32 { bytes += [UInt8(x * 8), UInt8(y * 8), 160, 255] } }
        let image = CGImage(width: 32, height: 32, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 128,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for i in 0..<10_000 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 32, height: 32)
            l.contents = image
            let x = Double((i * 7919) % 3800) + 20, y = Double((i * 104_729) % 2120) + 20
            l.position = CGPoint(x: x, y: y)
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: x, y: y)
            move.toValue = CGPoint(x: x + 40, y: y + 20)
            move.duration = 1 + Double(i % 7) / 7
            move.autoreverses = true
            move.repeatCount = .infinity
            l.add(move, forKey: "move")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = Double.pi * 2
            spin.duration = 2 + Double(i % 5)
            spin.repeatCount = .infinity
            l.add(spin, forKey: "spin")
            root.addSublayer(l)
        }
        CATransaction.commit()
        return root
    }
}
