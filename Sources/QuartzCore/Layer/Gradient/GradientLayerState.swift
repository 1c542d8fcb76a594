import Foundation

// CAGradientLayer's own properties, defined once: IDs (96..<112), typed storage with Apple's
// defaults, and the table rows that KVC, key paths, CAML, the commit and the animation compiler
// read (https://developer.apple.com/documentation/quartzcore/cagradientlayer). `colors`,
// `locations`, `startPoint` and `endPoint` are animatable; `type` is not.

extension PropertyID {
    static let gradientColors = PropertyID(96)
    static let gradientLocations = PropertyID(97)
    static let gradientStartPoint = PropertyID(98)
    static let gradientEndPoint = PropertyID(99)
    static let gradientType = PropertyID(100)
}

/// The values of a `CAGradientLayer`'s own properties, with Apple's defaults.
struct GradientLayerState: LayerClassState {
    var colors: [CGColor]? = nil
    var locations: [CGFloat]? = nil
    var startPoint = CGPoint(x: 0.5, y: 0)
    var endPoint = CGPoint(x: 0.5, y: 1)
    var type = CAGradientLayerType.axial
}

extension LayerState {
    /// A `CAGradientLayer`'s own properties (defaults for other layers).
    var gradient: GradientLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(GradientLayerState.self).value }
    }
}

extension PropertyTable {
    /// CAGradientLayer's table; its renderer (`GradientLayerRenderer`,
    /// FrameBuilder+GradientLayer.swift) draws the gradient between contents and sublayers.
    static let gradientLayer = PropertyTable(extending: .layer, with: gradientLayerProperties,
                                             renderer: GradientLayerRenderer())
}

private let A: PropertyFlags = .animatable

private let gradientLayerProperties: [PropertyDescriptor] = [
    PropertyDescriptor(.gradientColors, "colors", ValueCodec.gradientColors.optional(), A, .elementwise,
                       layer: \CAGradientLayer.typedColors, state: \.gradient.colors),
    PropertyDescriptor(.gradientLocations, "locations", ValueCodec.gradientLocations.optional(), A, .elementwise,
                       layer: \CAGradientLayer.typedLocations, state: \.gradient.locations),
    PropertyDescriptor(.gradientStartPoint, "startPoint", .point, A, .linear,
                       layer: \CAGradientLayer.startPoint, state: \.gradient.startPoint),
    PropertyDescriptor(.gradientEndPoint, "endPoint", .point, A, .linear,
                       layer: \CAGradientLayer.endPoint, state: \.gradient.endPoint),
    PropertyDescriptor(.gradientType, "type", .rawString,
                       layer: \CAGradientLayer.type, state: \.gradient.type),
]

extension ValueCodec where V == [CGColor] {
    /// An array whose colour elements are kept; other elements are reported and left out
    /// (Apple documents the array as CGColor objects only).
    static var gradientColors: ValueCodec {
        ValueCodec(type: .array, expected: "an array of CGColor",
                   decode: { v in
                       guard let items = ValueNormalizer.unwrap(v) as? [Any] else { return nil }
                       let colors = items.compactMap { ValueNormalizer.color($0) }
                       if colors.count != items.count {
                           CADiagnostics.report(CALayerDiagnostic(
                               .invalidValue, key: "colors",
                               "\(items.count - colors.count) element(s) of 'colors' are not CGColor; they are ignored"))
                       }
                       return colors
                   },
                   encode: { $0 })
    }
}

extension ValueCodec where V == [CGFloat] {
    /// An array of numbers; an array with a non-number or non-finite element is rejected.
    /// Values outside 0…1 or out of order are kept (animations move stops past the ends) and
    /// reported; they are clamped and made non-decreasing when drawn.
    static var gradientLocations: ValueCodec {
        ValueCodec(type: .array, expected: "an array of finite numbers",
                   decode: { v in
                       guard let items = ValueNormalizer.unwrap(v) as? [Any] else { return nil }
                       let xs = items.compactMap { ValueNormalizer.cgFloat($0) }
                       guard xs.count == items.count, xs.allSatisfy(\.isFinite) else { return nil }
                       if xs.contains(where: { $0 < 0 || $0 > 1 }) || zip(xs, xs.dropFirst()).contains(where: { $0 > $1 }) {
                           CADiagnostics.report(CALayerDiagnostic(
                               .invalidValue, key: "locations",
                               "'locations' should increase within 0…1; they are clamped and made non-decreasing when drawn"))
                       }
                       return xs
                   },
                   encode: { $0.map { NSNumber(value: Double($0)) } })
    }
}
