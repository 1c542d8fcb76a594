import Testing
import Foundation
@testable import QuartzCore

/// Frames of common Core Animation snippets (a pulse, a keyframe path with `.rotateAuto`, a
/// group, a 3D flip; the chained transaction is in HostCompletionTimingTests), checked at chosen
/// times against positions computed by hand. Each scene is 100 × 100 points, y down.
@Suite("Snippet scenarios", .serialized)
struct SnippetScenarioTests {
    func scene(_ l: CALayer) -> CAOffscreenRenderer {
        let root = makeRoot(100, 100)
        root.addSublayer(l)
        return CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100))!
    }

    /// Red columns on row `y`: the first and last x where the pixel is mostly opaque.
    func span(_ f: PixelBuffer, row y: Int) -> ClosedRange<Int>? {
        let xs = (0..<f.width).filter { f.rgba($0, y).a > 127 }
        guard let a = xs.first, let b = xs.last else { return nil }
        return a...b
    }

    /// The classic pulse: `transform.scale` 1 → 1.2, 0.5 s, autoreversing forever, ease in/out.
    @Test func pulse() throws {
        let l = box(CGRect(x: 30, y: 30, width: 40, height: 40), color(1, 0, 0))
        let r = scene(l)
        _ = r.frame(at: 0)
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1; pulse.toValue = 1.2; pulse.duration = 0.5
        pulse.autoreverses = true; pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        r.host.withClock { l.add(pulse, forKey: "pulse") }
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        for (t, fraction) in [(0.25, 0.5), (0.5, 1.0), (0.75, 0.5), (1.0, 0.0), (1.25, 0.5)] {
            let f = try #require(r.frame(at: t))
            let scale = 1 + 0.2 * ease.output(at: fraction)
            let half = 20 * scale
            let s = try #require(span(f, row: 50))
            #expect(abs(Double(s.lowerBound) - (50 - half).rounded(.down)) <= 1, "t=\(t) \(s)")
            #expect(abs(Double(s.upperBound) - (50 + half).rounded(.up) + 1) <= 1, "t=\(t) \(s)")
            #expect(near(r.host.withClock { l.presentation()!.transform.m11 }, CGFloat(scale), 1e-9))
        }
    }

    /// A 20 × 10 layer along (20, 20) → (80, 20) → (80, 80) in 2 s with `.rotateAuto`: it
    /// lies along x on the first leg and turns a quarter to lie along y on the second.
    @Test func keyframePathWithRotateAuto() throws {
        let l = box(CGRect(x: 10, y: 15, width: 20, height: 10), color(1, 0, 0))
        let r = scene(l)
        _ = r.frame(at: 0)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 20))
        path.addLine(to: CGPoint(x: 80, y: 20))
        path.addLine(to: CGPoint(x: 80, y: 80))
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path; k.duration = 2; k.rotationMode = .rotateAuto
        r.host.withClock { l.add(k, forKey: "follow") }
        let first = try #require(r.frame(at: 0.5))        // at (50, 20), heading +x
        #expect(r.host.withClock { l.presentation()!.position } == CGPoint(x: 50, y: 20))
        #expect(first.rgba(41, 20) == .red && first.rgba(58, 20) == .red && first.rgba(50, 16) == .red)
        #expect(first.rgba(38, 20) == .clear && first.rgba(50, 27) == .clear)
        let second = try #require(r.frame(at: 1.5))       // at (80, 50), heading +y: 10 wide, 20 tall
        let p = r.host.withClock { l.presentation()! }
        #expect(near(p.position.x, 80, 1e-9) && near(p.position.y, 50, 1e-9))
        #expect(abs(p.transform.m11) < 1e-9 && abs(p.transform.m12 - 1) < 1e-9)
        #expect(second.rgba(80, 41) == .red && second.rgba(80, 58) == .red && second.rgba(76, 50) == .red)
        #expect(second.rgba(80, 38) == .clear && second.rgba(87, 50) == .clear)
    }

    /// Apple's CAAnimationGroup listing: fade 1 → 0 over 1 s and a scale child without a duration
    /// (1 → 3 through a value function), group 1 s. At 0.5 s the 20-point square is 40 points
    /// wide at half opacity.
    @Test func group() throws {
        let l = box(CGRect(x: 40, y: 40, width: 20, height: 20), color(1, 0, 0))
        let r = scene(l)
        _ = r.frame(at: 0)
        r.host.withClock { l.add(GroupChildTimingTests.applesGroup(), forKey: "fadeAndScale") }
        let f = try #require(r.frame(at: 0.5))
        #expect(f.rgba(31, 50).near(RGBA(128, 0, 0, 128), 1) && f.rgba(68, 50).near(RGBA(128, 0, 0, 128), 1))
        #expect(f.rgba(28, 50) == .clear && f.rgba(72, 50) == .clear)
        let end = try #require(r.frame(at: 1.01))          // removed: the model square again
        #expect(end.rgba(41, 50) == .red && end.rgba(38, 50) == .clear)
    }

    /// A card flip: `transform.rotation.y` 0 → π over 1 s in a container with perspective
    /// (`sublayerTransform.m34 = −1/500`). Edge-on at 0.5 s; at 0.25 s a 40-point card spans
    /// ±20·cos 45° / (1 ± 20·sin 45° / 500) about its centre.
    @Test func flip3D() throws {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        container.sublayerTransform = perspective
        let card = box(CGRect(x: 30, y: 30, width: 40, height: 40), color(1, 0, 0))
        container.addSublayer(card)
        let r = scene(container)
        _ = r.frame(at: 0)
        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0; flip.toValue = Double.pi; flip.duration = 1
        r.host.withClock { card.add(flip, forKey: "flip") }
        let quarter = try #require(r.frame(at: 0.25))
        let c = 20 * cos(Double.pi / 4), z = 20 * sin(Double.pi / 4)
        let near = 50 - c / (1 - z / 500), far = 50 + c / (1 + z / 500)
        let edges = [near, far].sorted()
        let s = try #require(span(quarter, row: 50))
        #expect(abs(Double(s.lowerBound) - edges[0]) <= 1.5 || abs(Double(s.lowerBound) - (100 - edges[1])) <= 1.5, "\(s)")
        #expect(abs(Double(s.count) - (far - near)) <= 2, "\(s)")
        let edgeOn = try #require(r.frame(at: 0.5))
        #expect((span(edgeOn, row: 50)?.count ?? 0) <= 2)
        let back = try #require(r.frame(at: 0.75))         // doubleSided (default): the back shows
        #expect((span(back, row: 50)?.count ?? 0) >= Int(far - near) - 2)
        let done = try #require(r.frame(at: 1.01))
        #expect(span(done, row: 50) == 30...69)
    }
}
