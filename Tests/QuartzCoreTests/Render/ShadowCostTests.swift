import Testing
import CoreGraphics
@testable import QuartzCore

/// Shadows cost work linear in the tree: a shadowed layer with sublayers draws its body once
/// into a pass that both casts the shadow and is composited (nested shadowed layers used to draw
/// every body twice per level: 2^depth), and a frame's work is estimated before it is drawn.
@Suite struct ShadowCostTests {
    /// `depth` layers, each the only sublayer of the one before, each with a shadow.
    func nested(_ depth: Int) -> CALayer {
        let root = makeRoot(100, 100)
        var parent = root
        for i in 0..<depth {
            let l = box(CGRect(x: 1, y: 1, width: 96 - 2 * Double(i), height: 96 - 2 * Double(i)), color(0, 0, 1))
            l.shadowOpacity = 1
            l.shadowRadius = 3
            l.opacity = 0.9
            parent.addSublayer(l)
            parent = l
        }
        parent.addSublayer(box(CGRect(x: 0, y: 0, width: 4, height: 4), color(1, 1, 1)))
        return root
    }

    @Test func nestedShadowsMakeThreePassesALevel() throws {
        for depth in [1, 5, 20] {
            let r = try #require(CAOffscreenRenderer(rootLayer: nested(depth), size: CGSize(width: 100, height: 100)))
            // Per level: the shared body, its shadow and the group-opacity pass; plus the root
            // pass. (Drawing each body twice made 2^depth.)
            #expect(r.makePasses(at: 0).count == 3 * depth + 1, "depth \(depth)")
        }
    }

    @Test func aParentsShadowStillIncludesItsSublayersAndTheirShadows() throws {
        let root = makeRoot(100, 100)
        root.backgroundColor = color(1, 1, 1)
        let a = box(CGRect(x: 20, y: 20, width: 40, height: 40), color(0, 0, 1))
        let b = box(CGRect(x: 45, y: 45, width: 10, height: 10), color(1, 0, 0))   // outside a, unclipped
        for l in [a, b] {
            l.shadowOpacity = 1
            l.shadowRadius = 0
            l.shadowOffset = CGSize(width: 10, height: 10)
        }
        a.addSublayer(b)
        root.addSublayer(a)
        let f = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100))?.frame(at: 0))
        #expect(f.rgba(25, 25) == .blue)
        #expect(f.rgba(70, 70) == .red)          // b, over a's shadow of a
        #expect(f.rgba(65, 25) == .white)        // beside a, above its shadow
        #expect(f.rgba(65, 35) == .black)        // a's shadow
        #expect(f.rgba(82, 82) == .black)        // b's shadow (and a's shadow of b)
        #expect(f.rgba(92, 92) == .black)        // a's shadow of b's shadow
        #expect(f.rgba(97, 97) == .white)
    }

    @Test func aFramesWorkIsEstimatedAndLimited() throws {
        let root = makeRoot(100, 100)
        root.backgroundColor = color(1, 0, 0)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        // The root pass cleared (10,000 px) and the background drawn over it (10,000 px).
        #expect(FrameWork.estimate(r.makePasses(at: 0)) == 20_000)
        #expect(r.estimatedWork(at: 0) == 20_000)   // the same, for hosts that draw another way (PDF)
        r.maximumFrameWork = 19_999
        #expect(r.frame(at: 0) == nil)
        #expect(r.lastFrameWork == 20_000)
        r.maximumFrameWork = 20_000
        #expect(r.frame(at: 0)?.rgba(50, 50) == .red)
    }

    @Test func aBlurCostsSixTouchesOfItsPass() throws {
        let root = makeRoot(100, 100)
        let l = box(CGRect(x: 0, y: 0, width: 100, height: 100), color(1, 0, 0))
        l.shadowOpacity = 1
        l.shadowRadius = 1e9   // σ capped at the target: the shadow pass is the whole frame
        l.shadowOffset = .zero
        root.addSublayer(l)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        let passes = r.makePasses(at: 0)
        #expect(passes.count == 2)
        // Shadow pass: cleared, caster drawn, blurred 6×; root: cleared, shadow and body drawn.
        #expect(FrameWork.estimate(passes) == 10_000 * (1 + 1 + 6) + 10_000 * 3)
    }
}
