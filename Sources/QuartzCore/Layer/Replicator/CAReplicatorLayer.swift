import Foundation
import CoreGraphics

/// A layer that draws its sublayers `instanceCount` times, each copy moved, delayed and tinted
/// from the one before: Apple's `CAReplicatorLayer`
/// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer).
///
/// Instance 0 is the sublayers as they are. Instance k (k ≥ 1) is drawn with
/// `instanceTransform` applied k times, about the layer's anchor point in its sublayer space
/// (before `sublayerTransform`; Apple's page says "relative to the center of this layer",
/// which is the anchor point at its default (0.5, 0.5)); its sublayers' animations evaluated
/// k × `instanceDelay` seconds earlier (so they run that much later); and its colours multiplied
/// by `instanceColor` + k × the four offsets, each component clamped to 0…1 (red, green and
/// blue multiply the colour channels, alpha the opacity). The layer's own background, contents
/// and border are drawn once.
///
/// **Rendering.** Nothing is copied: the frame builder draws the sublayer subtree once per
/// instance with the instance's transform, time and colour (FrameBuilder+Replicator.swift),
/// in offscreen frames, render loops and `render(in:)` alike, with every layer class inside
/// and replicators nested in replicators (instances of instances). With `preservesDepth` the
/// layer acts as a `CATransformLayer` (Apple: "the same restrictions"): it draws nothing of
/// its own and its instances join the 3D rendering context of the nearest flattening ancestor,
/// sorted back to front; otherwise they are flattened into its plane. Hit testing
/// (`hitTest(_:)`) finds the sublayers themselves (instance 0), not their copies: Apple's
/// `hitTest(_:)` returns "the farthest descendant of the receiver in the layer hierarchy"
/// (https://developer.apple.com/documentation/quartzcore/calayer/hittest(_:)), and copies
/// are drawings, not layers of the hierarchy, so a point over a copy finds the replicator
/// (inside its bounds) or nothing.
///
/// **Bad input** never crashes and never costs without bound: `instanceCount` is clamped to
/// 0…`maximumInstanceCount` (a negative count draws nothing) with a `CADiagnostics` report; a
/// frame stops adding instances once a replicator's target holds `maximumReplicatedQuads`
/// quads (reported); NaN or infinite transforms, delays and offsets are ignored and reported,
/// keeping the previous value.
open class CAReplicatorLayer: CALayer {
    override class var propertyTable: PropertyTable { .replicatorLayer }

    /// The most instances one replicator draws (a project limit; Apple has none). Nested
    /// replicators multiply, which `maximumReplicatedQuads` bounds.
    public static let maximumInstanceCount = 10_000

    /// The number of copies drawn, the original included. Default 1. Values below 0 become 0
    /// (nothing drawn) and values over `maximumInstanceCount` become that, with a diagnostic.
    /// Not animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecount)
    open var instanceCount: Int {
        get { state.replicator.instanceCount }
        set { set(.replicatorInstanceCount, \.replicator.instanceCount, Self.clampedCount(newValue)) }
    }

    /// Whether the instances keep their depth (true: the layer acts as a `CATransformLayer`) or
    /// are flattened into the layer's plane (false). Default false.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/preservesdepth)
    open var preservesDepth: Bool {
        get { state.replicator.preservesDepth }
        set { set(.replicatorPreservesDepth, \.replicator.preservesDepth, newValue) }
    }

    /// Seconds between instances' animations: instance k's sublayers are evaluated at their
    /// time minus k × this. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancedelay)
    open var instanceDelay: CFTimeInterval {
        get { state.replicator.instanceDelay }
        set { setFinite(.replicatorInstanceDelay, \.replicator.instanceDelay, newValue) }
    }

    /// The transform taking instance k − 1 to instance k (points, the layer's sublayer space,
    /// about the anchor point). Default identity. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancetransform)
    open var instanceTransform: CATransform3D {
        get { state.replicator.instanceTransform }
        set { setFinite(.replicatorInstanceTransform, \.replicator.instanceTransform, newValue) }
    }

    /// The colour multiplying instance 0 (straight RGBA, sRGB); nil multiplies by opaque white.
    /// Default opaque white. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecolor)
    open var instanceColor: CGColor? {
        get { state.replicator.instanceColor }
        set { set(.replicatorInstanceColor, \.replicator.instanceColor, newValue) }
    }

    /// Added to the red component of the multiplying colour per instance. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceredoffset)
    open var instanceRedOffset: Float {
        get { state.replicator.instanceRedOffset }
        set { setFinite(.replicatorInstanceRedOffset, \.replicator.instanceRedOffset, newValue) }
    }

    /// Added to the green component of the multiplying colour per instance. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancegreenoffset)
    open var instanceGreenOffset: Float {
        get { state.replicator.instanceGreenOffset }
        set { setFinite(.replicatorInstanceGreenOffset, \.replicator.instanceGreenOffset, newValue) }
    }

    /// Added to the blue component of the multiplying colour per instance. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instanceblueoffset)
    open var instanceBlueOffset: Float {
        get { state.replicator.instanceBlueOffset }
        set { setFinite(.replicatorInstanceBlueOffset, \.replicator.instanceBlueOffset, newValue) }
    }

    /// Added to the alpha component of the multiplying colour per instance. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancealphaoffset)
    open var instanceAlphaOffset: Float {
        get { state.replicator.instanceAlphaOffset }
        set { setFinite(.replicatorInstanceAlphaOffset, \.replicator.instanceAlphaOffset, newValue) }
    }

    private static func clampedCount(_ n: Int) -> Int {
        let c = min(max(n, 0), maximumInstanceCount)
        if c != n {
            CADiagnostics.report(CALayerDiagnostic(.invalidValue, key: "instanceCount",
                "instanceCount \(n) is outside 0…\(maximumInstanceCount); \(c) is used"))
        }
        return c
    }
}
