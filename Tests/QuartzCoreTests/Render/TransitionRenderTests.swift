import Testing
import CoreGraphics
@testable import QuartzCore

/// CATransition drawn by the render side: the old appearance (kept by the render tree from
/// before the commit that added the transition) combined with the new one by type, at the
/// transition's progress. Layers are 40 × 40 points at scale 1; the transition runs 1 s, linear.
@Suite struct TransitionRenderTests {
    let red = color(1, 0, 0), blue = color(0, 0, 1)

    /// A renderer showing one red 40 × 40 layer, and that layer.
    func setUp(flipped: Bool = true) -> (CAOffscreenRenderer, CALayer) {
        let root = makeRoot(40, 40)
        let l = box(CGRect(x: 0, y: 0, width: 40, height: 40), red)
        root.addSublayer(l)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40), flipped: flipped)!
        _ = r.frame(at: 0)
        return (r, l)
    }

    /// Adds a transition and turns the layer blue in one transaction (actions off, so only the
    /// transition animates), at host time 0.
    func transition(_ r: CAOffscreenRenderer, _ l: CALayer, _ type: CATransitionType,
                    _ subtype: CATransitionSubtype? = nil, change: ((CALayer) -> Void)? = nil) {
        r.host.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let t = CATransition()
            t.type = type
            t.subtype = subtype
            t.duration = 1
            l.add(t, forKey: "transition")
            if let change { change(l) } else { l.backgroundColor = blue }
            CATransaction.commit()
        }
    }

    @Test func fadeIsACrossfade() throws {
        let (r, l) = setUp()
        transition(r, l, .fade)
        let quarter = try #require(r.frame(at: 0.25))
        #expect(quarter.rgba(20, 20).near(RGBA(191, 0, 64, 255)), "\(quarter.rgba(20, 20))")
        let half = try #require(r.frame(at: 0.5))
        // Crossfade, not two OVERs: fully opaque throughout.
        #expect(half.rgba(20, 20).near(RGBA(128, 0, 128, 255)), "\(half.rgba(20, 20))")
        let after = try #require(r.frame(at: 1.5))
        #expect(after.rgba(20, 20) == .blue)
        // The old subtree is let go once done. (Every live render tree hears every commit, so
        // transitions of other tests' layers may be kept here too: look for this layer's only.)
        #expect(!r.tree.transitionSources().values.contains { $0[l.layerID] != nil })
    }

    @Test func pushFromLeftMovesBothBodiesRight() throws {
        let (r, l) = setUp()
        transition(r, l, .push, .fromLeft)
        let f = try #require(r.frame(at: 0.5))
        #expect(f.rgba(10, 20) == .blue)   // the new body, coming in from the left
        #expect(f.rgba(30, 20) == .red)    // the old body, half pushed out
    }

    @Test func moveInFromRightSlidesTheNewBodyOverTheOld() throws {
        let (r, l) = setUp()
        transition(r, l, .moveIn, .fromRight)
        let f = try #require(r.frame(at: 0.25))
        #expect(f.rgba(35, 20) == .blue)   // new body covers x ≥ 30 at p = 0.25
        #expect(f.rgba(25, 20) == .red)    // the old body stays where it was
    }

    @Test(arguments: [true, false]) func revealFromTopUncoversFromTheTopOfTheScreen(flipped: Bool) throws {
        let (r, l) = setUp(flipped: flipped)
        transition(r, l, .reveal, .fromTop)
        let f = try #require(r.frame(at: 0.5))
        // Rows are counted from the top of the frame in both hosts.
        #expect(f.rgba(20, 10) == .blue, "flipped \(flipped)")
        #expect(f.rgba(20, 30) == .red, "flipped \(flipped)")
    }

    @Test func theOldSubtreeIsTheOneBeforeTheCommit() throws {
        // A container whose sublayer is replaced under a fade: half old sublayer, half new.
        let root = makeRoot(40, 40)
        let container = box(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let a = box(CGRect(x: 0, y: 0, width: 40, height: 40), red)
        container.addSublayer(a)
        root.addSublayer(container)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 40, height: 40)))
        _ = r.frame(at: 0)
        transition(r, container, .fade) { c in
            c.replaceSublayer(a, with: box(CGRect(x: 0, y: 0, width: 40, height: 40), color(0, 1, 0)))
        }
        let f = try #require(r.frame(at: 0.5))
        #expect(f.rgba(20, 20).near(RGBA(128, 128, 0, 255)), "\(f.rgba(20, 20))")
    }

    @Test func startAndEndProgressBoundTheMix() throws {
        let (r, l) = setUp()
        r.host.withClock {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let t = CATransition()
            t.duration = 1
            t.startProgress = 0.5
            t.endProgress = 1
            l.add(t, forKey: nil)
            l.backgroundColor = blue
            CATransaction.commit()
        }
        let f = try #require(r.frame(at: 0))
        #expect(f.rgba(20, 20).near(RGBA(128, 0, 128, 255)), "\(f.rgba(20, 20))")
    }
}
