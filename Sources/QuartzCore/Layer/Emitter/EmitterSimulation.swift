import Foundation

/// The particles of an emitter at one time, as a pure function of the emitter's parameters,
/// its cells and the time: no state is carried from frame to frame, so a frame at `t` is the
/// same whatever frames were computed before (offline export and tests rely on it).
///
/// Rules (Apple's meaning of each property, https://developer.apple.com/documentation/quartzcore/caemittercell):
/// - Particle k of a cell is born at `beginTime + k / (cell.birthRate × layer.birthRate)`,
///   while the cell is active (`duration` 0: forever) and, for a sub-cell, while its parent lives.
/// - Each random variation is `range × r`, r in [−1, 1] from a hash of (seed, cell, parent,
///   k, property): no global random state.
/// - It lives `(lifetime ± lifetimeRange) × layer.lifetime` seconds; at age a its position is
///   `p₀ + v·a + ½·g·a²`, where p₀ is on the emission shape (`emitterShape`/`emitterMode`, see
///   `EmitterShapeSampler`) or, for a sub-cell, the parent's position at the birth, and v has
///   speed `(velocity ± velocityRange) × layer.velocity` in a direction uniformly spread over
///   the 3D cone of full angle `emissionRange` around the axis given by `emissionLongitude` (in
///   the x-y plane, from +x toward +y) and `emissionLatitude` (toward +z); z is then flattened,
///   so a burst with range 2π fills a disc (particles leaving along z look slower).
/// - Scale `(scale ± scaleRange + scaleSpeed·a) × layer.scale` (not below 0); rotation
///   `(spin ± spinRange) × layer.spin × a`; each colour component `c ± range + speed·a`,
///   clamped to 0…1.
/// - At most `maximumParticles` live particles are produced, newest first per cell, and at
///   most `maximumCandidates` births examined, so absurd birth rates stay bounded in time and
///   memory; `capped` says when that happened.
enum EmitterSimulation {
    static let maximumParticles = 10_000
    static let maximumCandidates = 200_000

    struct Result {
        /// Depth-first list of the cell tree; `Particle.cell` indexes it.
        var cells: [EmitterCellModel] = []
        /// In drawing order (back to front) for the layer's `renderMode`.
        var particles: [Particle] = []
        var capped = false
    }

    /// - Parameter shapeAt: the emitter's parameters at a birth time, when they are animated,
    ///   so a moving emitter leaves its particles where they were born (a trail); nil: `layer`
    ///   at every birth.
    static func simulate(_ layer: EmitterParameters, cells: [EmitterCellModel], at time: Double,
                         shapeAt: ((Double) -> EmitterParameters)? = nil) -> Result {
        var state = Run(layer: layer, time: time)
        state.shapeAt = shapeAt
        var cells = cells
        for i in cells.indices { EmitterCellModel.number(&cells[i], into: &state.result.cells) }
        guard time.isFinite else { return state.result }
        for cell in cells {
            state.emit(cell, parent: 0, window: (cell.beginTime, cell.duration > 0 ? cell.beginTime + cell.duration : .infinity),
                       origin: nil)
        }
        state.order()
        return state.result
    }

    /// A unit direction uniformly distributed in the cone of full angle `range` (radians; 2π
    /// or more: every direction) around the axis at `longitude` in the x-y plane from +x
    /// toward +y, tilted by `latitude` toward +z; `u` and `w` in [−1, 1] pick it.
    static func direction(longitude: Double, latitude: Double, range: Double,
                          _ u: Double, _ w: Double) -> (Double, Double, Double) {
        let axis = (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
        let half = min(abs(range) / 2, Double.pi)
        guard half > 0 else { return axis }
        // cos θ uniform in [cos(half), 1] is uniform over the cone's cap; φ around the axis.
        let cosT = 1 - (u + 1) / 2 * (1 - cos(half)), sinT = max(0, 1 - cosT * cosT).squareRoot()
        let phi = Double.pi * w
        func cross(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0)
        }
        let helper = abs(axis.2) < 0.9 ? (0.0, 0.0, 1.0) : (1.0, 0.0, 0.0)
        var e1 = cross(axis, helper)
        let n = (e1.0 * e1.0 + e1.1 * e1.1 + e1.2 * e1.2).squareRoot()
        e1 = (e1.0 / n, e1.1 / n, e1.2 / n)
        let e2 = cross(axis, e1)
        let c = cos(phi) * sinT, s = sin(phi) * sinT
        return (axis.0 * cosT + e1.0 * c + e2.0 * s, axis.1 * cosT + e1.1 * c + e2.1 * s,
                axis.2 * cosT + e1.2 * c + e2.2 * s)
    }

