import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Random trees of random animations: the ticker's states (the frames' values) are, bit for bit,
/// what `AnimationEvaluator.apply` gives each layer at its local time (what `presentation()`
/// runs), and what the general path alone gives — basic animations of every compiled kind with
/// additive, cumulative, repeats, autoreverse, fill modes, speeds, offsets and timing functions,
/// mixed with keyframes and springs, under ancestors with their own speed, begin time and offset.
@Suite("Animation ticker, random animations")
struct AnimationTickerRandomTests {
    static let keyPaths = ["position", "position.x", "opacity", "bounds", "bounds.size", "cornerRadius",
                           "transform.rotation.z", "transform.scale", "transform.translation.x", "transform",
                           "backgroundColor", "hidden", "anchorPoint"]

    static func value(_ keyPath: String, _ g: inout SplitMix) -> Any {
        func n(_ r: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: r, using: &g)) }
        switch keyPath {
        case "position", "anchorPoint": return CGPoint(x: n(-50...150), y: n(-50...150))
        case "bounds": return CGRect(x: n(-5...5), y: n(-5...5), width: n(1...90), height: n(1...90))
        case "bounds.size": return CGSize(width: n(1...90), height: n(1...90))
        case "transform":
            return CATransform3DRotate(CATransform3DMakeScale(n(0.5...2), n(0.5...2), 1), n(-3...3), 0, 0, 1)
        case "backgroundColor": return CGColor(srgbRed: n(0...1), green: n(0...1), blue: n(0...1), alpha: n(0...1))
        case "hidden": return Bool.random(using: &g)
        case "transform.rotation.z": return n(-7...7)
        default: return n(-2...40)
        }
    }

    static func timing(_ a: CAAnimation, _ g: inout SplitMix) {
        a.duration = [0.5, 1, 1.3].randomElement(using: &g)!
        a.beginTime = [0, 0, 0.4].randomElement(using: &g)!
        a.speed = [1, 1, 2, 0.5].randomElement(using: &g)!
        a.timeOffset = [0, 0, 0.3].randomElement(using: &g)!
        a.repeatCount = [0, 1.5, 3, .infinity].randomElement(using: &g)!
        a.autoreverses = Bool.random(using: &g)
        a.fillMode = [.removed, .forwards, .backwards, .both].randomElement(using: &g)!
        switch Int.random(in: 0..<4, using: &g) {
        case 0: a.timingFunction = nil
        case 1: a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        case 2: a.timingFunction = CAMediaTimingFunction(name: .easeOut)
        default:
            a.timingFunction = CAMediaTimingFunction(controlPoints: .random(in: 0...1, using: &g), .random(in: -0.5...1.5, using: &g),
                                                     .random(in: 0...1, using: &g), .random(in: -0.5...1.5, using: &g))
        }
    }

    static func animation(_ g: inout SplitMix) -> CAAnimation {
        let keyPath = keyPaths.randomElement(using: &g)!
        let a: CAPropertyAnimation
        switch Int.random(in: 0..<10, using: &g) {
        case 0:
            let k = CAKeyframeAnimation(keyPath: keyPath)
            k.values = (0..<3).map { _ in value(keyPath, &g) }
            a = k
        case 1:
            let s = CASpringAnimation(keyPath: "position.x")
            s.fromValue = value("position.x", &g); s.toValue = value("position.x", &g)
            a = s
        default:
            let b = CABasicAnimation(keyPath: keyPath)
            // Any subset of from/to/by (by only for values that add).
            if Bool.random(using: &g) { b.fromValue = value(keyPath, &g) }
            if Bool.random(using: &g) { b.toValue = value(keyPath, &g) }
            if keyPath != "hidden", keyPath != "transform", Int.random(in: 0..<3, using: &g) == 0 { b.byValue = value(keyPath, &g) }
            a = b
        }
        a.isAdditive = keyPath != "hidden" && Int.random(in: 0..<4, using: &g) == 0
        a.isCumulative = Int.random(in: 0..<4, using: &g) == 0
        timing(a, &g)
        if a is CASpringAnimation { a.duration = 1.2 }
        return a
    }

    static func layerTiming(_ l: CALayer, _ g: inout SplitMix) {
        l.speed = [1, 1, 2, 0.5, 0.75].randomElement(using: &g)!
        l.beginTime = [0, 0, 0.25].randomElement(using: &g)!
        l.timeOffset = [0, 0, 0.6].randomElement(using: &g)!
    }

    /// Every field a random animation may write, as bits.
    static func bits(_ s: LayerState) -> [UInt64] {
        var v: [CGFloat] = [s.position.x, s.position.y, s.anchorPoint.x, s.anchorPoint.y, CGFloat(s.opacity),
                            s.cornerRadius, s.bounds.origin.x, s.bounds.origin.y, s.bounds.width, s.bounds.height]
        let t = s.transform
        v += [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        v += s.backgroundColor?.components ?? [-1]
        return v.map { UInt64($0.bitPattern) } + [s.isHidden ? 1 : 0]
    }

    @Test(arguments: 0..<12)
    func tickerIsTheEvaluatorOnRandomTrees(seed: UInt64) {
        var g = SplitMix(seed: 1000 + seed)
        let root = CALayer(), mid = CALayer()
        Self.layerTiming(root, &g); Self.layerTiming(mid, &g)
        var leaves: [(CALayer, parent: CALayer)] = []
        for i in 0..<16 {
            let l = CALayer()
            l.position = CGPoint(x: 10, y: 20); l.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
            l.backgroundColor = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            l.transform = i % 3 == 0 ? CATransform3DMakeRotation(0.5, 0, 0, 1) : CATransform3DIdentity
            if Bool.random(using: &g) { Self.layerTiming(l, &g) }
            for k in 0..<Int.random(in: 1...3, using: &g) { l.add(Self.animation(&g), forKey: "a\(k)") }
            leaves.append((l, i % 2 == 0 ? mid : root))
        }
        func committed(_ l: CALayer) -> CommittedLayer {
            for e in l.animationEntries {
                e.resolvedBeginTime = e.animation.beginTime
                e.compile(table: l.classInfo.table)
            }
            return CommittedLayer(of: l)
        }
        var ticker = AnimationTicker()
        let r = ticker.add(committed(root), table: root.classInfo.table, parent: nil)
        let m = ticker.add(committed(mid), table: mid.classInfo.table, parent: r)
        let commits = leaves.map { committed($0.0) }
        var indices: [Int] = []
        for ((l, parent), c) in zip(leaves, commits) {
            indices.append(ticker.add(c, table: l.classInfo.table, parent: parent === mid ? m : r))
        }
        #expect(ticker.compiledCount > 0)
        var moved = 0
        for t in stride(from: -0.25, through: 4.5, by: 0.1375) {
            ticker.tick(at: t)
            let rootLocal = MediaTiming.localTime(fromParent: t, beginTime: root.beginTime, speed: root.speed, timeOffset: root.timeOffset)
            let midLocal = MediaTiming.localTime(fromParent: rootLocal, beginTime: mid.beginTime, speed: mid.speed, timeOffset: mid.timeOffset)
            for (i, ((l, parent), c)) in zip(indices, zip(leaves, commits)) {
                let local = MediaTiming.localTime(fromParent: parent === mid ? midLocal : rootLocal, beginTime: l.beginTime,
                                                  speed: l.speed, timeOffset: l.timeOffset)
                var s = c.state, custom = c.customValues
                AnimationEvaluator.apply(c.animations, to: &s, custom: &custom, table: l.classInfo.table, at: local)
                var general = c.state, custom2 = c.customValues
                AnimationEvaluator.applyGeneral(c.animations, to: &general, custom: &custom2, table: l.classInfo.table, at: local)
                #expect(ticker.localTimes[i] == local)
                #expect(Self.bits(ticker.states[i]) == Self.bits(s), "seed \(seed), t = \(t), layer \(i): ticker vs evaluator")
                #expect(Self.bits(s) == Self.bits(general),
                        "seed \(seed), t = \(t), layer \(i): compiled vs general \(c.animations.map { $0.animation })")
                if Self.bits(s) != Self.bits(c.state) { moved += 1 }
            }
        }
        #expect(moved > 100, "the random animations barely moved anything (\(moved))")
    }
}
