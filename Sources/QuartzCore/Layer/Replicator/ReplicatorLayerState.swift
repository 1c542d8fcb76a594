import Foundation
import CoreGraphics

// CAReplicatorLayer's own properties, defined once: IDs (128..<137 of the range 128..<144 kept
// for the class), typed storage with Apple's defaults, and the table rows that KVC, key paths,
// CAML, the commit and the animation compiler read
// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer). Animatable flags
// follow the property pages: `instanceCount` and `preservesDepth` are not animatable, the
// delay, transform, colour and the four offsets are.

extension PropertyID {
    static let replicatorInstanceCount = PropertyID(128)
    static let replicatorPreservesDepth = PropertyID(129)
    static let replicatorInstanceDelay = PropertyID(130)
    static let replicatorInstanceTransform = PropertyID(131)
    static let replicatorInstanceColor = PropertyID(132)
    static let replicatorInstanceRedOffset = PropertyID(133)
    static let replicatorInstanceGreenOffset = PropertyID(134)
    static let replicatorInstanceBlueOffset = PropertyID(135)
    static let replicatorInstanceAlphaOffset = PropertyID(136)
}

/// The values of a `CAReplicatorLayer`'s own properties, with Apple's defaults.
struct ReplicatorLayerState: LayerClassState {
    /// Always within 0…`CAReplicatorLayer.maximumInstanceCount` (the setter clamps).
    var instanceCount = 1
    var preservesDepth = false
    var instanceDelay: CFTimeInterval = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor? = ReplicatorLayerState.opaqueWhite
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0

    static let opaqueWhite = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
}

extension LayerState {
    /// A `CAReplicatorLayer`'s own properties (defaults for other layers).
    var replicator: ReplicatorLayerState {
        get { classState() }
        _modify { yield &classStateBoxForWriting(ReplicatorLayerState.self).value }
    }
}

extension PropertyTable {
    /// CAReplicatorLayer's table; its renderer (`ReplicatorLayerRenderer`,
    /// FrameBuilder+Replicator.swift) draws the sublayers once per instance.
    static let replicatorLayer = PropertyTable(extending: .layer, with: replicatorLayerProperties,
                                               renderer: ReplicatorLayerRenderer())
}

private let A: PropertyFlags = .animatable

private let replicatorLayerProperties: [PropertyDescriptor] = [
    PropertyDescriptor(.replicatorInstanceCount, "instanceCount", .instanceCount,
                       layer: \CAReplicatorLayer.instanceCount, state: \.replicator.instanceCount),
    PropertyDescriptor(.replicatorPreservesDepth, "preservesDepth", .bool,
                       layer: \CAReplicatorLayer.preservesDepth, state: \.replicator.preservesDepth),
    PropertyDescriptor(.replicatorInstanceDelay, "instanceDelay", .double, A, .linear,
                       layer: \CAReplicatorLayer.instanceDelay, state: \.replicator.instanceDelay),
    PropertyDescriptor(.replicatorInstanceTransform, "instanceTransform", .transform, A, .transform,
                       layer: \CAReplicatorLayer.instanceTransform, state: \.replicator.instanceTransform),
    PropertyDescriptor(.replicatorInstanceColor, "instanceColor", ValueCodec.color.optional(), A, .color,
                       layer: \CAReplicatorLayer.instanceColor, state: \.replicator.instanceColor),
    PropertyDescriptor(.replicatorInstanceRedOffset, "instanceRedOffset", .float, A, .linear,
                       layer: \CAReplicatorLayer.instanceRedOffset, state: \.replicator.instanceRedOffset),
    PropertyDescriptor(.replicatorInstanceGreenOffset, "instanceGreenOffset", .float, A, .linear,
                       layer: \CAReplicatorLayer.instanceGreenOffset, state: \.replicator.instanceGreenOffset),
    PropertyDescriptor(.replicatorInstanceBlueOffset, "instanceBlueOffset", .float, A, .linear,
                       layer: \CAReplicatorLayer.instanceBlueOffset, state: \.replicator.instanceBlueOffset),
    PropertyDescriptor(.replicatorInstanceAlphaOffset, "instanceAlphaOffset", .float, A, .linear,
                       layer: \CAReplicatorLayer.instanceAlphaOffset, state: \.replicator.instanceAlphaOffset),
]

extension ValueCodec where V == Int {
    /// `instanceCount`: a whole number (truncated toward zero); the setter clamps it.
    static var instanceCount: ValueCodec {
        ValueCodec(type: .number, expected: "a number",
                   decode: { v in
                       guard let x = ValueNormalizer.cgFloat(v), !x.isNaN else { return nil }
                       let t = Double(x).rounded(.towardZero)
                       return t >= Double(Int.max) ? Int.max : t <= Double(Int.min) ? Int.min : Int(t)
                   },
                   encode: { NSNumber(value: $0) })
    }
}
