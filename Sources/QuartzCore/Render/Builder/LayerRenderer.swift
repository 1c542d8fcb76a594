import Foundation

/// One layer at one frame, placed in the target the builder is drawing: what a class's
/// `LayerRenderer` is given.
struct LayerDrawing {
    let snapshot: LayerSnapshot
    /// The presentation state at `local` (animations applied).
    let state: LayerState
    /// The layer's local time.
    let local: CFTimeInterval
    /// The layer's bounds space → the target's pixels.
    let toTarget: ProjectiveTransform
    /// The opacity multiplied down the tree, this layer's included.
    let opacity: Double
    /// The device clip in force, or nil.
    let clip: CGRect?
    /// The layer's `contentsAreFlipped()`.
    let flipped: Bool
}

/// The render side of one layer class (DESIGN.md §4: a class adds its content in one place, as
/// Flutter's one effect per layer file). A class's property table names its renderer
/// (`PropertyTable.renderer`, inherited by subclasses); the frame builder calls it at fixed
/// points of Apple's drawing order and never asks which class a layer is. A new class is one
/// file: a renderer conforming to this protocol, overriding only the hooks it needs, and its
/// table created with `renderer:`. See docs/ARCHITECTURE.md, "Adding a layer class".
protocol LayerRenderer: Sendable {
    /// Whether the layer is a plane its sublayers are flattened into (false only for
    /// `CATransformLayer`, whose sublayers join its superlayer's 3D rendering context).
    var isPlane: Bool { get }

    /// `isPlane` for a layer in `state` (a replicator is a plane unless `preservesDepth`).
    func isPlane(_ state: LayerState) -> Bool

    /// The copies of the sublayers the layer draws (FrameBuilder+Instances), at most `limit`
    /// of them (the builder asks for no more than its quad budget can still draw); nil (the
    /// default): the sublayers once, as they are. A replicator returns one per instance.
    func sublayerInstances(_ state: LayerState, limit: Int) -> [SublayerInstance]?

    /// Whether `sublayerInstances` can return a list (false by default: the builder skips it).
    var hasSublayerInstances: Bool { get }

    /// Whether the class's drawing may change with time alone, without a new snapshot (emitter
    /// particles follow time; a transform layer's sublayers are read past the builder's
    /// per-layer reuse): such layers are never reused from the last frame (FrameBuilder+Reuse).
    var drawsWithTime: Bool { get }

    /// Draws a layer that is not a plane: `layer.toTarget` maps the plane it lives in to the
    /// target and `toPlane` its bounds space to that plane (4 × 4). Called instead of the
    /// builder's flattening, shadow and effect passes. Planes never get this call.
    func emitWithoutPlane(_ layer: LayerDrawing, toPlane: CATransform3D, builder: inout FrameBuilder,
                          into quads: inout QuadList)

    /// The layer's body in its own space: by default `FrameBuilder.emitPlaneBody`
    /// (background, contents, `emitContent`, sublayers, border, `emitOverlay`). Transitions,
    /// shadows and passes draw the body through this call, so they follow the class.
    func emitBody(_ layer: LayerDrawing, builder: inout FrameBuilder, into quads: inout QuadList)

    /// The class's own content, above the background and contents and below the sublayers
    /// (a shape, a gradient, text). `state` carries the layer's transform, opacity, clip and
    /// `masksToBounds` rounded clip. Nothing by default.
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList)

    /// Drawn last, above the border (emitter particles). Nothing by default.
    func emitOverlay(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList)
}

extension LayerRenderer {
    var isPlane: Bool { true }
    func isPlane(_ state: LayerState) -> Bool { isPlane }
    func sublayerInstances(_ state: LayerState, limit: Int) -> [SublayerInstance]? { nil }
    var hasSublayerInstances: Bool { false }
    var drawsWithTime: Bool { false }
    func emitWithoutPlane(_ layer: LayerDrawing, toPlane: CATransform3D, builder: inout FrameBuilder,
                          into quads: inout QuadList) {}
    func emitBody(_ layer: LayerDrawing, builder: inout FrameBuilder, into quads: inout QuadList) {
        builder.emitPlaneBody(layer, renderer: self, into: &quads)
    }
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {}
    func emitOverlay(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {}
}

/// `CALayer`'s renderer: every default (a plane with background, contents, sublayers, border).
struct PlaneLayerRenderer: LayerRenderer {}

extension LayerSnapshot {
    /// How the layer's class is drawn.
    var renderer: any LayerRenderer { table.renderer }
}
