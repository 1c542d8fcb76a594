import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Defaults of CAEmitterLayer and CAEmitterCell are Apple's
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayer,
/// https://developer.apple.com/documentation/quartzcore/caemittercell).
@Suite("Emitter defaults and KVC")
struct EmitterDefaultsTests {
    @Test func layerDefaults() {
        let l = CAEmitterLayer()
        #expect(l.emitterCells == nil)
        #expect(l.birthRate == 1 && l.lifetime == 1 && l.velocity == 1 && l.scale == 1 && l.spin == 1)
        #expect(l.emitterPosition == .zero && l.emitterZPosition == 0)
        #expect(l.emitterSize == .zero && l.emitterDepth == 0)
        #expect(l.emitterShape == .point && l.emitterMode == .volume && l.renderMode == .unordered)
        #expect(l.preservesDepth == false && l.seed == 0)
        #expect(l.emitterShape.rawValue == "point" && l.emitterMode.rawValue == "volume")
        #expect(CAEmitterLayerRenderMode.additive.rawValue == "additive")
        // KVC sees the defaults boxed, as Apple's defaultValue(forKey:) gives them.
        #expect((l.value(forKey: "birthRate") as? NSNumber)?.floatValue == 1)
        #expect((CAEmitterLayer.defaultValue(forKey: "emitterMode") as? String) == "volume")
        // Base CALayer defaults are unchanged.
        #expect(l.opacity == 1 && l.bounds == .zero)
    }

    @Test func layerPropertiesRoundTripThroughKVC() {
        let l = CAEmitterLayer()
        l.emitterPosition = CGPoint(x: 3, y: 4)
        l.birthRate = 2.5
        l.renderMode = .additive
        l.seed = 42
        #expect((l.value(forKey: "emitterPosition") as? NSValue)?.pointValue == CGPoint(x: 3, y: 4))
        #expect((l.value(forKey: "renderMode") as? String) == "additive")
        l.setValue(NSNumber(value: 7.0), forKey: "lifetime")
        #expect(l.lifetime == 7)
        #expect(l.seed == 42 && l.birthRate == 2.5)
    }

    @Test func cellDefaults() {
        let c = CAEmitterCell()
        #expect(c.name == nil && c.isEnabled)
        #expect(c.birthRate == 0 && c.lifetime == 0 && c.lifetimeRange == 0)
        #expect(c.emissionLatitude == 0 && c.emissionLongitude == 0 && c.emissionRange == 0)
        #expect(c.velocity == 0 && c.velocityRange == 0)
        #expect(c.xAcceleration == 0 && c.yAcceleration == 0 && c.zAcceleration == 0)
        #expect(c.scale == 1 && c.scaleRange == 0 && c.scaleSpeed == 0 && c.spin == 0 && c.spinRange == 0)
        #expect(c.color?.components == [1, 1, 1, 1])
        #expect(c.redRange == 0 && c.alphaRange == 0 && c.redSpeed == 0 && c.alphaSpeed == 0)
        #expect(c.contents == nil && c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(c.contentsScale == 1 && c.minificationFilter == "linear" && c.magnificationFilter == "linear")
        #expect(c.emitterCells == nil && c.style == nil)
        #expect(c.beginTime == 0 && c.duration == 0 && c.speed == 1 && c.fillMode == .removed)
        #expect((CAEmitterCell.defaultValue(forKey: "scale") as? NSNumber)?.doubleValue == 1)
    }

    @Test func cellKVCAndCopies() {
        let c = CAEmitterCell()
        c.setValue(NSNumber(value: 12), forKey: "birthRate")
        c.setValue("spark", forKey: "name")
        c.setValue(false, forKey: "enabled")
        #expect(c.birthRate == 12 && c.name == "spark" && !c.isEnabled)
        // A value of the wrong type is ignored.
        c.setValue("fast", forKey: "velocity")
        #expect(c.velocity == 0)
        let l = CAEmitterLayer()
        l.emitterCells = [c]
        c.birthRate = 99    // the layer holds a copy
        #expect(l.emitterCells?.first?.birthRate == 12)
        #expect(l.emitterCells?.first?.name == "spark")
    }

    @Test func cellKeyPathsReadAndChangeNamedCells() {
        let fire = CAEmitterCell(), spark = CAEmitterCell()
        fire.name = "fire"; fire.birthRate = 3
        spark.name = "spark"; spark.velocity = 4
        fire.emitterCells = [spark]
        let l = CAEmitterLayer()
        l.emitterCells = [fire]
        #expect((l.value(forKeyPath: "emitterCells.fire.birthRate") as? NSNumber)?.floatValue == 3)
        l.setValue(20, forKeyPath: "emitterCells.fire.birthRate")
        l.setValue(9, forKeyPath: "emitterCells.fire.emitterCells.spark.velocity")
        #expect(l.emitterCells?.first?.birthRate == 20)
        #expect(l.emitterCells?.first?.emitterCells?.first?.velocity == 9)
        // An unknown cell is reported and changes nothing.
        let box = EmitterDiagnosticsBox()
        CADiagnostics.withHandler({ box.append($0) }) { l.setValue(1, forKeyPath: "emitterCells.smoke.birthRate") }
        #expect(box.messages.count == 1 && l.emitterCells?.count == 1)
        // Other key paths still reach CALayer's.
        l.setValue(5, forKeyPath: "position.x")
        #expect(l.position.x == 5)
    }
}
