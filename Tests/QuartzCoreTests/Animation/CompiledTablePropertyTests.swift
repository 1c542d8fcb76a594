import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Every stored property of a table compiles (its row's `slot`): colours, values that switch,
/// paths and a subclass's own properties give the general path's state at every time.
@Suite("Compiled animations from the table")
struct CompiledTablePropertyTests {
    static let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 0.5)

    static func basic(_ keyPath: String, from: Any? = nil, to: Any? = nil, by: Any? = nil,
                      _ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: keyPath)
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = 1
        configure(a)
        return a
    }

    /// The values `key` takes under `a` on the compiled and the general path, boxed as KVC
    /// boxes them, at times before, during and after; asserts the animation compiled.
    static func expectSame(_ a: CABasicAnimation, table: PropertyTable = .layer, state: LayerState = LayerState(),
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let e = LayerAnimation(key: "k", isNamed: true, animation: a)
        e.resolvedBeginTime = 0
        #expect(e.compile(table: table).isCompiled, "\(a.keyPath ?? "")", sourceLocation: sourceLocation)
        let key = String((a.keyPath ?? "").split(separator: ".")[0])
        guard let d = table[key] else { Issue.record("no row \(key)"); return }
        var moved = false
        for t in stride(from: -0.25, through: 2.5, by: 0.125) {
            var fast = state, general = state
            var c1: [String: Any] = [:], c2: [String: Any] = [:]
            AnimationEvaluator.apply([e], to: &fast, custom: &c1, table: table, at: t)
            AnimationEvaluator.applyGeneral([e], to: &general, custom: &c2, table: table, at: t)
            let f = describe(d.boxedValue(in: fast)), g = describe(d.boxedValue(in: general))
            #expect(f == g, "t = \(t): \(f) ≠ \(g)", sourceLocation: sourceLocation)
            if f != describe(d.boxedValue(in: state)) { moved = true }
        }
        #expect(moved, "\(a.keyPath ?? "") never changed the state", sourceLocation: sourceLocation)
    }

    /// A comparable text of a boxed value (colour components, path elements, numbers…).
    static func describe(_ v: Any?) -> String {
        switch v {
        case nil: return "nil"
        case let c as CGColor: return "color \(c.components ?? [])"
        case let p as CGPath: return "path \(p.boundingBox) \(p.hashValue)"
        case let n as NSNumber: return "number \(n.doubleValue)"
        case let v as NSValue: return "value \(v)"
        default: return "\(v!)"
        }
    }

    @Test func colorsInterpolate() {
        var s = LayerState()
        s.backgroundColor = Self.blue
        for key in ["backgroundColor", "borderColor", "shadowColor"] {
            Self.expectSame(Self.basic(key, from: Self.red, to: Self.blue), state: s)
            Self.expectSame(Self.basic(key, to: Self.red), state: s)
            Self.expectSame(Self.basic(key, from: NSNull(), to: Self.red) { $0.repeatCount = 2; $0.autoreverses = true })
            Self.expectSame(Self.basic(key, by: Self.red) { $0.isAdditive = true })
        }
    }

    @Test func switchingValues() {
        Self.expectSame(Self.basic("hidden", from: false, to: true))
        Self.expectSame(Self.basic("masksToBounds", to: NSNumber(value: 1)))
        Self.expectSame(Self.basic("contentsGravity", from: "center", to: CALayerContentsGravity.topLeft))
        Self.expectSame(Self.basic("name", to: "late"))
        Self.expectSame(Self.basic("contents", from: "a", to: NSNull()) { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) })
    }

    @Test func pathsInterpolateWhenTheyMatch() {
        let a = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let b = CGPath(rect: CGRect(x: 5, y: 5, width: 30, height: 20), transform: nil)
        let c = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        Self.expectSame(Self.basic("shadowPath", from: a, to: b))
        Self.expectSame(Self.basic("shadowPath", from: a, to: c))
        var s = LayerState()
        s.shadowPath = a
        Self.expectSame(Self.basic("shadowPath", to: b), state: s)
    }

    /// A value that does not decode leaves the animation to the general path (which ignores it).
    @Test func undecodableValuesStayGeneral() {
        let e = LayerAnimation(key: "k", isNamed: true, animation: Self.basic("hidden", to: "maybe"))
        #expect(!e.compile(table: .layer).isCompiled)
    }

    @Test func emitterPropertiesCompile() {
        let table = PropertyTable.emitterLayer
        var s = CAEmitterLayer().state
        s.emitter.birthRate = 3
        Self.expectSame(Self.basic("birthRate", from: 1, to: 10), table: table, state: s)
        Self.expectSame(Self.basic("lifetime", by: 2) { $0.isCumulative = true; $0.repeatCount = 2 }, table: table, state: s)
        Self.expectSame(Self.basic("emitterPosition", to: CGPoint(x: 40, y: -8)), table: table, state: s)
        Self.expectSame(Self.basic("emitterPosition.y", to: 12), table: table, state: s)
        Self.expectSame(Self.basic("emitterSize.width", from: 2, to: 12), table: table, state: s)
        Self.expectSame(Self.basic("emitterZPosition", to: 5), table: table, state: s)
        Self.expectSame(Self.basic("renderMode", to: "additive"), table: table, state: s)
    }
}
