import Testing
import CoreGraphics
@testable import QuartzCore

/// Passes that hold reused runs by reference (`QuadList`, `QuadRun`), damage found per segment
/// and frames restricted through a run's kept boxes.
@Suite("Quad segments", .serialized)
struct QuadSegmentTests {
    static let red = PremultipliedColor(straightRed: 1, green: 0, blue: 0, alpha: 1)

    /// `n` 4 × 4 squares in a row, 10 px apart, from x = `x0`.
    static func row(_ n: Int, x0: Double = 0, y: Double = 0) -> [DrawQuad] {
        (0..<n).map { .solidColor(CGRect(x: x0 + Double($0) * 10, y: y, width: 4, height: 4), red) }
    }

    @Test func aLongRunIsHeldByReferenceAndAnEditForgetsIt() {
        let run = QuadRun(Self.row(20))
        var list = QuadList(Self.row(1, y: 50))
        list.append(run: run)
        list.append(.solidColor(CGRect(x: 0, y: 60, width: 2, height: 2), Self.red))
        #expect(list.count == 22)
        #expect(list.segments.count == 3)
        #expect(list.segments[1].run === run)
        #expect(list[1].rect == CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(list[20].rect == CGRect(x: 190, y: 0, width: 4, height: 4))
        #expect(list.map(\.rect.minY) == [50] + Array(repeating: 0, count: 20) + [60])
        list[5].rect.origin.y = 7   // the run's quads stay as they were
        #expect(list.segments[1].run == nil)
        #expect(list[5].rect.minY == 7 && run.quads[4].rect.minY == 0)
        // A short run is copied (no segment of its own).
        var short = QuadList()
        short.append(run: QuadRun(Self.row(3)))
        #expect(short.segments.count == 1 && short.segments[0].run == nil && short.count == 3)
        #expect(run.bounds == CGRect(x: 0, y: 0, width: 194, height: 4))
    }

    @Test func theSameRunAtTheSamePlaceIsNoDamageAndAChangedQuadBesideItIs() {
        let run = QuadRun(Self.row(40))
        func frame(moverX: Double) -> [RenderPass] {
            var list = QuadList(Self.row(1, y: 90))
            list.append(run: run)
            list.append(.solidColor(CGRect(x: moverX, y: 40, width: 10, height: 10), Self.red))
            return [RenderPass(id: RenderPassID(0), outputRect: CGRect(x: 0, y: 0, width: 400, height: 100), quads: list)]
        }
        let bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        #expect(Damage.region(old: frame(moverX: 10), new: frame(moverX: 10), bounds: bounds).isNull)
        // The mover's old and new boxes, grown by a pixel.
        #expect(Damage.region(old: frame(moverX: 10), new: frame(moverX: 30), bounds: bounds)
                == CGRect(x: 9, y: 39, width: 32, height: 12))
        // Another run with one quad changed: found quad by quad, only that quad damaged.
        var changed = Self.row(40)
        changed[3].rect.origin.y = 20
        var list = QuadList(Self.row(1, y: 90))
        list.append(run: QuadRun(changed))
        list.append(.solidColor(CGRect(x: 10, y: 40, width: 10, height: 10), Self.red))
        let other = [RenderPass(id: RenderPassID(0), outputRect: bounds, quads: list)]
        #expect(Damage.region(old: frame(moverX: 10), new: other, bounds: bounds)
                == CGRect(x: 29, y: -1, width: 6, height: 26).intersection(bounds))
    }

    @Test func restrictingToDamageKeepsOnlyTheRunsQuadsItTouchesClipped() {
        var list = QuadList()
        list.append(run: QuadRun(Self.row(40)))
        let far = QuadRun(Self.row(20, y: 80))   // wholly outside the damage: skipped by its bounds
        list.append(run: far)
        let passes = [RenderPass(id: RenderPassID(0), width: 400, height: 100, quads: [])]
        var withList = passes
        withList[0].quads = list
        let damage = CGRect(x: 18, y: 0, width: 15, height: 10)
        let root = Damage.restrict(withList, to: damage)[0]
        #expect(root.quads.map(\.rect.minX) == [20, 30])
        #expect(root.quads.allSatisfy { $0.state.clip == damage })
    }

    /// A still tree in a container beside a layer moved between frames: the container is reused
    /// by reference, frames match a renderer that rebuilds and repaints everything, and the
    /// damage is the moved layer's old and new rectangles.
    @Test func framesWithSegmentsMatchFullRebuildsAndAMoveDamagesItsRectangles() throws {
        func scene() -> (CALayer, CALayer) {
            let root = makeRoot(200, 100)
            root.backgroundColor = color(1, 1, 1)
            let container = CALayer()
            container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            for i in 0..<200 {
                container.addSublayer(box(CGRect(x: CGFloat(i % 20) * 10, y: CGFloat(i / 20) * 10, width: 8, height: 8),
                                          color(0.2, CGFloat(i % 5) / 5, 0.6)))
            }
            root.addSublayer(container)
            let moved = box(CGRect(x: 10, y: 45, width: 10, height: 10), color(1, 0, 0, 0.8))
            root.addSublayer(moved)
            return (root, moved)
        }
        let (rootA, movedA) = scene(), (rootB, movedB) = scene()
        let reusing = try #require(CAOffscreenRenderer(rootLayer: rootA, size: CGSize(width: 200, height: 100)))
        let fresh = try #require(CAOffscreenRenderer(rootLayer: rootB, size: CGSize(width: 200, height: 100)))
        fresh.producer.reusesSubtrees = false
        fresh.isDamageTrackingEnabled = false
        for (n, x) in [10.0, 10, 40, 40, 70, 25].enumerated() {
            CATransaction.setDisableActions(true)
            movedA.frame.origin.x = x; movedB.frame.origin.x = x
            CATransaction.setDisableActions(false)
            CATransaction.flush()
            let a = try #require(reusing.frame(at: Double(n))), b = try #require(fresh.frame(at: Double(n)))
            #expect(a.words == b.words, "frame \(n)")
            if n == 2 {   // moved from x 10 to 40: both 10 × 10 rectangles, grown by a pixel
                #expect(reusing.lastDamage == CGRect(x: 9, y: 44, width: 42, height: 12))
            }
            if n == 3 { #expect(reusing.lastDamage.isNull) }
        }
        let passes = reusing.makePasses(at: 6)
        #expect(passes.last?.quads.segments.contains { $0.run != nil } == true)
    }
}
