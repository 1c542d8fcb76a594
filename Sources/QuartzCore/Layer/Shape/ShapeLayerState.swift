import Foundation
import CoreGraphics

// CAShapeLayer's own properties, defined once: IDs (64..<76), typed storage with Apple's
// defaults, and the table rows that KVC, key paths, CAML, the commit and the animation compiler
// read (https://developer.apple.com/documentation/quartzcore/cashapelayer). Animatable flags
// follow the property pages ("Animatable"); `path` interpolates per point when both paths have
// the same elements and never animates implicitly (as every CGPath property, see
// `CALayer.implicitAnimation(forKey:)`).

extension PropertyID {
    static let shapePath = PropertyID(64)
    static let shapeFillColor = PropertyID(65)
    static let shapeFillRule = PropertyID(66)
    static let shapeStrokeColor = PropertyID(67)
    static let shapeStrokeStart = PropertyID(68)
    static let shapeStrokeEnd = PropertyID(69)
    static let shapeLineWidth = PropertyID(70)
    static let shapeMiterLimit = PropertyID(71)
    static let shapeLineCap = PropertyID(72)
    static let shapeLineJoin = PropertyID(73)
    static let shapeLineDashPhase = PropertyID(74)
    static let shapeLineDashPattern = PropertyID(75)
}

/// The values of a `CAShapeLayer`'s own properties, with Apple's defaults.
struct ShapeLayerState: LayerClassState {
    /// An immutable copy of the path assigned (`ValueNormalizer.path`).
    var path: CGPath? = nil
    var fillColor: CGColor? = LayerState.opaqueBlack
    var fillRule = CAShapeLayerFillRule.nonZero
    var strokeColor: CGColor? = nil
    var strokeStart: CGFloat = 0
    var strokeEnd: CGFloat = 1
    var lineWidth: CGFloat = 1
    var miterLimit: CGFloat = 10
    var lineCap = CAShapeLayerLineCap.butt
    var lineJoin = CAShapeLayerLineJoin.miter
    var lineDashPhase: CGFloat = 0
    var lineDashPattern: [NSNumber]? = nil
}

extension LayerState {
    /// A `CAShapeLayer`'s own properties (defaults for other layers).
    var shape: ShapeLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(ShapeLayerState.self).value }
    }
}

extension PropertyTable {
    /// CAShapeLayer's table: CALayer's rows and the shape's own. Its renderer
    /// (`ShapeLayerRenderer`, FrameBuilder+ShapeLayer.swift) draws the path.
    static let shapeLayer = PropertyTable(extending: .layer, with: shapeLayerProperties,
                                          renderer: ShapeLayerRenderer())
}

private let A: PropertyFlags = .animatable

private let shapeLayerProperties: [PropertyDescriptor] = [
    PropertyDescriptor(.shapePath, "path", ValueCodec.path.optional(), A, .path,
                       layer: \CAShapeLayer.path, state: \.shape.path),
    PropertyDescriptor(.shapeFillColor, "fillColor", ValueCodec.color.optional(), A, .color,
                       layer: \CAShapeLayer.fillColor, state: \.shape.fillColor),
    PropertyDescriptor(.shapeFillRule, "fillRule", .rawString,
                       layer: \CAShapeLayer.fillRule, state: \.shape.fillRule),
    PropertyDescriptor(.shapeStrokeColor, "strokeColor", ValueCodec.color.optional(), A, .color,
                       layer: \CAShapeLayer.strokeColor, state: \.shape.strokeColor),
    PropertyDescriptor(.shapeStrokeStart, "strokeStart", .cgFloat, A, .linear,
                       layer: \CAShapeLayer.strokeStart, state: \.shape.strokeStart),
    PropertyDescriptor(.shapeStrokeEnd, "strokeEnd", .cgFloat, A, .linear,
                       layer: \CAShapeLayer.strokeEnd, state: \.shape.strokeEnd),
    PropertyDescriptor(.shapeLineWidth, "lineWidth", .cgFloat, A, .linear,
                       layer: \CAShapeLayer.lineWidth, state: \.shape.lineWidth),
    PropertyDescriptor(.shapeMiterLimit, "miterLimit", .cgFloat, A, .linear,
                       layer: \CAShapeLayer.miterLimit, state: \.shape.miterLimit),
    PropertyDescriptor(.shapeLineCap, "lineCap", .rawString,
                       layer: \CAShapeLayer.lineCap, state: \.shape.lineCap),
    PropertyDescriptor(.shapeLineJoin, "lineJoin", .rawString,
                       layer: \CAShapeLayer.lineJoin, state: \.shape.lineJoin),
    PropertyDescriptor(.shapeLineDashPhase, "lineDashPhase", .cgFloat, A, .linear,
                       layer: \CAShapeLayer.lineDashPhase, state: \.shape.lineDashPhase),
    PropertyDescriptor(.shapeLineDashPattern, "lineDashPattern", ValueCodec.numbers.optional(),
                       layer: \CAShapeLayer.lineDashPattern, state: \.shape.lineDashPattern),
]

extension ValueCodec where V == [NSNumber] {
    /// An array of numbers (`lineDashPattern`), each stored as an NSNumber of its Double value.
    static var numbers: ValueCodec {
        ValueCodec(type: .numbers, expected: "an array of numbers",
                   decode: { v in
                       guard let items = ValueNormalizer.unwrap(v) as? [Any] else { return nil }
                       let xs = items.compactMap { ValueNormalizer.cgFloat($0) }
                       return xs.count == items.count ? xs.map { NSNumber(value: Double($0)) } : nil
                   },
                   encode: { $0 })
    }
}
