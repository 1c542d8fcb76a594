import Testing
import Foundation
@testable import QuartzCore

/// A full repaint draws into the last frame's memory once the caller has let go of it
/// (`FrameProducer.reusesFrameBuffers`): the frames are byte-identical to fresh ones, frames
/// handed out never change afterwards, and damage-only repaints equal full repaints.
@Suite("Frame buffer reuse", .serialized)
struct FrameReuseTests {
    /// A y-down tree: a translucent box, an opaque image, a translucent image, a box that is
    /// resized and one that is removed (no root background, so clearing matters).
    final class Scene {
        let root = makeRoot(64, 48)
        let mover = box(CGRect(x: 2, y: 2, width: 20, height: 14), color(1, 0, 0, 0.5))
        let opaqueImage = CALayer(), translucentImage = CALayer()
        let resized = box(CGRect(x: 30, y: 20, width: 10, height: 10), color(0, 0, 1, 0.7))
        let removed = box(CGRect(x: 40, y: 4, width: 16, height: 30), color(0, 0.8, 0, 0.6))

        init() {
            opaqueImage.frame = CGRect(x: 8, y: 24, width: 16, height: 16)
            opaqueImage.contents = Self.image(16, alpha: 255)
            translucentImage.frame = CGRect(x: 20, y: 10, width: 16, height: 16)
            translucentImage.contents = Self.image(16, alpha: 128)
            for l in [opaqueImage, removed, mover, translucentImage, resized] { root.addSublayer(l) }
            CATransaction.flush()
        }

        /// A side×side premultiplied image: a gradient at `alpha`.
        static func image(_ side: Int, alpha: UInt8) -> CGImage {
            var bytes = [UInt8]()
            for y in 0..<side {
                for x in 0..<side {
                    let r = UInt8(x * 255 / side), g = UInt8(y * 255 / side)
                    bytes += [UInt8(Int(r) * Int(alpha) / 255), UInt8(Int(g) * Int(alpha) / 255), UInt8(alpha / 2), alpha]
                }
            }
            return CGImage(width: side, height: side, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4 * side,
                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                           provider: CGDataProvider(data: Data(bytes)), decode: nil, shouldInterpolate: true,
                           intent: .defaultIntent)!
        }

        /// Step `n` of the sequence: moves, a resize, a removal, an opaque background on and off.
        func apply(_ n: Int) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            switch n {
            case 1: mover.position.x += 7; opaqueImage.position.y -= 3
            case 2: resized.bounds.size = CGSize(width: 24, height: 18); translucentImage.position.x += 11
            case 3: removed.removeFromSuperlayer()
            case 4: root.backgroundColor = color(0.2, 0.3, 0.4)   // opaque: nothing left to clear
            case 5: root.backgroundColor = nil; mover.position.y += 9
            case 6: opaqueImage.removeFromSuperlayer(); mover.opacity = 0.4
            default: mover.position.x -= 5
            }
            CATransaction.commit()
            CATransaction.flush()
        }
    }

    /// The output size of step `n`: it changes at step 7 and back at step 9.
    static func size(_ n: Int) -> CGSize {
        n == 7 || n == 8 ? CGSize(width: 50, height: 40) : CGSize(width: 64, height: 48)
    }

    static func producer(_ scene: Scene, tracking: Bool, reuse: Bool) -> FrameProducer {
        let p = FrameProducer(tree: RenderTree(root: scene.root))
        p.isDamageTrackingEnabled = tracking
        p.reusesFrameBuffers = reuse
        return p
    }

    static func frame(_ p: FrameProducer, _ n: Int) -> PixelBuffer? {
        p.frame(at: 0, geometry: .host(viewport: size(n), scale: 1, flipped: true))
    }

    static func address(_ b: PixelBuffer) -> UnsafeRawPointer? {
        b.words.withUnsafeBytes { $0.baseAddress }
    }

    @Test func reusedFramesEqualFreshOnesAndDamageRepaints() throws {
        let reused = Scene(), fresh = Scene(), damaged = Scene()
        let r = Self.producer(reused, tracking: false, reuse: true)
        let f = Self.producer(fresh, tracking: false, reuse: false)
        let d = Self.producer(damaged, tracking: true, reuse: true)
        var distinct: [Int] = []
        for n in 0...10 {
            if n > 0 { for s in [reused, fresh, damaged] { s.apply(n) } }
            let a = try #require(Self.frame(r, n)), b = try #require(Self.frame(f, n)), c = try #require(Self.frame(d, n))
            #expect(a.width == Int(Self.size(n).width) && a.height == Int(Self.size(n).height))
            #expect(a.words == b.words, "step \(n): reused vs fresh")
            #expect(c.words == b.words, "step \(n): damage-tracked vs full repaint")
            distinct.append(b.words.hashValue)
        }
        // Every step but the first and the two size changes drew into the last frame's memory.
        #expect(r.reusedFrameCount == 8)
        #expect(f.reusedFrameCount == 0)
        // The frames are not all alike, so the comparisons above can fail.
        #expect(Set(distinct).count == 11)
    }

    @Test func aFrameStillHeldIsNeverDrawnAgain() throws {
        for tracking in [false, true] {
            let scene = Scene()
            let p = Self.producer(scene, tracking: tracking, reuse: true)
            let held = try #require(Self.frame(p, 0))
            let snapshot = held.words.map { $0 }   // a copy of its own, not the same storage
            scene.apply(1)
            let next = try #require(Self.frame(p, 1))
            #expect(held.words == snapshot, "tracking \(tracking): the held frame changed")
            #expect(next.words != snapshot, "tracking \(tracking): the scene did change")
            #expect(Self.address(next) != Self.address(held))
            // A third frame, the first still held: it stays as it was.
            scene.apply(2)
            _ = try #require(Self.frame(p, 2))
            #expect(held.words == snapshot)
        }
    }

    @Test func anImageHandedOutIsNeverChanged() throws {
        let scene = Scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: scene.root, size: CGSize(width: 64, height: 48)))
        r.isDamageTrackingEnabled = false
        let image = try #require(r.image(at: 0))
        let before = try #require(image.dataProvider?.data)
        let expected = try #require(r.frame(at: 0)).words
        scene.apply(1)
        _ = r.frame(at: 0)
        scene.apply(2)
        _ = r.frame(at: 0)
        let after = try #require(image.dataProvider?.data)
        #expect(before == after)
        #expect(after.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) } == expected)
    }

    /// A copy allocates while its source is alive, so two frames in a row at one address were
    /// drawn in place.
    @Test func damageRepaintsDrawInPlaceOnceTheFrameIsDropped() throws {
        let scene = Scene()
        let p = Self.producer(scene, tracking: true, reuse: true)
        var addresses: [UnsafeRawPointer?] = []
        for n in 0...3 {
            if n > 0 { scene.apply(n) }
            addresses.append(Self.address(try #require(Self.frame(p, n))))
        }
        #expect(addresses[1] == addresses[0] && addresses[2] == addresses[1] && addresses[3] == addresses[2])
    }

    @Test func onlyCopyIsFalseWhileAnotherCopyLives() throws {
        var a = try #require(PixelBuffer(width: 4, height: 4))
        let alone = a.isOnlyCopy()
        var b: PixelBuffer? = a
        let shared = a.isOnlyCopy()
        b?.words[0] = 0xFF00_00FF   // the copy's write leaves `a` as it was
        #expect(a.words[0] == 0 && b?.words[0] == 0xFF00_00FF)
        b = nil
        let aloneAgain = a.isOnlyCopy()
        #expect(alone && !shared && aloneAgain)
    }
}
