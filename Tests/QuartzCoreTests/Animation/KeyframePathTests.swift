import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore

/// Keyframe animations along a `path` (https://developer.apple.com/documentation/quartzcore/cakeyframeanimation/path,
/// https://developer.apple.com/documentation/quartzcore/caanimationcalculationmode/paced).
@Suite struct KeyframePathTests {
    /// The position at each time of a `position` keyframe animation along `path`.
    func positions(along path: CGPath, mode: CAAnimationCalculationMode, duration: CFTimeInterval,
                   at times: [CFTimeInterval], configure: (CAKeyframeAnimation) -> Void = { _ in }) -> [CGPoint] {
        let (host, root) = makeHost()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = path; k.calculationMode = mode; k.duration = duration
        configure(k)
        host.withClock { root.add(k, forKey: "k") }
        return times.map { t in
            host.update(to: t)
            return host.withClock { root.presentation()!.position }
        }
    }

    var straight: CGPath {
        let p = CGMutablePath(); p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 0)); return p
    }

    /// 100 pt right, a half circle of radius 80 about (100, 80) as two quarter cubics, 100 pt
    /// back: 451.33 pt in four segments.
    var lineArcLine: CGPath {
        let k = 0.5522847498 * 80
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 100, y: 0))
        p.addCurve(to: CGPoint(x: 180, y: 80), control1: CGPoint(x: 100 + k, y: 0), control2: CGPoint(x: 180, y: 80 - k))
        p.addCurve(to: CGPoint(x: 100, y: 160), control1: CGPoint(x: 180, y: 80 + k), control2: CGPoint(x: 100 + k, y: 160))
        p.addLine(to: CGPoint(x: 0, y: 160))
        return p
    }

    /// The same half circle drawn by `addArc` (which starts with a zero-length line to the arc).
    var lineArcLineByArc: CGPath {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 100, y: 0))
        p.addArc(center: CGPoint(x: 100, y: 80), radius: 80, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)
        p.addLine(to: CGPoint(x: 0, y: 160))
        return p
    }

    @Test(arguments: [CAAnimationCalculationMode.linear, .paced, .cubicPaced])
    func straightSegmentMovesLinearly(mode: CAAnimationCalculationMode) {
        let ps = positions(along: straight, mode: mode, duration: 1, at: [0.25, 0.5, 0.75])
        #expect(ps.map(\.x).enumerated().allSatisfy { near($0.element, [25, 50, 75][$0.offset], 1e-9) }, "\(ps)")
        #expect(ps.allSatisfy { abs($0.y) < 1e-9 })
    }

    @Test func pacedMovesAtConstantSpeedAlongTheWholePath() {
        let total = 200 + Double.pi * 80                     // 451.33 pt over 10 s: 45.13 pt/s
        let dt = 0.05
        let times = stride(from: 0.0, through: 9.95, by: dt).map { $0 + 0.0 }
        let expected = total / 10
        #expect(abs(expected - 45.133) < 1e-3)
        for path in [lineArcLine, lineArcLineByArc] {
            let ps = positions(along: path, mode: .paced, duration: 10, at: times)
            let speeds = zip(ps, ps.dropFirst()).map { Double(hypot($1.x - $0.x, $1.y - $0.y)) / dt }
            let worst = speeds.map { abs($0 - expected) / expected }.max() ?? 1
            #expect(worst < 0.005, "worst relative speed error \(worst)")
        }
        // Half way along the arc length is the arc's midpoint (180, 80), reached at t = 5 s.
        let mid = positions(along: lineArcLine, mode: .paced, duration: 10, at: [5])[0]
        #expect(abs(mid.x - 180) < 0.05 && abs(mid.y - 80) < 0.05, "\(mid)")
    }

    /// `.linear` gives each of the path's segments (line, two quarter arcs, line) an equal share of
    /// the duration, linear in each segment's parameter.
    @Test func linearSpreadsSegmentsEvenly() {
        let ps = positions(along: lineArcLine, mode: .linear, duration: 4, at: [0.5, 1, 2, 3, 3.5])
        #expect(near(ps[0].x, 50, 1e-9) && near(ps[0].y, 0, 1e-9))           // half the first line
        #expect(near(ps[1].x, 100, 1e-9) && near(ps[1].y, 0, 1e-9))          // its end
        #expect(near(ps[2].x, 180, 1e-9) && near(ps[2].y, 80, 1e-9))         // end of the first quarter
        #expect(near(ps[3].x, 100, 1e-9) && near(ps[3].y, 160, 1e-9))        // end of the arc
        #expect(near(ps[4].x, 50, 1e-9) && near(ps[4].y, 160, 1e-9))         // half the last line
    }

    /// keyTimes and per-segment timing functions apply to the path's keyframes in `.linear`.
    @Test func linearFollowsKeyTimesAndTimingFunctions() {
        let p = CGMutablePath()
        p.move(to: .zero); p.addLine(to: CGPoint(x: 100, y: 0)); p.addLine(to: CGPoint(x: 100, y: 100))
        let ps = positions(along: p, mode: .linear, duration: 1, at: [0.4, 0.9]) {
            $0.keyTimes = [0, 0.8, 1]
        }
        #expect(near(ps[0].x, 50, 1e-9) && near(ps[1].y, 50, 1e-9))
        let eased = positions(along: p, mode: .linear, duration: 1, at: [0.25]) {
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        }
        let expected = CGFloat(CAMediaTimingFunction(name: .easeIn).output(at: 0.5)) * 100
        #expect(near(eased[0].x, expected, 1e-9))
        #expect(eased[0].x < 40)
    }

    /// `.rotateAuto` along the paced path turns with the tangent: down (+π/2) at the arc's midpoint.
    @Test func rotateAutoFollowsThePacedPath() {
        let (host, root) = makeHost()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.path = lineArcLine; k.calculationMode = .paced; k.rotationMode = .rotateAuto; k.duration = 10
        host.withClock { root.add(k, forKey: "k") }
        host.update(to: 5)
        let m = host.withClock { root.presentation()!.transform }
        #expect(abs(m.m11) < 1e-6 && abs(m.m12 - 1) < 1e-6)
        host.update(to: 9)
        let back = host.withClock { root.presentation()!.transform }
        #expect(abs(back.m11 + 1) < 1e-6 && abs(back.m12) < 1e-6)   // heading −x on the last line
    }
}
