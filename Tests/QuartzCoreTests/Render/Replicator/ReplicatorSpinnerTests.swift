import Testing
import Foundation
import CoreGraphics
import RenderTestSupport
@testable import QuartzCore

/// The classic activity spinner: one dot in a replicator of 12 instances, each rotated 30° and
/// 1/12 s behind the last, the dot's opacity falling 1 → 0 every second. Four frames a
/// quarter second apart, checked dot by dot against the analytic opacity and as a golden strip
/// (Render/Golden/replicator-spinner-strip.png; tolerance as `expectGolden`: 2/255 per channel
/// outside a one-pixel antialiasing band).
@Suite("CAReplicatorLayer spinner", .serialized)
struct ReplicatorSpinnerTests {
    static let times = [1.1, 1.35, 1.6, 1.85]
    static let count = 12

    static func spinner(preservesDepth: Bool = false) -> CALayer {
        let root = makeRoot(100, 100)
        root.backgroundColor = color(0, 0, 0)
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = count
        r.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        r.instanceDelay = 1 / Double(count)
        r.preservesDepth = preservesDepth
        let dot = box(CGRect(x: 45, y: 5, width: 10, height: 10), color(1, 1, 1))
        dot.cornerRadius = 5
        r.addSublayer(dot)
        root.addSublayer(r)
        return root
    }

    /// The spinner's frame at `t`; the fade is added on the host's clock, beginning at time 0.
    static func frame(at t: Double, preservesDepth: Bool = false) throws -> PixelBuffer {
        let root = spinner(preservesDepth: preservesDepth)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = host.frame(at: 0)
        let dot = try #require(root.sublayers?.first?.sublayers?.first)
        host.host.withClock {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1; fade.toValue = 0; fade.duration = 1; fade.repeatCount = .infinity
            dot.add(fade, forKey: "fade")
        }
        return try #require(host.frame(at: t))
    }

    /// Flattened, and in depth (the instances then join the root's 3D context: same frames).
    @Test(arguments: [false, true])
    func eachDotFadesOneTwelfthOfASecondBehindTheLast(preservesDepth: Bool) throws {
        for t in Self.times {
            let f = try Self.frame(at: t, preservesDepth: preservesDepth)
            for k in 0..<Self.count {
                let a = Double(k) * 2 * .pi / Double(Self.count)
                let x = Int((50 + 40 * sin(a)).rounded()), y = Int((50 - 40 * cos(a)).rounded())
                let local = t - Double(k) / Double(Self.count)
                let opacity = 1 - (local - local.rounded(.down))
                let grey = f.rgba(x, y).g
                #expect(abs(Double(grey) - 255 * opacity) <= 2, "t \(t) dot \(k): \(grey), expected \(255 * opacity)")
            }
        }
    }

    @Test func framesMatchTheGoldenStrip() throws {
        var strip = try #require(PixelBuffer(width: 100 * Self.times.count, height: 100))
        for (i, t) in Self.times.enumerated() {
            let f = try Self.frame(at: t)
            for row in 0..<100 {
                for col in 0..<100 { strip.words[row * strip.width + 100 * i + col] = f.words[row * 100 + col] }
            }
        }
        expectGolden(strip, "replicator-spinner-strip", directory: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden"))
    }
}
