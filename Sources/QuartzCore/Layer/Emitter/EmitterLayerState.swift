import Foundation

// CAEmitterLayer's own properties, defined once: IDs (144..<160), typed storage with Apple's
// defaults, and the table rows that KVC, key paths, CAML, the commit and the animation compiler
// read (https://developer.apple.com/documentation/quartzcore/caemitterlayer). Animatable flags
// follow the property pages ("Animatable").

extension PropertyID {
    static let emitterCells = PropertyID(144)
    static let emitterBirthRate = PropertyID(145)
    static let emitterLifetime = PropertyID(146)
    static let emitterPosition = PropertyID(147)
    static let emitterZPosition = PropertyID(148)
    static let emitterSize = PropertyID(149)
    static let emitterDepth = PropertyID(150)
    static let emitterShape = PropertyID(151)
    static let emitterMode = PropertyID(152)
    static let emitterRenderMode = PropertyID(153)
    static let emitterPreservesDepth = PropertyID(154)
    static let emitterVelocity = PropertyID(155)
    static let emitterScale = PropertyID(156)
    static let emitterSpin = PropertyID(157)
    static let emitterSeed = PropertyID(158)
}

/// The values of a `CAEmitterLayer`'s own properties, with Apple's defaults.
struct EmitterLayerState: LayerClassState {
    /// Copies of the cells assigned (the layer never hands out or keeps the caller's objects).
    var emitterCells: [CAEmitterCell]? = nil
    var birthRate: Float = 1
    var lifetime: Float = 1
    var emitterPosition = CGPoint.zero
    var emitterZPosition: CGFloat = 0
    var emitterSize = CGSize.zero
    var emitterDepth: CGFloat = 0
    var emitterShape = CAEmitterLayerEmitterShape.point
    var emitterMode = CAEmitterLayerEmitterMode.volume
    var renderMode = CAEmitterLayerRenderMode.unordered
    var preservesDepth = false
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
}

extension LayerState {
    /// A `CAEmitterLayer`'s own properties (defaults for other layers).
    var emitter: EmitterLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(EmitterLayerState.self).value }
    }
}

extension PropertyTable {
    /// CAEmitterLayer's table: CALayer's rows and the emitter's own; its identity tells the
    /// render side that a snapshot is an emitter.
    /// Its renderer (`EmitterLayerRenderer`, FrameBuilder+Emitter.swift) draws the particles.
    static let emitterLayer = PropertyTable(extending: .layer, with: emitterLayerProperties,
                                            renderer: EmitterLayerRenderer())
}

private let A: PropertyFlags = .animatable

private let emitterLayerProperties: [PropertyDescriptor] = [
    PropertyDescriptor(.emitterCells, "emitterCells", ValueCodec.emitterCells.optional(),
                       layer: \CAEmitterLayer.emitterCells, state: \.emitter.emitterCells),
    PropertyDescriptor(.emitterBirthRate, "birthRate", .float, A, .linear,
                       layer: \CAEmitterLayer.birthRate, state: \.emitter.birthRate),
    PropertyDescriptor(.emitterLifetime, "lifetime", .float, A, .linear,
                       layer: \CAEmitterLayer.lifetime, state: \.emitter.lifetime),
    PropertyDescriptor(.emitterPosition, "emitterPosition", .point, A, .linear,
                       layer: \CAEmitterLayer.emitterPosition, state: \.emitter.emitterPosition),
    PropertyDescriptor(.emitterZPosition, "emitterZPosition", .cgFloat, A, .linear,
                       layer: \CAEmitterLayer.emitterZPosition, state: \.emitter.emitterZPosition),
    PropertyDescriptor(.emitterSize, "emitterSize", .size, A, .linear,
                       layer: \CAEmitterLayer.emitterSize, state: \.emitter.emitterSize),
    PropertyDescriptor(.emitterDepth, "emitterDepth", .cgFloat, A, .linear,
                       layer: \CAEmitterLayer.emitterDepth, state: \.emitter.emitterDepth),
    PropertyDescriptor(.emitterShape, "emitterShape", .rawString,
                       layer: \CAEmitterLayer.emitterShape, state: \.emitter.emitterShape),
    PropertyDescriptor(.emitterMode, "emitterMode", .rawString,
                       layer: \CAEmitterLayer.emitterMode, state: \.emitter.emitterMode),
    PropertyDescriptor(.emitterRenderMode, "renderMode", .rawString,
                       layer: \CAEmitterLayer.renderMode, state: \.emitter.renderMode),
    PropertyDescriptor(.emitterPreservesDepth, "preservesDepth", .bool,
                       layer: \CAEmitterLayer.preservesDepth, state: \.emitter.preservesDepth),
    PropertyDescriptor(.emitterVelocity, "velocity", .float, A, .linear,
                       layer: \CAEmitterLayer.velocity, state: \.emitter.velocity),
    PropertyDescriptor(.emitterScale, "scale", .float, A, .linear,
                       layer: \CAEmitterLayer.scale, state: \.emitter.scale),
    PropertyDescriptor(.emitterSpin, "spin", .float, A, .linear,
                       layer: \CAEmitterLayer.spin, state: \.emitter.spin),
    PropertyDescriptor(.emitterSeed, "seed", .uint32, layer: \CAEmitterLayer.seed, state: \.emitter.seed),
]

extension ValueCodec where V == [CAEmitterCell] {
    /// An array of cells, stored as copies (a later change to a cell the caller kept changes
    /// nothing drawn, as on Apple).
    static var emitterCells: ValueCodec {
        ValueCodec(type: .array, expected: "an array of CAEmitterCell",
                   decode: { v in
                       guard let items = ValueNormalizer.unwrap(v) as? [Any] else { return nil }
                       let cells = items.compactMap { $0 as? CAEmitterCell }
                       return cells.count == items.count ? cells : nil
                   },
                   encode: { $0 })
    }
}

extension ValueCodec where V == UInt32 {
    /// A whole number, truncated toward zero and clamped to 0…UInt32.max.
    static var uint32: ValueCodec {
        ValueCodec(type: .number, expected: "a number",
                   decode: { v in
                       guard let x = ValueNormalizer.cgFloat(v), x.isFinite else { return nil }
                       return UInt32(clamping: Int(exactly: Double(x).rounded(.towardZero)) ?? (x < 0 ? 0 : Int.max))
                   },
                   encode: { NSNumber(value: $0) })
    }
}
