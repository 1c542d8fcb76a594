import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The contiguous array of compiled animations (`AnimationTicker`) gives, tick after tick, the
/// states `AnimationEvaluator.apply` gives each layer at its local time.
@Suite("Animation ticker")
struct AnimationTickerTests {
    static func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                      _ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = 1
        configure(a)
        return a
    }

    /// The layer's animations as a commit leaves them (begin time resolved, compiled), and its
    /// committed state.
    static func committed(_ l: CALayer, begin: CFTimeInterval = 0) -> CommittedLayer {
        for e in l.animationEntries {
            e.resolvedBeginTime = begin
            e.compile(table: l.classInfo.table)
        }
        return CommittedLayer(of: l)
    }

    static func fields(_ s: LayerState) -> [String] {
        [s.position, s.anchorPoint].map { "\($0.x.bitPattern) \($0.y.bitPattern)" }
            + ["\(s.opacity.bitPattern)", "\(s.isHidden)", "\(s.backgroundColor?.components ?? [])",
               "\(s.bounds)", "\(s.transform.m11.bitPattern) \(s.transform.m12.bitPattern) \(s.transform.m41.bitPattern)"]
    }

    @Test func tickMatchesTheEvaluatorForEveryLayer() {
        let root = CALayer()
        root.speed = 2; root.beginTime = 0.5
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.position = CGPoint(x: 10, y: 20); a.timeOffset = 0.25
        a.add(Self.basic("position", to: CGPoint(x: 110, y: 70)) { $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut); $0.repeatCount = .infinity }, forKey: "move")
        a.add(Self.basic("position.x", by: 5) { $0.isAdditive = true }, forKey: "nudge")
        a.add(Self.basic("opacity", from: 1, to: 0) { $0.autoreverses = true; $0.repeatCount = 2 }, forKey: "fade")
        b.backgroundColor = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        b.add(Self.basic("backgroundColor", to: CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)), forKey: "tint")
        b.add(Self.basic("hidden", to: true) { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }, forKey: "hide")
        b.add(Self.basic("transform.rotation.z", from: 0, to: CGFloat.pi), forKey: "spin")
        let keyframes = CAKeyframeAnimation(keyPath: "bounds.size")
        keyframes.values = [CGSize(width: 10, height: 5), CGSize(width: 80, height: 5), CGSize(width: 20, height: 5)]
        keyframes.duration = 1.5
        c.add(keyframes, forKey: "kf")   // no compiled form: the general path
        c.add(Self.basic("anchorPoint", to: CGPoint(x: 0, y: 1)), forKey: "anchor")

        var ticker = AnimationTicker()
        let r = ticker.add(Self.committed(root), table: root.classInfo.table, parent: nil)
        let layers = [a, b, c]
        let commits = layers.map { Self.committed($0) }
        let indices = zip(layers, commits).map { ticker.add($1, table: $0.classInfo.table, parent: r) }
        #expect(ticker.compiledCount == 6)
        for t in stride(from: 0.0, through: 3.0, by: 0.1875) {
            ticker.tick(at: t)
            let rootLocal = MediaTiming.localTime(fromParent: t, beginTime: 0.5, speed: 2, timeOffset: 0)
            for (i, (l, c)) in zip(indices, zip(layers, commits)) {
                let local = MediaTiming.localTime(fromParent: rootLocal, beginTime: l.beginTime, speed: l.speed,
                                                  timeOffset: l.timeOffset)
                var s = c.state, custom = c.customValues
                AnimationEvaluator.apply(c.animations, to: &s, custom: &custom, table: l.classInfo.table, at: local)
                #expect(ticker.localTimes[i] == local)
                #expect(Self.fields(ticker.states[i]) == Self.fields(s), "t = \(t), layer \(i)")
            }
        }
    }
}
