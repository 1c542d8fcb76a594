import Foundation

/// A `CAEmitterLayer`'s own properties as plain values for the simulation.
struct EmitterParameters {
    var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0
    var position = CGPoint.zero, zPosition = 0.0, size = CGSize.zero, depth = 0.0
    var shape = CAEmitterLayerEmitterShape.point, mode = CAEmitterLayerEmitterMode.volume
    var renderMode = CAEmitterLayerRenderMode.unordered
    var seed: UInt32 = 0

    init() {}

    /// The values of an emitter's state (a committed snapshot's, with animations applied);
    /// non-finite numbers keep Apple's defaults.
    init(_ e: EmitterLayerState) {
        func num(_ v: Double, _ d: Double) -> Double { v.isFinite ? v : d }
        birthRate = num(Double(e.birthRate), 1); lifetime = num(Double(e.lifetime), 1)
        velocity = num(Double(e.velocity), 1); scale = num(Double(e.scale), 1); spin = num(Double(e.spin), 1)
        position = e.emitterPosition.x.isFinite && e.emitterPosition.y.isFinite ? e.emitterPosition : .zero
        zPosition = num(Double(e.emitterZPosition), 0)
        size = e.emitterSize.width.isFinite && e.emitterSize.height.isFinite ? e.emitterSize : .zero
        depth = num(Double(e.emitterDepth), 0)
        shape = e.emitterShape; mode = e.emitterMode; renderMode = e.renderMode
        seed = e.seed
    }
}

/// One cell as plain values (non-finite numbers read as 0), with its sub-cells.
struct EmitterCellModel {
    var birthRate = 0.0, lifetime = 0.0, lifetimeRange = 0.0
    var latitude = 0.0, longitude = 0.0, range = 0.0, velocity = 0.0, velocityRange = 0.0
    var acceleration = (x: 0.0, y: 0.0, z: 0.0)
    var scale = 1.0, scaleRange = 0.0, scaleSpeed = 0.0, spin = 0.0, spinRange = 0.0
    /// Straight RGBA, its ranges and speeds.
    var color = [1.0, 1, 1, 1], colorRange = [0.0, 0, 0, 0], colorSpeed = [0.0, 0, 0, 0]
    var beginTime = 0.0, duration = 0.0
    var contents: CGImage?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale = 1.0
    var minificationFilter = CALayerContentsFilter.linear, magnificationFilter = CALayerContentsFilter.linear
    var subcells: [EmitterCellModel] = []
    var isEnabled = true
    /// Position in the depth-first list of the emitter's cell tree (set by `number(_:into:)`).
    var index = 0

    /// Sub-cells deeper than this are not emitted (each level multiplies the particle count).
    static let maximumDepth = 4

    init() {}

    init(_ c: CAEmitterCell, depth: Int = 0) {
        func f(_ v: Double) -> Double { v.isFinite ? v : 0 }
        isEnabled = c.isEnabled
        birthRate = f(Double(c.birthRate)); lifetime = f(Double(c.lifetime)); lifetimeRange = f(Double(c.lifetimeRange))
        latitude = f(Double(c.emissionLatitude)); longitude = f(Double(c.emissionLongitude))
        range = f(Double(c.emissionRange))
        velocity = f(Double(c.velocity)); velocityRange = f(Double(c.velocityRange))
        acceleration = (f(Double(c.xAcceleration)), f(Double(c.yAcceleration)), f(Double(c.zAcceleration)))
        scale = f(Double(c.scale)); scaleRange = f(Double(c.scaleRange)); scaleSpeed = f(Double(c.scaleSpeed))
        spin = f(Double(c.spin)); spinRange = f(Double(c.spinRange))
        if let col = c.color {
            let v = col.rgba
            color = [v.r, v.g, v.b, v.a].map { f(Double($0)) }
        } else {
            color = [0, 0, 0, 0]
        }
        colorRange = [c.redRange, c.greenRange, c.blueRange, c.alphaRange].map { f(Double($0)) }
        colorSpeed = [c.redSpeed, c.greenSpeed, c.blueSpeed, c.alphaSpeed].map { f(Double($0)) }
        beginTime = f(c.beginTime); duration = f(c.duration)
        contents = ValueNormalizer.unwrap(c.contents) as? CGImage
        contentsRect = c.contentsRect
        contentsScale = c.contentsScale > 0 && c.contentsScale.isFinite ? Double(c.contentsScale) : 1
        minificationFilter = CALayerContentsFilter(rawValue: c.minificationFilter)
        magnificationFilter = CALayerContentsFilter(rawValue: c.magnificationFilter)
        if depth < Self.maximumDepth {
            subcells = (c.emitterCells ?? []).map { EmitterCellModel($0, depth: depth + 1) }
        }
    }

    /// Gives `cell` and its sub-cells their depth-first indices, appending them to `list`.
    static func number(_ cell: inout EmitterCellModel, into list: inout [EmitterCellModel]) {
        cell.index = list.count
        list.append(cell)
        for i in cell.subcells.indices { number(&cell.subcells[i], into: &list) }
        list[cell.index] = cell
    }

    /// The longest a particle of this cell, or of any cell it emits, can outlive its own birth.
    var reach: Double {
        max(0, lifetime + abs(lifetimeRange)) + (subcells.map(\.reach).max() ?? 0)
    }
}

/// One live particle at the simulated time.
struct Particle {
    /// Index of its cell in depth-first order of the cell tree (stable across frames).
    var cell: Int
    /// Birth order within its cell and parent; with `birthTime`, a stable sort key.
    var serial: Double
    var birthTime: Double
    var x: Double, y: Double, z: Double
    /// Size factor of the cell's contents (already multiplied by the layer's `scale`).
    var scale: Double
    /// Rotation about z, radians, from +x toward +y.
    var rotation: Double
    /// Straight RGBA, each 0…1.
    var color: (r: Double, g: Double, b: Double, a: Double)
}
