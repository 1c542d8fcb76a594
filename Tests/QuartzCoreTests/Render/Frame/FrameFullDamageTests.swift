import Testing
import CoreGraphics
@testable import QuartzCore

/// What a frame of many moving quads costs besides drawing: damage stops comparing once it
/// covers the frame, restricting to a damage that covers the root changes nothing, and culling
/// that hides nothing copies nothing; where culling does change quads, it changes the right ones.
@Suite("Frame: full damage and culling")
struct FrameFullDamageTests {
    let bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    let half = PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)

    func pass(_ quads: [DrawQuad]) -> [RenderPass] { [RenderPass(id: RenderPassID(0), width: 64, height: 64, quads: quads)] }

    @Test func damageCoveringTheFrameIsTheFrame() {
        let old = pass([.solidColor(bounds, red), .solidColor(CGRect(x: 2, y: 2, width: 4, height: 4), half)])
        let new = pass([.solidColor(bounds, half), .solidColor(CGRect(x: 3, y: 2, width: 4, height: 4), half)])
        #expect(Damage.region(old: old, new: new, bounds: bounds) == bounds)
        // A small change alone is still a small damage.
        let moved = pass([.solidColor(bounds, red), .solidColor(CGRect(x: 3, y: 2, width: 4, height: 4), half)])
        #expect(Damage.region(old: old, new: moved, bounds: bounds) == CGRect(x: 1, y: 1, width: 7, height: 6))
    }

    @Test func restrictingToDamageCoveringTheRootLeavesItsQuadsAsAFullRepaintDraws() {
        let passes = pass([.solidColor(CGRect(x: -8, y: 4, width: 30, height: 30), half),
                           .solidColor(CGRect(x: 10, y: 10, width: 8, height: 8), red, state: SharedQuadState(clip: CGRect(x: 0, y: 0, width: 12, height: 80)))])
        let whole = Damage.restrict(passes, to: bounds)
        #expect(whole[0].quads.map(\.state.clip) == [nil, CGRect(x: 0, y: 0, width: 12, height: 80)])
        let part = Damage.restrict(passes, to: CGRect(x: 0, y: 0, width: 32, height: 64))
        #expect(part[0].quads.map(\.state.clip) == [CGRect(x: 0, y: 0, width: 32, height: 64), CGRect(x: 0, y: 0, width: 12, height: 64)])
    }

    @Test func cullingEditsTheQuadsItHidesOrCutsAndNoOthers() throws {
        let hidden = DrawQuad.solidColor(CGRect(x: 10, y: 10, width: 8, height: 8), half)
        let cut = DrawQuad.solidColor(CGRect(x: 10, y: 20, width: 8, height: 40), half)
        let beside = DrawQuad.solidColor(CGRect(x: 40, y: 40, width: 8, height: 8), half)
        let top = DrawQuad.solidColor(CGRect(x: 0, y: 0, width: 30, height: 40), red)
        let culled = Occlusion.cull(pass([hidden, cut, beside, top]), clearing: nil).passes[0].quads
        #expect(culled.count == 3)
        #expect(culled.map(\.rect) == [cut.rect, beside.rect, top.rect])
        #expect(culled.map(\.state.clip) == [CGRect(x: 9, y: 40, width: 10, height: 21), nil, nil])
        let untouched = pass([beside, top])
        #expect(Occlusion.cull(untouched, clearing: nil).passes[0].quads.map(\.rect) == [beside.rect, top.rect])
    }
}