    /// One simulation: the running budgets and output.
    private struct Run {
        let layer: EmitterParameters
        let time: Double
        var result = Result()
        var candidates = 0

        var shapeAt: ((Double) -> EmitterParameters)?

        init(layer: EmitterParameters, time: Double) { self.layer = layer; self.time = time }

        /// Emits `cell`'s particles born in `window` (emitter seconds). `origin` gives a
        /// sub-cell's birth point at a time (its parent's position); nil: the emission shape.
        mutating func emit(_ cell: EmitterCellModel, parent: UInt64, window: (start: Double, end: Double),
                           origin: ((Double) -> (Double, Double, Double))?) {
            let cellIndex = cell.index
            let rate = cell.birthRate * layer.birthRate
            let lifeScale = max(0, layer.lifetime)
            let reach = cell.reach * lifeScale
            guard cell.isEnabled, rate > 0, rate.isFinite, reach > 0, window.start.isFinite else { return }
            let lastBirth = min(time, window.end)
            let kMax = ((lastBirth - window.start) * rate).rounded(.down)
            let kMin = max(0, ((time - reach - window.start) * rate).rounded(.up))
            guard kMax >= kMin, kMax.isFinite else { return }
            var k = kMax
            while k >= kMin {
                if result.particles.count >= EmitterSimulation.maximumParticles
                    || candidates >= EmitterSimulation.maximumCandidates {
                    result.capped = true
                    return
                }
                candidates += 1
                let birth = window.start + k / rate
                if birth < window.end {
                    born(cell, cellIndex: cellIndex, parent: parent, k: k, birth: birth, lifeScale: lifeScale,
                         origin: origin)
                }
                k -= 1
            }
        }

        private mutating func born(_ cell: EmitterCellModel, cellIndex: Int, parent: UInt64,
                                   k: Double, birth: Double, lifeScale: Double,
                                   origin: ((Double) -> (Double, Double, Double))?) {
            let key = EmitterRandom.key(seed: layer.seed, cell: cellIndex, parent: parent, k: k)
            func r(_ n: UInt64) -> Double { EmitterRandom.signed(key, n) }
            let life = (cell.lifetime + cell.lifetimeRange * r(0)) * lifeScale
            let p0 = origin?(birth) ?? EmitterShapeSampler.point(shapeAt?(birth) ?? layer, r(1), r(2), r(3))
            let speed = (cell.velocity + cell.velocityRange * r(5)) * layer.velocity
            let d = EmitterSimulation.direction(longitude: cell.longitude, latitude: cell.latitude,
                                                range: cell.range, r(4), r(12))
            let v = (speed * d.0, speed * d.1, speed * d.2)
            let a = cell.acceleration
            func position(_ age: Double) -> (Double, Double, Double) {
                (p0.0 + v.0 * age + 0.5 * a.x * age * age, p0.1 + v.1 * age + 0.5 * a.y * age * age,
                 p0.2 + v.2 * age + 0.5 * a.z * age * age)
            }
            let age = time - birth
            if age >= 0, age < life {
                let p = position(age)
                let scale = max(0, cell.scale + cell.scaleRange * r(6) + cell.scaleSpeed * age) * layer.scale
                let rotation = (cell.spin + cell.spinRange * r(7)) * layer.spin * age
                func c(_ i: Int) -> Double {
                    min(1, max(0, cell.color[i] + cell.colorRange[i] * r(8 + UInt64(i)) + cell.colorSpeed[i] * age))
                }
                result.particles.append(Particle(cell: cellIndex, serial: k, birthTime: birth,
                                                 x: p.0, y: p.1, z: p.2, scale: scale, rotation: rotation,
                                                 color: (c(0), c(1), c(2), c(3))))
            }
            guard !cell.subcells.isEmpty, life > 0 else { return }
            for sub in cell.subcells {
                let start = birth + sub.beginTime
                var end = birth + life
                if sub.duration > 0 { end = min(end, start + sub.duration) }
                emit(sub, parent: key, window: (start, end), origin: { t in position(t - birth) })
            }
        }

        /// Sorts into drawing order (back to front).
        mutating func order() {
            switch layer.renderMode {
            case .oldestFirst:
                result.particles.sort { ($0.birthTime, $0.cell, $0.serial) < ($1.birthTime, $1.cell, $1.serial) }
            case .oldestLast:
                result.particles.sort { ($0.birthTime, $0.cell, $0.serial) > ($1.birthTime, $1.cell, $1.serial) }
            case .backToFront:
                result.particles.sort { ($0.z, $0.birthTime, $0.cell, $0.serial) < ($1.z, $1.birthTime, $1.cell, $1.serial) }
            default:
                result.particles.sort { ($0.cell, $0.birthTime, $0.serial) < ($1.cell, $1.birthTime, $1.serial) }
            }
        }
    }
}
