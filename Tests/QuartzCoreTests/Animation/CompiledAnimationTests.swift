import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The compiled form of basic animations (`CompiledAnimation`) against the general path of
/// `AnimationEvaluator`: the same state, bit for bit, at many times, for every kind the compiled
/// form covers; and which animations take it.
@Suite("Compiled animations")
struct CompiledAnimationTests {
    /// A layer state away from the defaults, so underlying values matter.
    static func baseState(transform: CATransform3D = CATransform3DIdentity) -> LayerState {
        var s = LayerState()
        s.position = CGPoint(x: 30, y: -12.5)
        s.bounds = CGRect(x: 2, y: 3, width: 80, height: 40)
        s.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        s.anchorPointZ = 4
        s.zPosition = -2
        s.opacity = 0.8
        s.shadowOpacity = 0.3
        s.shadowOffset = CGSize(width: 1, height: -5)
        s.cornerRadius = 6
        s.borderWidth = 1.5
        s.shadowRadius = 2
        s.contentsRect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)
        s.transform = transform
        s.sublayerTransform = CATransform3DMakeScale(2, 1, 1)
        return s
    }

    /// Every number a compiled animation can write, as bit patterns.
    static func bits(_ s: LayerState) -> [UInt] {
        var v: [CGFloat] = [s.position.x, s.position.y, s.anchorPoint.x, s.anchorPoint.y, s.anchorPointZ,
                            s.zPosition, CGFloat(s.opacity), CGFloat(s.shadowOpacity), s.shadowOffset.width,
                            s.shadowOffset.height, s.cornerRadius, s.borderWidth, s.shadowRadius]
        for r in [s.bounds, s.contentsRect, s.contentsCenter] {
            v += [r.origin.x, r.origin.y, r.size.width, r.size.height]
        }
        for t in [s.transform, s.sublayerTransform] {
            v += [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                  t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        }
        return v.map { $0.bitPattern }
    }

    /// Times across before, during (several iterations) and after the animation.
    static let times: [CFTimeInterval] = stride(from: -0.5, through: 4.5, by: 0.0625).map { $0 } + [0.3333, 1.0001]

    static func entry(_ a: CAAnimation, begin: CFTimeInterval = 0) -> LayerAnimation {
        // As a commit does: begin time resolved, compiled for the layer's table.
        let e = LayerAnimation(key: "k", isNamed: true, animation: a)
        e.resolvedBeginTime = begin
        e.compile(table: CALayer().classInfo.table)
        return e
    }

    /// Asserts that the compiled path is taken for `anims` and gives the general path's state at
    /// every time.
    static func expectSame(_ anims: [CAAnimation], state: LayerState = baseState(),
                           compiled: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let table = CALayer().classInfo.table
        let entries = anims.map { entry($0) }
        for e in entries {
            #expect(e.compile(table: table).isCompiled == compiled, sourceLocation: sourceLocation)
        }
        var differing: [CFTimeInterval] = []
        var moved = false
        for t in times {
            var fast = state, general = state
            var c1: [String: Any] = [:], c2: [String: Any] = [:]
            AnimationEvaluator.apply(entries, to: &fast, custom: &c1, table: table, at: t)
            AnimationEvaluator.applyGeneral(entries, to: &general, custom: &c2, table: table, at: t)
            if bits(fast) != bits(general) { differing.append(t) }
            if bits(fast) != bits(state) { moved = true }
        }
        #expect(differing.isEmpty, "compiled and general paths differ at t = \(differing) for \(anims)",
                sourceLocation: sourceLocation)
        #expect(moved, "\(anims.compactMap { ($0 as? CAPropertyAnimation)?.keyPath }) never changed the state",
                sourceLocation: sourceLocation)
    }

    static func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                      _ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = 1
        configure(a)
        return a
    }

    /// Timing variants every kind is run under.
    static let timings: [@Sendable (CABasicAnimation) -> Void] = [
        { _ in },
        { $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) },
        { $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, -0.6, 0.4, 1.7); $0.repeatCount = 3 },
        { $0.repeatCount = 3; $0.isCumulative = true; $0.autoreverses = false },
        { $0.repeatCount = 2; $0.autoreverses = true; $0.fillMode = .both; $0.speed = 1.5 },
        { $0.isAdditive = true; $0.fillMode = .forwards; $0.timeOffset = 0.25 },
        { $0.isAdditive = true; $0.isCumulative = true; $0.repeatCount = .infinity },
    ]

    /// Each from/to/by combination with the given values.
    static func ranges(_ keyPath: String, _ x: Any, _ y: Any) -> [CABasicAnimation] {
        timings.flatMap { timing in
            [basic(keyPath, from: x, to: y, timing), basic(keyPath, from: x, timing), basic(keyPath, to: y, timing),
             basic(keyPath, by: y, timing), basic(keyPath, from: x, by: y, timing), basic(keyPath, to: y, by: x, timing)]
        }
    }

    @Test func scalarProperties() {
        for key in ["opacity", "shadowOpacity", "zPosition", "anchorPointZ", "cornerRadius", "borderWidth", "shadowRadius"] {
            for a in Self.ranges(key, 0.25 as CGFloat, NSNumber(value: 3.5)) { Self.expectSame([a]) }
        }
    }

    @Test func pointsSizesAndRects() {
        let p = NSValue(point: CGPoint(x: -40, y: 7)), q = CGPoint(x: 120.5, y: 60)
        for key in ["position", "anchorPoint", "bounds.origin"] {
            for a in Self.ranges(key, p, q) { Self.expectSame([a]) }
        }
        for key in ["shadowOffset", "bounds.size"] {
            for a in Self.ranges(key, CGSize(width: 3, height: 4), NSValue(size: CGSize(width: -10, height: 90))) {
                Self.expectSame([a])
            }
        }
        for key in ["bounds", "contentsRect", "contentsCenter"] {
            for a in Self.ranges(key, CGRect(x: 0, y: 0, width: 10, height: 20),
                                 NSValue(rect: CGRect(x: 5, y: -5, width: 200, height: 2))) {
                Self.expectSame([a])
            }
        }
    }

    @Test func structFields() {
        for key in ["position.x", "position.y", "anchorPoint.x", "bounds.origin.y", "bounds.size.width",
                    "bounds.size.height", "shadowOffset.height"] {
            for a in Self.ranges(key, -3 as Int, 250.75 as Double) { Self.expectSame([a]) }
        }
    }

    @Test func wholeTransforms() {
        let r = CATransform3DMakeRotation(0.7, 0, 0, 1)
        let s = CATransform3DTranslate(CATransform3DMakeScale(2, 0.5, 1), 10, -4, 3)
        var persp = CATransform3DIdentity; persp.m34 = -1 / 500
        for key in ["transform", "sublayerTransform"] {
            for a in Self.ranges(key, NSValue(caTransform3D: r), s) { Self.expectSame([a]) }
            for a in Self.ranges(key, CGAffineTransform(rotationAngle: 2), persp) { Self.expectSame([a]) }
            // A singular end switches half way, as the general path does.
            for a in Self.ranges(key, CATransform3DMakeScale(0, 1, 1), r) { Self.expectSame([a]) }
        }
        for a in Self.ranges("transform", r, s) { Self.expectSame([a], state: Self.baseState(transform: persp)) }
    }

    @Test func transformComponents() {
        let fields = ["rotation.z", "rotation", "rotation.x", "rotation.y", "scale", "scale.x", "scale.y", "scale.z",
                      "translation.x", "translation.y", "translation.z"]
        let tilted = CATransform3DRotate(CATransform3DMakeTranslation(5, 6, 7), 0.4, 1, 0.5, 0.2)
        for field in fields {
            for a in Self.ranges("transform.\(field)", 0.5 as CGFloat, 2 * CGFloat.pi) {
                Self.expectSame([a])                                         // on the identity
                Self.expectSame([a], state: Self.baseState(transform: tilted))
            }
            Self.expectSame([Self.basic("sublayerTransform.\(field)", from: 0.5, to: -3)])
        }
        // -0 entries are not the identity's bits: decomposed, as the general path does.
        var negZero = CATransform3DIdentity; negZero.m12 = -0.0
        Self.expectSame([Self.basic("transform.rotation.z", to: 1)], state: Self.baseState(transform: negZero))
    }

    @Test func stackedAnimationsMixCompiledAndGeneral() {
        let table = CALayer().classInfo.table
        let base = Self.basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 50))
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        keyframes.values = [CGPoint(x: 1, y: 1), CGPoint(x: 9, y: -9), CGPoint(x: 3, y: 4)]
        keyframes.isAdditive = true; keyframes.duration = 1
        // In a group, which has no compiled form.
        let group = CAAnimationGroup()
        group.animations = [keyframes]; group.duration = 1
        let additive = Self.basic("position.x", by: 10) { $0.isAdditive = true }
        let stack: [CAAnimation] = [base, group, additive]
        let entries = stack.map { Self.entry($0) }
        #expect(entries.map { $0.compiled?.isCompiled } == [true, false, true])
        var fast = Self.baseState(), general = fast, custom: [String: Any] = [:]
        AnimationEvaluator.apply(entries, to: &fast, custom: &custom, table: table, at: 0.5)
        AnimationEvaluator.applyGeneral(entries, to: &general, custom: &custom, table: table, at: 0.5)
        // base 50,25; keyframes at 0.5 → (9, -9) added; position.x += 5.
        #expect(fast.position == CGPoint(x: 64, y: 16))
        #expect(Self.bits(fast) == Self.bits(general))
    }

    @Test func whatHasNoCompiledForm() {
        let table = CALayer().classInfo.table
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0; spring.toValue = 1
        let keyframes = CAKeyframeAnimation(keyPath: "bounds")   // keyframes on rects: general
        keyframes.values = [CGRect.zero, CGRect(x: 0, y: 0, width: 1, height: 1)]
        let withFunction = Self.basic("transform", from: 0, to: 1) { $0.valueFunction = CAValueFunction(name: .rotateZ) }
        let group = CAAnimationGroup()
        group.animations = [Self.basic("opacity", to: 0)]
        let uncovered: [CAAnimation] = [
            spring, keyframes, withFunction, group,
            Self.basic("myCustomKey", from: 0, to: 1),
            Self.basic("transform.translation", to: CGSize(width: 1, height: 1)),
            Self.basic("position.z", to: 1),
        ]
        for a in uncovered {
            #expect(!Self.entry(a).compile(table: table).isCompiled, "\(a)")
        }
    }

    /// An implicit animation carries its from value typed (`typedFromValue`), equal to its boxed
    /// `fromValue`; setting `fromValue` again drops it.
    @Test func implicitAnimationsKeepTheirFromValueTyped() throws {
        let (host, root) = makeHost()
        host.update(to: 1)
        host.withClock {
            root.position = CGPoint(x: 40, y: 10)
            root.opacity = 0.25
            root.transform = CATransform3DMakeRotation(1, 0, 0, 1)
        }
        let table = root.classInfo.table
        for key in ["position", "opacity", "transform"] {
            let a = try #require(root.animation(forKey: key) as? CABasicAnimation)
            let typed = try #require(a.typedFromValue)
            let boxed = try #require(AnimValue(a.fromValue, as: typed.kind))
            #expect(typed.bits == boxed.bits, "\(key)")
            Self.expectSame([a], state: root.state)
            #expect(Self.entry(a).compile(table: table).isCompiled)
        }
        let a = CABasicAnimation(keyPath: "position")
        a.typedFromValue = .point(CGPoint(x: 1, y: 2))
        a.fromValue = CGPoint(x: 3, y: 4)
        #expect(a.typedFromValue == nil)
    }

    /// Through the public API: the commit compiles the animation and `presentation()` reports
    /// the compiled value.
    @Test func presentationTakesTheCompiledPath() throws {
        let (host, root) = makeHost()
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.fromValue = 0; a.toValue = CGFloat.pi; a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        host.withClock { root.add(a, forKey: "spin") }
        #expect(root.animationEntry(forKey: "spin")?.compiled == nil)   // not before the commit
        host.update(to: 0)
        let entry = try #require(root.committed?.animations.first)
        #expect(entry.compiled?.isCompiled == true)
        host.update(to: 0.5)
        let p = try #require(host.withClock { root.presentation() })
        // Half way through ease-in-ease-out is about half the angle (the Float control points
        // 0.42 and 0.58 are not exactly symmetric): a quarter turn.
        let k = CAMediaTimingFunction(name: .easeInEaseOut).output(at: 0.5)
        #expect(abs(k - 0.5) < 1e-6)
        #expect(abs(p.transform.m11 - cos(k * .pi)) < 1e-12)
        #expect(abs(p.transform.m12 - sin(k * .pi)) < 1e-12)
        #expect(abs(p.transform.m21 + sin(k * .pi)) < 1e-12)
        let angle = try #require((p.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue)
        #expect(abs(angle - k * .pi) < 1e-9)
    }
}

extension AnimValue {
    var kind: Kind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .transform: .transform
        case .color: .color
        case .path: .path
        case .other: .other
        }
    }

    /// The numbers of a geometric value, as bit patterns (empty for other kinds).
    var bits: [UInt] {
        let v: [CGFloat]
        switch self {
        case .number(let x): v = [x]
        case .point(let p): v = [p.x, p.y]
        case .size(let s): v = [s.width, s.height]
        case .rect(let r): v = [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .transform(let t): v = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                                     t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        default: v = []
        }
        return v.map { $0.bitPattern }
    }
}
