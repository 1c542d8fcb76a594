// The frame split across cores (issue 5 C): 100 rotated 256×256 bilinear layers at 1920×1080,
// full repaints (damage tracking off), the final pass drawn in 1, 2, 4 and 8 horizontal bands on
// as many threads. Frames are byte-for-byte the same for every count (BandedCompositorTests).
import Foundation
import QuartzCore

struct ThreadsScene: BenchScene {
    let name = "threads"
    let summary = "100 rotated 256×256 bilinear layers at 1920×1080, full repaint; ms per frame on 1/2/4/8 threads"

    func cases() -> [BenchCase] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return [BenchCase(label: "100 rotated 256×256 layers, 1920×1080 (\(cores) active cores)",
                          unit: .millisecondsPer("frame"), target: nil,
                          subjects: [frames(threads: nil)] + [1, 2, 4, 8].map { frames(threads: $0) }, frames: 10)]
    }

    private func frames(threads: Int?) -> Subject {
        Subject(name: threads.map { "\($0) thread\($0 == 1 ? "" : "s")" } ?? "default (one per core, ≤ 8)",
                isPeer: threads != nil) {
            let r = CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 1920, height: 1080))!
            r.isDamageTrackingEnabled = false
            r.renderThreadCount = threads
            var centre = 0
            return Iteration(
                body: { let f = r.frame(at: 0); centre = f.map { Int($0.pixel(x: 960, y: 540).a) } ?? 0 },
                check: { centre == 0 ? "nothing drawn at the centre" : nil })
        }
    }

    /// 100 layers whose contents are one 256×256 gradient image, each rotated by its own angle.
    static func scene() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        root.anchorPoint = .zero
        root.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        var bytes = [UInt8]()
        bytes.reserveCapacity(256 * 256 * 4)
        for y in 0..<256 { for x in 0..<256 { bytes += [UInt8(x), UInt8(y), UInt8((x + y) / 2), 255] } }
        let image = CGImage(width: 256, height: 256, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 1024,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                            provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        for i in 0..<100 {
            let l = CALayer()
            l.bounds = CGRect(x: 0, y: 0, width: 256, height: 256)
            l.position = CGPoint(x: 128 + CGFloat(i % 10) * 185, y: 128 + CGFloat(i / 10) * 92)
            l.contents = image
            l.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(i) * 0.173))
            l.allowsEdgeAntialiasing = true
            root.addSublayer(l)
        }
        return root
    }
}
