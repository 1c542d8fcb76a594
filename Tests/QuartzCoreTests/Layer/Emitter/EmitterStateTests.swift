import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// CAEmitterLayer's properties are typed fields of the layer state (`state.emitter`), in their
/// class's box, defined once by their table rows: never in the key-value container.
@Suite("Emitter typed state", .serialized)
struct EmitterStateTests {
    @Test func propertiesAreTypedStateNotCustomKeys() throws {
        let l = CAEmitterLayer()
        l.birthRate = 4
        l.setValue(NSValue(point: CGPoint(x: 5, y: 6)), forKey: "emitterPosition")
        l.setValue("circle", forKey: "emitterShape")
        l.setValue(NSNumber(value: 17.9), forKey: "seed")
        #expect(l.customValues.isEmpty)
        #expect(l.state.emitter.birthRate == 4)
        #expect(l.state.emitter.emitterPosition == CGPoint(x: 5, y: 6))
        #expect(l.state.emitter.emitterShape == .circle)
        #expect(l.seed == 17)
        #expect(l.changes.properties.contains(.emitterBirthRate))
        #expect(l.changes.properties.contains(.emitterSeed))
        // A plain layer shares no box; an emitter's copies share one until written.
        #expect(CALayer().state.classStorage == nil)
        var copy = l.state
        #expect(copy.classStorage === l.state.classStorage)
        copy.emitter.birthRate = 9
        #expect(copy.classStorage !== l.state.classStorage && l.birthRate == 4 && copy.emitter.birthRate == 9)
    }

    @Test func wrongTypesAndNonFiniteValuesAreRejected() {
        let l = CAEmitterLayer()
        l.lifetime = 3
        let kinds = reportedKinds {
            l.setValue("long", forKey: "lifetime")
            l.lifetime = .nan
            l.emitterSize = CGSize(width: CGFloat.infinity, height: 1)
        }
        #expect(kinds == [.invalidValue, .nonFiniteValue, .nonFiniteValue])
        #expect(l.lifetime == 3 && l.emitterSize == .zero)
    }

    @Test func commitAndPresentationCarryTheTypedState() throws {
        let host = CALayer()
        let l = CAEmitterLayer()
        host.addSublayer(l)
        l.velocity = 2
        l.renderMode = .additive
        CATransaction.flush()
        let committed = try #require(l.committed)
        #expect(committed.state.emitter.velocity == 2 && committed.state.emitter.renderMode == .additive)
        let snapshot = try #require(l.makeSnapshot())
        #expect(snapshot.state.emitter.velocity == 2)
        #expect(snapshot.customValues.isEmpty)
        let copy = CAEmitterLayer(layer: l)
        #expect(copy.velocity == 2 && copy.renderMode == .additive)
    }

    @Test func animationsOfEmitterPropertiesReachThePresentationState() throws {
        let l = CAEmitterLayer()
        l.birthRate = 10
        let a = CABasicAnimation(keyPath: "birthRate")
        a.fromValue = 0; a.toValue = 20; a.duration = 2
        l.add(a, forKey: "ramp")
        CATransaction.flush()
        let entry = try #require(l.committed?.animations.first)
        #expect(entry.compile(table: l.classInfo.table).isCompiled)
        let snapshot = try #require(l.makeSnapshot())
        let begin = try #require(entry.resolvedBeginTime)
        #expect(snapshot.presentationState(at: begin + 1).emitter.birthRate == 10)
        #expect(snapshot.presentationState(at: begin + 3).emitter.birthRate == 10)   // removed after its end
        #expect(snapshot.presentationState(at: begin + 0.5).emitter.birthRate == 5)
    }

    @Test func defaultsComeFromTheTable() {
        #expect((CAEmitterLayer.defaultValue(forKey: "lifetime") as? NSNumber)?.floatValue == 1)
        #expect((CAEmitterLayer.defaultValue(forKey: "emitterSize") as? NSValue)?.sizeValue == .zero)
        #expect(CAEmitterLayer.defaultValue(forKey: "renderMode") as? String == "unordered")
        #expect(CALayer.defaultValue(forKey: "renderMode") == nil)   // CALayer has no such key
        #expect(CAEmitterLayer.propertyInfo(forKey: "emitterPosition")?.type == .point)
        #expect(CALayer.propertyInfo(forKey: "emitterPosition") == nil)
    }
}
