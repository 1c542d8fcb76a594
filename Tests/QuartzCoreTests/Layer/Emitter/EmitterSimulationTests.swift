import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// The particle simulation is a pure function of the parameters and the time.
@Suite("Emitter simulation")
struct EmitterSimulationTests {
    func cell(rate: Double = 2, life: Double = 10, v: Double = 100, lon: Double = 0) -> EmitterCellModel {
        var c = EmitterCellModel()
        c.birthRate = rate; c.lifetime = life; c.velocity = v; c.longitude = lon
        return c
    }

    @Test func pointEmitterPutsParticleKAtItsAnalyticPosition() {
        var p = EmitterParameters()
        p.position = CGPoint(x: 10, y: 20)
        var c = cell(rate: 2, life: 10, v: 100, lon: .pi / 2)
        c.acceleration = (x: 8, y: 0, z: 0)
        let run = EmitterSimulation.simulate(p, cells: [c], at: 1.25)
        // Born at 0, 0.5, 1.0: ages 1.25, 0.75, 0.25; velocity straight down +y.
        #expect(run.particles.count == 3)
        for (i, q) in run.particles.enumerated() {
            let age = 1.25 - Double(i) * 0.5
            #expect(abs(q.x - (10 + 4 * age * age)) < 1e-9)
            #expect(abs(q.y - (20 + 100 * age)) < 1e-9)
            #expect(q.birthTime == Double(i) * 0.5)
        }
    }

    @Test func lifetimeRemovesParticles() {
        let p = EmitterParameters()
        let run = EmitterSimulation.simulate(p, cells: [cell(rate: 2, life: 1)], at: 1.25)
        #expect(run.particles.map(\.birthTime) == [0.5, 1.0])
        var twice = p
        twice.lifetime = 2    // the layer's lifetime multiplies the cell's
        #expect(EmitterSimulation.simulate(twice, cells: [cell(rate: 2, life: 1)], at: 1.25).particles.count == 3)
    }

    @Test func rangesAreSeededAndRepeatable() {
        var p = EmitterParameters()
        var c = cell(rate: 50, life: 3)
        c.velocityRange = 40; c.range = .pi; c.scaleRange = 0.5; c.colorRange = [0.5, 0.5, 0.5, 0]
        let a = EmitterSimulation.simulate(p, cells: [c], at: 2)
        let b = EmitterSimulation.simulate(p, cells: [c], at: 2)
        #expect(a.particles.count == 101)
        #expect(a.particles.map(\.x) == b.particles.map(\.x) && a.particles.map(\.scale) == b.particles.map(\.scale))
        // Ranges vary: the speeds are not all equal, and stay within ±range.
        let speeds = a.particles.map { ($0.x * $0.x + $0.y * $0.y + $0.z * $0.z).squareRoot() / (2 - $0.birthTime) }
            .filter { $0.isFinite }
        #expect(Set(speeds.map { Int($0) }).count > 10)
        #expect(speeds.allSatisfy { $0 >= 60 - 1e-6 && $0 <= 140 + 1e-6 })
        p.seed = 7
        let other = EmitterSimulation.simulate(p, cells: [c], at: 2)
        #expect(other.particles.map(\.x) != a.particles.map(\.x))
    }

    @Test func absurdBirthRateStaysBounded() {
        var p = EmitterParameters()
        p.birthRate = 1e9
        let run = EmitterSimulation.simulate(p, cells: [cell(rate: 1e9, life: 1e6)], at: 1e5)
        #expect(run.particles.count == EmitterSimulation.maximumParticles)
        #expect(run.capped)   // bounded by the cap, not timed (speed lives in benchmarks)
    }

    @Test func subCellsAreBornAtTheirParent() {
        var parent = cell(rate: 1, life: 10, v: 10)
        var child = cell(rate: 1, life: 10, v: 0)
        child.beginTime = 0
        parent.subcells = [child]
        let run = EmitterSimulation.simulate(EmitterParameters(), cells: [parent], at: 0.5)
        // One parent (born 0, at x = 5) and its first child, born with it at x = 0, not moving.
        #expect(run.cells.count == 2)
        let kids = run.particles.filter { $0.cell == 1 }
        #expect(kids.count == 1 && kids.first?.x == 0)
        #expect(run.particles.first { $0.cell == 0 }?.x == 5)
    }

    @Test func emissionConeDirections() {
        // No range: exactly the axis. Range π around +y: every direction within 90° of +y, some
        // leaving the plane. Range 2π: both hemispheres.
        let axis = EmitterSimulation.direction(longitude: .pi / 2, latitude: 0, range: 0, 0.3, -0.7)
        #expect(abs(axis.0) < 1e-12 && axis.1 == 1 && axis.2 == 0)
        var dirs: [(Double, Double, Double)] = []
        for i in 0..<200 {
            let u = Double(i % 20) / 9.5 - 1, w = Double(i / 20) / 4.5 - 1
            dirs.append(EmitterSimulation.direction(longitude: .pi / 2, latitude: 0, range: .pi, u, w))
        }
        #expect(dirs.allSatisfy { abs($0.0 * $0.0 + $0.1 * $0.1 + $0.2 * $0.2 - 1) < 1e-9 })
        #expect(dirs.allSatisfy { $0.1 >= -1e-9 })
        #expect(dirs.contains { abs($0.2) > 0.5 })
        let all = (0..<200).map { i in
            EmitterSimulation.direction(longitude: 0, latitude: 0, range: 2 * .pi, Double(i % 20) / 9.5 - 1,
                                        Double(i / 20) / 4.5 - 1)
        }
        #expect(all.contains { $0.0 < -0.9 } && all.contains { $0.0 > 0.9 })
    }
}
