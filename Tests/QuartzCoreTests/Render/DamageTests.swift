import Testing
import Foundation
@testable import QuartzCore

/// Damage tracking repaints only what changed, and the frames are the same as full repaints.
@Suite("Render damage", .serialized)
struct DamageTests {
    func scene() -> CALayer {
        let root = makeRoot(200, 120)
        root.backgroundColor = color(0.9, 0.9, 0.95)
        for i in 0..<12 {   // a static tree
            let b = box(CGRect(x: 10 + CGFloat(i % 6) * 30, y: 10 + CGFloat(i / 6) * 30, width: 20, height: 20),
                        color(0.2, 0.3, CGFloat(i) / 12))
            b.cornerRadius = 4
            root.addSublayer(b)
        }
        let mover = box(CGRect(x: 0, y: 80, width: 16, height: 16), color(1, 0, 0))
        mover.shadowOpacity = 0.5; mover.shadowRadius = 3
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 10; a.toValue = 190; a.duration = 1
        mover.add(a, forKey: "move")
        root.addSublayer(mover)
        let group = box(CGRect(x: 150, y: 10, width: 40, height: 40), color(0, 0.6, 0))
        group.opacity = 0.6
        group.addSublayer(box(CGRect(x: 10, y: 10, width: 20, height: 20), color(1, 1, 0)))
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1
        group.add(spin, forKey: "spin")
        root.addSublayer(group)
        return root
    }

    @Test func framesAreIdenticalWithAndWithoutDamageTracking() {
        let tracked = CAOffscreenRenderer(rootLayer: scene(), size: CGSize(width: 200, height: 120))!
        let full = CAOffscreenRenderer(rootLayer: scene(), size: CGSize(width: 200, height: 120))!
        full.isDamageTrackingEnabled = false
        for n in 0...12 {
            let t = Double(n) / 10
            let a = tracked.frame(at: t)!, b = full.frame(at: t)!
            #expect(a.words == b.words, "frame \(n)")
        }
    }

    @Test func aSmallMoverDamagesASmallRegion() {
        let root = makeRoot(400, 300)
        root.backgroundColor = color(1, 1, 1)
        for i in 0..<200 {
            root.addSublayer(box(CGRect(x: CGFloat(i % 20) * 20, y: CGFloat(i / 20) * 20, width: 18, height: 18),
                                 color(0.5, 0.5, 0.5)))
        }
        let dot = box(CGRect(x: 0, y: 250, width: 10, height: 10), color(1, 0, 0))
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 5; a.toValue = 395; a.duration = 1
        dot.add(a, forKey: "m")
        root.addSublayer(dot)
        let r = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 400, height: 300))!
        _ = r.frame(at: 0.5)
        _ = r.frame(at: 0.51)
        // The dot moved 3.9 points: the damage is the old and new 10×10 boxes, plus a pixel.
        #expect(r.lastDamage.width < 20 && r.lastDamage.height <= 12, "damage \(r.lastDamage)")
        #expect(r.lastDamage.minY >= 248 && r.lastDamage.maxY <= 262)   // a y-down host: rows 250–260
        _ = r.frame(at: 0.51)
        #expect(r.lastDamage.isNull)          // nothing changed
    }
}
