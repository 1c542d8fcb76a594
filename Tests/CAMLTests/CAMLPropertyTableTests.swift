import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// CAML's value kinds and written attributes come from each layer class's property table.
@Suite("CAML from the property table")
struct CAMLPropertyTableTests {
    @Test func kindsFollowTheClassTable() {
        #expect(CAMLValueKind.of(keyPath: "opacity") == .number)
        #expect(CAMLValueKind.of(keyPath: "autoresizingMask") == .number)
        #expect(CAMLValueKind.of(keyPath: "contents") == .image)
        #expect(CAMLValueKind.of(keyPath: "cornerCurve") == .string)
        #expect(CAMLValueKind.of(keyPath: "frame") == .rect)
        #expect(CAMLValueKind.of(keyPath: "bounds.size.width") == .number)
        #expect(CAMLValueKind.of(keyPath: "transform.translation") == .size)
        #expect(CAMLValueKind.of(keyPath: "shadowPath") == .path)
        #expect(CAMLValueKind.of(keyPath: "lineCap", in: CAShapeLayer.self) == .string)
        #expect(CAMLValueKind.of(keyPath: "path", in: CAShapeLayer.self) == .path)
        #expect(CAMLValueKind.of(keyPath: "sublayers") == nil)
        #expect(CAMLValueKind.of(keyPath: "birthRate") == nil)   // not a CALayer key
        #expect(CAMLValueKind.of(keyPath: "birthRate", in: CAEmitterLayer.self) == .number)
        #expect(CAMLValueKind.of(keyPath: "emitterPosition.y", in: CAEmitterLayer.self) == .number)
        #expect(CAMLValueKind.of(keyPath: "renderMode", in: CAEmitterLayer.self) == .string)
        #expect(CAMLValueKind.of(keyPath: "emitterCells", in: CAEmitterLayer.self) == nil)
    }

    @Test func writtenAttributesAreTheTableRowsThatDifferFromTheirDefaults() {
        let scalars = CAMLLayerAttributes.scalars(of: CALayer.self).map(\.info.key)
        #expect(scalars.first == "name")
        #expect(scalars.contains("position") && scalars.contains("fillMode") && scalars.contains("maskedCorners"))
        #expect(!scalars.contains("frame") && !scalars.contains("contents") && !scalars.contains("backgroundColor"))
        let emitter = CAMLLayerAttributes.scalars(of: CAEmitterLayer.self).map(\.info.key)
        #expect(emitter.contains("seed") && emitter.contains("emitterSize") && !emitter.contains("emitterCells"))
        #expect(CAMLLayerAttributes.colors(of: CALayer.self).map(\.key) == ["backgroundColor", "borderColor", "shadowColor"])
        let opacity = CALayer.propertyInfo(forKey: "opacity")!
        #expect(CAMLLayerAttributes.text(NSNumber(value: Float(0.3)), opacity, .number) == "0.3")
        let seed = CAEmitterLayer.propertyInfo(forKey: "seed")!
        #expect(CAMLLayerAttributes.text(NSNumber(value: UInt32(42)), seed, .number) == "42")
    }
}
