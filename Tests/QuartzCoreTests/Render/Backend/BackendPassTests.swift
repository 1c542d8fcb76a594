import Testing
import CoreGraphics
import QuartzCore

/// Render passes: group opacity, masks, pass offsets and dependency order.
@Suite("Backend conformance: render passes")
struct BackendPassTests {
    static let full = CGRect(x: 0, y: 0, width: 100, height: 100)
    static let first = CGRect(x: 10, y: 10, width: 50, height: 50)
    static let second = CGRect(x: 40, y: 40, width: 50, height: 50)

    @Test(arguments: BackendKind.allCases) func groupOpacityDoesNotDarkenTheOverlapOfItsChildren(_ backend: BackendKind) throws {
        let group = RenderPass(id: RenderPassID(1), width: 100, height: 100,
                               quads: [.solidColor(Self.first, Probe.red), .solidColor(Self.second, Probe.red)])
        let root = RenderPass(id: RenderPassID(0), width: 100, height: 100,
                              quads: [.solidColor(Self.full, Probe.white),
                                      .renderPassOutput(Self.full, RenderPassID(1), state: SharedQuadState(opacity: 0.5))])
        let frame = try Probe.render(backend, [group, root], width: 100, height: 100)
        #expect(Probe.matches(frame, 20, 20, 255, 128, 128, 255))
        #expect(Probe.matches(frame, 50, 50, 255, 128, 128, 255))    // overlap: same pink
        #expect(Probe.matches(frame, 5, 5, 255, 255, 255, 255))
    }

    @Test(arguments: BackendKind.allCases) func childrenWithTheirOwnOpacityDarkenTheirOverlap(_ backend: BackendKind) throws {
        let half = SharedQuadState(opacity: 0.5)
        let frame = try Probe.render(backend, [.solidColor(Self.full, Probe.white),
                                      .solidColor(Self.first, Probe.red, state: half),
                                      .solidColor(Self.second, Probe.red, state: half)],
                                     width: 100, height: 100)
        #expect(Probe.matches(frame, 20, 20, 255, 128, 128, 255))
        #expect(Probe.matches(frame, 50, 50, 255, 64, 64, 255))      // red over pink
    }

    @Test(arguments: BackendKind.allCases) func passOutputKeepsItsPlaceInPassSpaceAndMovesWithTheQuadTransform(_ backend: BackendKind) throws {
        // A pass sized to its visible rect (20, 30, 10, 10), drawn moved by (5, 0) and rotated 90°
        // about its own centre (25, 35) → (30, 35).
        let child = RenderPass(id: RenderPassID(7), outputRect: CGRect(x: 20, y: 30, width: 10, height: 10),
                               quads: [.solidColor(CGRect(x: 0, y: 0, width: 100, height: 100), Probe.blue),
                                       .solidColor(CGRect(x: 20, y: 30, width: 5, height: 10), Probe.green)])
        let moved = ProjectiveTransform.translation(x: 5, y: 0)
        let turned = ProjectiveTransform(CGAffineTransform(translationX: -25, y: -35)
            .concatenating(CGAffineTransform(rotationAngle: .pi / 2))
            .concatenating(CGAffineTransform(translationX: 30, y: 85)))
        let root = RenderPass(id: RenderPassID(0), width: 60, height: 100,
                              quads: [.renderPassOutput(CGRect(x: 0, y: 0, width: 100, height: 100), RenderPassID(7),
                                                        state: SharedQuadState(transform: moved)),
                                      .renderPassOutput(CGRect(x: 0, y: 0, width: 100, height: 100), RenderPassID(7),
                                                        state: SharedQuadState(transform: turned))])
        let frame = try Probe.render(backend, [child, root], width: 60, height: 100)
        #expect(Probe.coveredCount(frame) == 200)
        #expect(Probe.matches(frame, 25, 35, 0, 255, 0, 255, tolerance: 0))   // green left half, moved
        #expect(Probe.matches(frame, 32, 35, 0, 0, 255, 255, tolerance: 0))
        // Turned a quarter clockwise (y down): the green left half becomes the top half.
        #expect(Probe.matches(frame, 30, 82, 0, 255, 0, 255))
        #expect(Probe.matches(frame, 30, 88, 0, 0, 255, 255))
    }

