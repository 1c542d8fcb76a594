import Testing
import CoreGraphics

@Suite("CGPath dashing")
struct CGPathDashTests {
    /// The (start, end) of each dash subpath, read through applyWithBlock.
    func dashes(_ p: CGPath) -> [(CGPoint, CGPoint)] {
        var out: [(CGPoint, CGPoint)] = []
        for e in p.recorded {
            switch e.type {
            case .moveToPoint: out.append((e.points[0], e.points[0]))
            case .addLineToPoint: out[out.count - 1].1 = e.points[0]
            default: break
            }
        }
        return out
    }

    func line100() -> CGMutablePath {
        let p = CGMutablePath(); p.move(to: .zero); p.addLine(to: P(100, 0)); return p
    }

    @Test func tenOnFiveOffOnAHundredLongLine() {
        let d = dashes(line100().copy(dashingWithPhase: 0, lengths: [10, 5]))
        #expect(d.count == 7)
        #expect(near(d.map(\.0), [0, 15, 30, 45, 60, 75, 90].map { P($0, 0) }))
        #expect(near(d.map(\.1), [10, 25, 40, 55, 70, 85, 100].map { P($0, 0) }))
        #expect(d.allSatisfy { $0.0.y == 0 && $0.1.y == 0 })
    }

    @Test func phaseShiftsThePattern() {
        let five = dashes(line100().copy(dashingWithPhase: 5, lengths: [10, 5]))
        #expect(near(five.map(\.0), [0, 10, 25, 40, 55, 70, 85].map { P($0, 0) }))
        #expect(near(five.map(\.1), [5, 20, 35, 50, 65, 80, 95].map { P($0, 0) }))
        // Phase 12 starts 2 into the gap: dashes begin at 3, 18, …, the last is cut at 100.
        let twelve = dashes(line100().copy(dashingWithPhase: 12, lengths: [10, 5]))
        #expect(near(twelve.map(\.0), [3, 18, 33, 48, 63, 78, 93].map { P($0, 0) }))
        #expect(near(twelve.map(\.1), [13, 28, 43, 58, 73, 88, 100].map { P($0, 0) }))
        // Phases are taken modulo the pattern: −3 ≡ 12, 27 ≡ 12.
        #expect(near(dashes(line100().copy(dashingWithPhase: -3, lengths: [10, 5])).map(\.0), twelve.map(\.0)))
        #expect(near(dashes(line100().copy(dashingWithPhase: 27, lengths: [10, 5])).map(\.0), twelve.map(\.0)))
    }

    @Test func oddPatternsRepeatAndDashesTurnCorners() {
        let p = CGMutablePath()
        p.addLines(between: [P(0, 0), P(10, 0), P(10, 10)])
        let out = p.copy(dashingWithPhase: 0, lengths: [8])   // on 8, off 8, on 8 …
        let e = out.recorded
        #expect(e.map(\.type) == [.moveToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        #expect(e[1].points[0] == P(8, 0))
        #expect(e[2].points[0] == P(10, 6) && e[3].points[0] == P(10, 10))
        // [12, 1]: the first dash turns the corner at (10, 0); the second runs 13–20.
        let q = p.copy(dashingWithPhase: 0, lengths: [12, 1])
        let r = q.recorded
        #expect(r.map(\.type) == [.moveToPoint, .addLineToPoint, .addLineToPoint, .moveToPoint, .addLineToPoint])
        #expect(r[1].points[0] == P(10, 0) && r[2].points[0] == P(10, 2))
        #expect(r[3].points[0] == P(10, 3) && r[4].points[0] == P(10, 10))
    }

    @Test func closedSubpathJoinsLastDashToFirst() {
        // Perimeter 40 from (0,0) round (10,0), (10,10), (0,10). [6, 3]: dashes at 0–6, 9–15,
        // 18–24, 27–33, and 36–40 which continues into 0–6: one dash (0,4) → (0,0) → (6,0).
        let r = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let e = r.copy(dashingWithPhase: 0, lengths: [6, 3]).recorded
        #expect(e.filter { $0.type == .moveToPoint }.count == 4)
        #expect(e[0].points[0] == P(0, 4) && e[1].points[0] == P(0, 0) && e[2].points[0] == P(6, 0))
        // All on: the rect stays one closed subpath.
        let whole = r.copy(dashingWithPhase: 0, lengths: [100, 1])
        #expect(whole == r)
    }

    @Test func dotsAndIgnoredPatterns() {
        let dots = line100().copy(dashingWithPhase: 0, lengths: [0, 25]).recorded
        // Zero-length dashes at 0, 25, 50, 75, 100: a move and a zero-length line each.
        #expect(dots.count == 10)
        #expect(dots[2].points == [P(25, 0)] && dots[3].points == [P(25, 0)])
        let l = line100()
        #expect(l.copy(dashingWithPhase: 0, lengths: []) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [0, 0]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [5, -1]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [5, .nan]) == l)
        #expect(l.copy(dashingWithPhase: 0, lengths: [1e-6, 1e-6]) == l)   // > a million dashes
        let moved = l.copy(dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(translationX: 0, y: 7))
        #expect(dashes(moved).first.map { $0.0 } == P(0, 7))
    }

    @Test func curvesAreDashedAlongTheirLength() {
        // A quarter circle of radius 100 is 157.08 long; [50, 50] leaves dashes at 0–50, 100–150.
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let d = dashes(p.copy(dashingWithPhase: 0, lengths: [50, 50]))
        #expect(d.count == 2)
        // Ends at arc length 50 (0.5 rad) and starts at 100 (1 rad), within flattening error.
        #expect(near(d[0].1, P(100 * cos(0.5), 100 * sin(0.5)), 0.2))
        #expect(near(d[1].0, P(100 * cos(1), 100 * sin(1)), 0.2))
    }
}
