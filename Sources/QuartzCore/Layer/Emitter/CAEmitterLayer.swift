import Foundation

/// A layer that emits, animates and renders a particle system: Apple's `CAEmitterLayer`
/// (https://developer.apple.com/documentation/quartzcore/caemitterlayer).
///
/// Particles are drawn above the layer's background, contents, sublayers and border (Apple:
/// above the background colour and border), in the layer's bounds space (points), where
/// `emitterPosition` is measured.
///
/// **Storage.** The emitter's properties live in the layer's key-value container under
/// Apple's keys (`birthRate`, `emitterPosition`…), as `@LayerProperty` values do: KVC,
/// implicit and explicit animations (`CABasicAnimation(keyPath: "emitterPosition")`), the
/// commit and `presentation()` see them with no special case. Unset keys read Apple's defaults
/// (`defaultValue(forKey:)`). A value of the wrong type set through KVC reads as the default.
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

    /// Apple's defaults, under the KVC keys.
    nonisolated(unsafe) static let emitterDefaults: [String: Any] = [
        "birthRate": NSNumber(value: Float(1)), "lifetime": NSNumber(value: Float(1)),
        "emitterPosition": NSValue(point: .zero), "emitterZPosition": NSNumber(value: 0.0),
        "emitterSize": NSValue(size: .zero), "emitterDepth": NSNumber(value: 0.0),
        "emitterShape": CAEmitterLayerEmitterShape.point.rawValue,
        "emitterMode": CAEmitterLayerEmitterMode.volume.rawValue,
        "renderMode": CAEmitterLayerRenderMode.unordered.rawValue,
        "preservesDepth": NSNumber(value: false), "velocity": NSNumber(value: Float(1)),
        "scale": NSNumber(value: Float(1)), "spin": NSNumber(value: Float(1)), "seed": NSNumber(value: 0),
    ]

    /// Apple's default for the emitter keys, else `CALayer`'s.
    open override class func defaultValue(forKey key: String) -> Any? {
        emitterDefaults[key] ?? super.defaultValue(forKey: key)
    }

    private func get<T>(_ key: String, _ fallback: T) -> T {
        ValueNormalizer.convert(value(forKey: key), to: T.self) ?? fallback
    }

    /// The cells emitted, each a copy of the cell assigned. Default nil.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittercells)
    open var emitterCells: [CAEmitterCell]? {
        get { (value(forKey: "emitterCells") as? [CAEmitterCell])?.map { $0.deepCopy() } }
        set { setValue(newValue?.map { $0.deepCopy() }, forKey: "emitterCells") }
    }

    /// Multiplies each cell's `birthRate` (particles per second). Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/birthrate)
    open var birthRate: Float { get { get("birthRate", 1) } set { setValue(newValue, forKey: "birthRate") } }

    /// Multiplies each cell's `lifetime` (seconds). Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/lifetime)
    open var lifetime: Float { get { get("lifetime", 1) } set { setValue(newValue, forKey: "lifetime") } }

    /// The centre of the emission shape, in the layer's bounds space (points). Default (0, 0). Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterposition)
    open var emitterPosition: CGPoint {
        get { get("emitterPosition", .zero) } set { setValue(newValue, forKey: "emitterPosition") }
    }

    /// The z of the shape's centre, points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterzposition)
    open var emitterZPosition: CGFloat {
        get { get("emitterZPosition", 0) } set { setValue(newValue, forKey: "emitterZPosition") }
    }

    /// The size of the emission shape, points (a circle's radius is `width`). Default zero. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittersize)
    open var emitterSize: CGSize { get { get("emitterSize", .zero) } set { setValue(newValue, forKey: "emitterSize") } }

    /// The depth of a cuboid shape, points. Default 0. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emitterdepth)
    open var emitterDepth: CGFloat { get { get("emitterDepth", 0) } set { setValue(newValue, forKey: "emitterDepth") } }

    /// The emission shape. Default `.point`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittershape)
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { CAEmitterLayerEmitterShape(rawValue: get("emitterShape", "point")) }
        set { setValue(newValue.rawValue, forKey: "emitterShape") }
    }

    /// Where on the shape particles are born. Default `.volume`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/emittermode)
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { CAEmitterLayerEmitterMode(rawValue: get("emitterMode", "volume")) }
        set { setValue(newValue.rawValue, forKey: "emitterMode") }
    }

    /// How particles are ordered and composited. Default `.unordered`.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/rendermode)
    open var renderMode: CAEmitterLayerRenderMode {
        get { CAEmitterLayerRenderMode(rawValue: get("renderMode", "unordered")) }
        set { setValue(newValue.rawValue, forKey: "renderMode") }
    }

    /// Whether particles keep their z in the superlayer's 3D space. Default false. Particles
    /// are always flattened into the layer's plane here (as with false).
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/preservesdepth)
    open var preservesDepth: Bool {
        get { get("preservesDepth", false) } set { setValue(newValue, forKey: "preservesDepth") }
    }

    /// Multiplies each cell's `velocity`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/velocity)
    open var velocity: Float { get { get("velocity", 1) } set { setValue(newValue, forKey: "velocity") } }

    /// Multiplies each cell's `scale`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/scale)
    open var scale: Float { get { get("scale", 1) } set { setValue(newValue, forKey: "scale") } }

    /// Multiplies each cell's `spin`. Default 1. Animatable.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/spin)
    open var spin: Float { get { get("spin", 1) } set { setValue(newValue, forKey: "spin") } }

    /// Seeds the particles' random variations (the same seed gives the same particles). Default 0.
    /// (https://developer.apple.com/documentation/quartzcore/caemitterlayer/seed)
    open var seed: UInt32 {
        get { UInt32(clamping: get("seed", 0) as Int) }
        set { setValue(Int(newValue), forKey: "seed") }
    }
}

extension PropertyTable {
    /// CAEmitterLayer's table: CALayer's rows (its own keys live in the key-value container);
    /// its renderer (`EmitterLayerRenderer`) draws the particles.
    static let emitterLayer = PropertyTable(extending: .layer, with: [], renderer: EmitterLayerRenderer())
}
