import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// Replicators with hostile values draw bounded frames and never crash; frames reusing static
/// replicated subtrees (FrameBuilder+Reuse) match frames drawn from scratch.
@Suite("CAReplicatorLayer bad input and reuse", .serialized)
struct ReplicatorBadInputTests {
    /// 10⁹ × 10⁹ nested instances: each count is clamped to 10,000 and the frame stops adding
    /// instances at `maximumReplicatedQuads` quads, reported.
    @Test func hugeNestedCountsAreBounded() throws {
        let root = makeRoot(20, 20)
        let (outer, inner) = (CAReplicatorLayer(), CAReplicatorLayer())
        let (_, clamped) = diagnostics {
            outer.instanceCount = 1_000_000_000
            inner.instanceCount = 1_000_000_000
        }
        #expect(clamped.count == 2 && outer.instanceCount == CAReplicatorLayer.maximumInstanceCount)
        for l in [outer, inner] { l.frame = root.bounds }
        inner.addSublayer(box(CGRect(x: 0, y: 0, width: 1, height: 1), color(1, 1, 1)))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 20, height: 20)))
        let (passes, reported) = diagnostics { host.makePasses(at: 0) }
        let quads = passes.reduce(0) { $0 + $1.quads.count }
        #expect(quads <= FrameBuilder.maximumReplicatedQuads + CAReplicatorLayer.maximumInstanceCount)
        #expect(quads >= FrameBuilder.maximumReplicatedQuads)
        #expect(reported.contains { $0.key == "instanceCount" })
    }

    /// A transform animated to NaN (the setter refuses it, an animation can still carry it),
    /// a negative count and a NaN colour: frames draw what is finite, never crash.
    @Test func nonFiniteAnimatedTransformsDrawOnlyTheFiniteInstances() throws {
        let root = makeRoot(40, 20)
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 1, 1)))
        root.addSublayer(r)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 20)))
        #expect(host.frame(at: 0)?.count { $0 == .white } == 200)
        var nan = CATransform3DMakeTranslation(20, 0, 0)
        nan.m41 = .nan
        host.host.withClock {
            let a = CABasicAnimation(keyPath: "instanceTransform")
            a.fromValue = NSValue(caTransform3D: nan); a.toValue = NSValue(caTransform3D: nan); a.duration = 10
            r.add(a, forKey: "nan")
        }
        let f = try #require(host.frame(at: 1))
        #expect(f.rgba(5, 5) == .white)            // instance 0 needs no transform
        #expect(f.count { $0 == .white } == 100)
        CATransaction.setDisableActions(true)
        r.removeAllAnimations()
        r.instanceColor = CGColor(srgbRed: .nan, green: 1, blue: 1, alpha: 1)
        _ = diagnostics { r.instanceCount = -1 }
        CATransaction.setDisableActions(false)
        let empty = try #require(host.frame(at: 2))
        #expect(empty.count { $0.a > 0 } == 0)
    }

    /// A rasterized sublayer keeps one bitmap (RasterCache) for all instances: the instances'
    /// colours multiply the bitmap where it is drawn, never the bitmap kept, frame after frame.
    @Test func rasterizedSublayersAreMultipliedPerInstance() throws {
        let root = makeRoot(60, 20)
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.instanceRedOffset = -0.5
        let dot = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 1, 1))
        dot.shouldRasterize = true
        r.addSublayer(dot)
        root.addSublayer(r)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 60, height: 20)))
        for t in [0.0, 0.1, 0.2] {
            let f = try #require(host.frame(at: t))
            #expect(f.rgba(10, 10) == .white, "t \(t)")
            #expect(f.rgba(30, 10).near(RGBA(128, 255, 255, 255), 1), "t \(t): \(f.rgba(30, 10))")
            #expect(f.rgba(50, 10) == RGBA(0, 255, 255, 255), "t \(t)")
        }
    }

    /// A static replicator is reused as a whole; changing its sublayer draws it again, and
    /// every frame equals one drawn without reuse. Instance 0 drawing nothing (alpha 0) keeps
    /// the replicator out of the cache, so a later change still shows.
    @Test(arguments: [1.0, 0.0])
    func reusedReplicatorsMatchFreshFrames(alpha: CGFloat) throws {
        func scene() -> (CALayer, CALayer) {
            let root = makeRoot(100, 20)
            let r = CAReplicatorLayer()
            r.frame = root.bounds
            r.instanceCount = 5
            r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
            r.instanceColor = color(1, 1, 1, alpha)
            r.instanceAlphaOffset = 0.25
            let dot = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 0, 0))
            r.addSublayer(dot)
            root.addSublayer(r)
            return (root, dot)
        }
        let (rootA, dotA) = scene(), (rootB, dotB) = scene()
        CATransaction.flush()
        let reusing = try #require(CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 100, height: 20)))
        let fresh = try #require(CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 100, height: 20)))
        fresh.producer.reusesSubtrees = false
        for (n, t) in [0.0, 0.1, 0.2].enumerated() {
            if n == 2 {
                CATransaction.setDisableActions(true)
                for d in [dotA, dotB] { d.backgroundColor = color(0, 0, 1) }
                CATransaction.setDisableActions(false)
            }
            reusing.producer.subtrees.resetCounters()
            let a = try #require(reusing.frame(at: t)), b = try #require(fresh.frame(at: t))
            #expect(a.words == b.words, "frame \(n)")
            if n == 1 { #expect(reusing.producer.subtrees.hits == (alpha == 1 ? 1 : 0)) }
        }
        let last = try #require(reusing.frame(at: 0.3))
        #expect(last.rgba(25, 5).b > 0 && last.rgba(25, 5).r == 0)
    }
}
