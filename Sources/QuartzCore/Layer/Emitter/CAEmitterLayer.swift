import Foundation

/// A layer that emits, animates and renders a particle system: Apple's `CAEmitterLayer`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayer).
///
/// Particles are drawn above the layer's background, contents, sublayers and border (Apple:
/// above the background colour and border), in the layer's bounds space (points), where
/// `emitterPosition` is measured.
///
/// **Storage.** The emitter's properties are typed fields of the layer state
/// (`EmitterLayerState`, one row each in the property table under Apple's keys): KVC,
/// implicit and explicit animations (`CABasicAnimation(keyPath: "emitterPosition")`), the
/// commit and `presentation()` treat them as CALayer's own. A value of the wrong type set
/// through KVC is ignored and reported (`CADiagnostics`), as for CALayer's properties.
///
/// **Cells are captured when assigned.** `emitterCells` stores copies of the cells, so
/// changing a `CAEmitterCell` after assigning it changes nothing drawn: assign the array again,
/// or use a cell key path, `setValue(20, forKeyPath: "emitterCells.fire.birthRate")` or a
/// `CABasicAnimation(keyPath: "emitterCells.fire.birthRate")`, as Apple documents (see
/// `EmitterCellKeyPath`).
///
/// **Simulation.** What is drawn at a time is a pure function of the committed properties, the
/// cells, `seed` and the layer's local time (see `EmitterSimulation`): the emitter's clock is
/// the layer's local time, so it starts at the host's time 0 for a layer in the tree from the
/// start (CAML scenes, offscreen renders). Set `beginTime` to the current host time when
/// adding an emitter later to start it empty, as on Apple. Changing `birthRate` or a cell
/// re-times every particle, past ones included (there is no accumulated state).
open class CAEmitterLayer: CALayer {
    override class var propertyTable: PropertyTable { .emitterLayer }

    /// The cells emitted, each a copy of the cell assigned. Default nil.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittercells)
    open var emitterCells: [CAEmitterCell]? {
        get { state.emitter.emitterCells?.map { $0.deepCopy() } }
        set { set(.emitterCells, \.emitter.emitterCells, newValue?.map { $0.deepCopy() }) }
    }

    /// Multiplies each cell's `birthRate` (particles per second). Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/birthrate)
    open var birthRate: Float { get { state.emitter.birthRate } set { setFinite(.emitterBirthRate, \.emitter.birthRate, newValue) } }

    /// Multiplies each cell's `lifetime` (seconds). Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/lifetime)
    open var lifetime: Float { get { state.emitter.lifetime } set { setFinite(.emitterLifetime, \.emitter.lifetime, newValue) } }

    /// The centre of the emission shape, in the layer's bounds space (points). Default (0, 0). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterposition)
    open var emitterPosition: CGPoint { get { state.emitter.emitterPosition } set { setFinite(.emitterPosition, \.emitter.emitterPosition, newValue) } }

    /// The z of the shape's centre, points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterzposition)
    open var emitterZPosition: CGFloat { get { state.emitter.emitterZPosition } set { setFinite(.emitterZPosition, \.emitter.emitterZPosition, newValue) } }

    /// The size of the emission shape, points (a circle's radius is `width`). Default zero. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittersize)
    open var emitterSize: CGSize { get { state.emitter.emitterSize } set { setFinite(.emitterSize, \.emitter.emitterSize, newValue) } }

    /// The depth of a cuboid shape, points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterdepth)
    open var emitterDepth: CGFloat { get { state.emitter.emitterDepth } set { setFinite(.emitterDepth, \.emitter.emitterDepth, newValue) } }

    /// The emission shape. Default `.point`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittershape)
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { state.emitter.emitterShape }
        set { set(.emitterShape, \.emitter.emitterShape, newValue) }
    }

    /// Where on the shape particles are born. Default `.volume`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittermode)
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { state.emitter.emitterMode }
        set { set(.emitterMode, \.emitter.emitterMode, newValue) }
    }

    /// How particles are ordered and composited. Default `.unordered`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/rendermode)
    open var renderMode: CAEmitterLayerRenderMode {
        get { state.emitter.renderMode }
        set { set(.emitterRenderMode, \.emitter.renderMode, newValue) }
    }

    /// Whether particles keep their z in the superlayer's 3D space. Default false. Particles
    /// are always flattened into the layer's plane here (as with false).
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/preservesdepth)
    open var preservesDepth: Bool { get { state.emitter.preservesDepth } set { set(.emitterPreservesDepth, \.emitter.preservesDepth, newValue) } }

    /// Multiplies each cell's `velocity`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/velocity)
    open var velocity: Float { get { state.emitter.velocity } set { setFinite(.emitterVelocity, \.emitter.velocity, newValue) } }

    /// Multiplies each cell's `scale`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/scale)
    open var scale: Float { get { state.emitter.scale } set { setFinite(.emitterScale, \.emitter.scale, newValue) } }

    /// Multiplies each cell's `spin`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/spin)
    open var spin: Float { get { state.emitter.spin } set { setFinite(.emitterSpin, \.emitter.spin, newValue) } }

    /// Seeds the particles' random variations (the same seed gives the same particles). Default 0.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/seed)
    open var seed: UInt32 {
        get { state.emitter.seed }
        set { set(.emitterSeed, \.emitter.seed, newValue) }
    }
}