    @Test(arguments: BackendKind.allCases) func maskedPassOutputKeepsOnlyWhatTheCircleMaskCovers(_ backend: BackendKind) throws {
        let content = RenderPass(id: RenderPassID(1), width: 100, height: 100,
                                 quads: [.solidColor(Self.full, Probe.blue)])
        let mask = RenderPass(id: RenderPassID(2), width: 100, height: 100,
                              quads: [.roundedRect(Self.full, radii: CornerRadii(uniform: 50), Probe.green)])
        let root = RenderPass(id: RenderPassID(0), width: 100, height: 100,
                              quads: [.solidColor(Self.full, Probe.white),
                                      .maskedPassOutput(Self.full, RenderPassID(1), mask: RenderPassID(2))])
        let frame = try Probe.render(backend, [content, mask, root], width: 100, height: 100)
        for (x, y) in [(2, 2), (97, 2), (2, 97), (97, 97), (12, 12)] {
            #expect(Probe.matches(frame, x, y, 255, 255, 255, 255), "corner (\(x), \(y))")
        }
        #expect(Probe.matches(frame, 50, 50, 0, 0, 255, 255))
        #expect(Probe.matches(frame, 50, 2, 0, 0, 255, 255))
        #expect(Probe.matches(frame, 18, 18, 0, 0, 255, 255))     // 45.3 from the centre
    }

    @Test(arguments: BackendKind.allCases) func passesRunInDependencyOrderWhateverTheirListOrder(_ backend: BackendKind) throws {
        // Pass 2 reads pass 1 but comes first in the list; the root reads pass 2.
        let inner = RenderPass(id: RenderPassID(1), width: 10, height: 10,
                               quads: [.solidColor(CGRect(x: 0, y: 0, width: 10, height: 10), Probe.green)])
        let middle = RenderPass(id: RenderPassID(2), width: 10, height: 10,
                                quads: [.renderPassOutput(CGRect(x: 0, y: 0, width: 10, height: 10), RenderPassID(1))])
        let root = RenderPass(id: RenderPassID(0), width: 10, height: 10,
                              quads: [.renderPassOutput(CGRect(x: 0, y: 0, width: 10, height: 10), RenderPassID(2))])
        let frame = try Probe.render(backend, [middle, inner, root], width: 10, height: 10)
        #expect(Probe.matches(frame, 5, 5, 0, 255, 0, 255, tolerance: 0))
    }

    @Test(arguments: BackendKind.allCases) func brokenPassGraphsThrow(_ backend: BackendKind) {
        let r = CGRect(x: 0, y: 0, width: 4, height: 4)
        let loop = RenderPass(id: RenderPassID(1), width: 4, height: 4, quads: [.renderPassOutput(r, RenderPassID(1))])
        let readsLoop = RenderPass(id: RenderPassID(0), width: 4, height: 4, quads: [.renderPassOutput(r, RenderPassID(1))])
        let readsMissing = RenderPass(id: RenderPassID(0), width: 4, height: 4, quads: [.renderPassOutput(r, RenderPassID(9))])
        #expect(throws: CompositorError.cycle(RenderPassID(1))) { try Probe.render(backend, [loop, readsLoop], width: 4, height: 4) }
        #expect(throws: CompositorError.missingPass(RenderPassID(9))) { try Probe.render(backend, [readsMissing], width: 4, height: 4) }
        #expect(throws: CompositorError.duplicatePass(RenderPassID(0))) {
            try Probe.render(backend, [readsMissing, readsMissing], width: 4, height: 4)
        }
        #expect(throws: CompositorError.noPasses) { try Probe.render(backend, [RenderPass](), width: 4, height: 4) }
    }
}
