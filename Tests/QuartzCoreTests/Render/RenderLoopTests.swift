import Testing
import Foundation
@testable import QuartzCore

/// The render thread keeps animating from committed state while the model thread is blocked
/// (Core Animation's render server model; DESIGN.md §4).
@Suite("Render loop")
struct RenderLoopTests {
    final class Frames: @unchecked Sendable {
        private let lock = NSLock()
        private var xs: [Int] = []
        func add(_ x: Int) { lock.lock(); xs.append(x); lock.unlock() }
        var all: [Int] { lock.lock(); defer { lock.unlock() }; return xs }
    }

    /// The leftmost column of a red pixel in row 5 of `image`, or −1.
    static func redColumn(_ image: CGImage) -> Int {
        guard let data = image.dataProvider?.data else { return -1 }
        return data.withUnsafeBytes { raw -> Int in
            let p = raw.bindMemory(to: UInt8.self)
            for x in 0..<image.width {
                let o = 5 * image.bytesPerRow + 4 * x    // BGRA in memory
                if p[o + 2] > 200 && p[o + 3] > 200 { return x }
            }
            return -1
        }
    }

    @Test func animationsAdvanceWhileTheModelThreadIsBlocked() {
        let root = makeRoot(200, 10)
        let l = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
        root.addSublayer(l)
        let renderer = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 200, height: 10))!
        let clock = CASystemMediaClock()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 5; a.toValue = 195; a.duration = 0.6
        CAMediaClockContext.$current.withValue(clock) {
            l.add(a, forKey: "slide")
            CATransaction.flush()                      // committed: the render side has it
        }
        let frames = Frames()
        let loop = CARenderLoop(renderer: renderer, framesPerSecond: 50, clock: clock) { image, _ in
            frames.add(RenderLoopTests.redColumn(image))
        }
        loop.start()
        Thread.sleep(forTimeInterval: 0.45)            // the model thread is blocked: no commits
        loop.stop()
        let xs = frames.all.filter { $0 >= 0 }
        #expect(xs.count >= 5)
        #expect(Set(xs).count >= 4, "positions seen: \(xs)")
        #expect(xs == xs.sorted(), "moves one way: \(xs)")
        #expect((xs.last ?? 0) - (xs.first ?? 0) > 60)
    }
}
