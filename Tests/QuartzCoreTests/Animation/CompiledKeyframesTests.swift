import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Keyframe animations on numbers and points take the compiled path (`CompiledKeyframes`) and
/// give the general path's state bit for bit (`CompiledAnimationTests.expectSame`) in every
/// calculation mode and timing.
@Suite("Compiled keyframe animations")
struct CompiledKeyframesTests {
    static func keyframes(_ keyPath: String, _ values: [Any], _ configure: (CAKeyframeAnimation) -> Void = { _ in })
        -> CAKeyframeAnimation {
        let a = CAKeyframeAnimation(keyPath: keyPath)
        a.values = values
        a.duration = 1
        configure(a)
        return a
    }

    /// Modes, key times, per-segment timing functions, spline parameters and repeats.
    static let variants: [@Sendable (CAKeyframeAnimation) -> Void] = [
        { _ in },
        { $0.calculationMode = .discrete },
        { $0.calculationMode = .paced },
        { $0.calculationMode = .cubic; $0.tensionValues = [0.5, -0.5, 0, 1]; $0.biasValues = [0.25] },
        { $0.calculationMode = .cubicPaced },
        { $0.keyTimes = [0, 0.1, 0.7, 1] },
        { $0.keyTimes = [0, 0.5] },   // fewer key times than values, as the general path takes them
        { $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)] },
        { $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -0.6, 0.4, 1.7); $0.repeatCount = 3 },
        { $0.repeatCount = 3; $0.isCumulative = true },
        { $0.repeatCount = 2; $0.autoreverses = true; $0.fillMode = .both; $0.speed = 1.5 },
        { $0.isAdditive = true; $0.fillMode = .forwards; $0.timeOffset = 0.25 },
        { $0.isAdditive = true; $0.isCumulative = true; $0.repeatCount = .infinity },
    ]

    @Test func pointsInEveryModeAndTiming() {
        let points = [CGPoint(x: 50, y: 772), CGPoint(x: -50, y: 772), CGPoint(x: 10, y: -3.5), CGPoint(x: 80, y: 4)]
        for v in Self.variants {
            CompiledAnimationTests.expectSame([Self.keyframes("position", points, v)])
            CompiledAnimationTests.expectSame([Self.keyframes("anchorPoint", Array(points.prefix(2)), v)])
        }
        // Values boxed as NSValue, as CAML and Lottie give them.
        CompiledAnimationTests.expectSame([Self.keyframes("position", points.map { NSValue(point: $0) })])
    }

    @Test func numbersAndStructFieldsInEveryModeAndTiming() {
        for v in Self.variants {
            CompiledAnimationTests.expectSame([Self.keyframes("opacity", [0.1, 1, 0.5, 0.75], v)])
            CompiledAnimationTests.expectSame([Self.keyframes("cornerRadius", [NSNumber(value: 2), 12.5, 0, 4], v)])
            CompiledAnimationTests.expectSame([Self.keyframes("position.x", [0, 100, 30, -8], v)])
            CompiledAnimationTests.expectSame([Self.keyframes("bounds.size.width", [10, 100], v)])
        }
        // One value: held for the whole duration.
        CompiledAnimationTests.expectSame([Self.keyframes("zPosition", [7])])
    }

    /// The values an animation of the benchmark's wallpaper gives, at known times.
    @Test func aTileSlidingLeftIsWhereTheGeneralPathPutsIt() {
        let table = CALayer().classInfo.table
        let e = CompiledAnimationTests.entry(Self.keyframes("position", [CGPoint(x: 50, y: 772), CGPoint(x: -50, y: 772)]) {
            $0.repeatCount = .infinity
        })
        #expect(e.compile(table: table).isCompiled)
        for (t, x) in [(0.0, 50.0), (0.25, 25), (0.5, 0), (1.75, -25)] {
            var s = LayerState(), custom: [String: Any] = [:]
            AnimationEvaluator.apply([e], to: &s, custom: &custom, table: table, at: t)
            #expect(s.position == CGPoint(x: x, y: 772), "t = \(t)")
        }
    }

    /// What keeps the general path: a path, a value that does not convert, no values, other
    /// kinds of property, transform components.
    @Test func whatStaysOnTheGeneralPath() {
        let table = CALayer().classInfo.table
        let onPath = Self.keyframes("position", []) { $0.values = nil; $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: 9, height: 9), transform: nil) }
        let uncovered: [CAAnimation] = [
            onPath,
            Self.keyframes("position", [CGPoint(x: 1, y: 1), "not a point"]),
            Self.keyframes("opacity", []),
            Self.keyframes("bounds", [CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: 2, height: 2)]),
            Self.keyframes("transform.rotation.z", [0, 1]),
            Self.keyframes("myCustomKey", [0, 1]),
        ]
        for a in uncovered {
            #expect(!CompiledAnimationTests.entry(a).compile(table: table).isCompiled, "\(a)")
        }
        // The general path still evaluates them: the path's first point at t = 0.
        var s = LayerState(), custom: [String: Any] = [:]
        AnimationEvaluator.apply([CompiledAnimationTests.entry(onPath)], to: &s, custom: &custom, table: table, at: 0)
        #expect(s.position == .zero)
    }
}
