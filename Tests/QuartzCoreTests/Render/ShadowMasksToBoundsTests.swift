import Testing
import CoreGraphics
@testable import QuartzCore

/// masksToBounds clips a layer's own shadow to its rounded bounds: nothing of the shadow shows in
/// the corners that the radius cuts off (found by the gallery: the square box let it through).
@Suite struct ShadowMasksToBoundsTests {
    func frame(flipped: Bool, rotated: Bool = false) -> PixelBuffer? {
        let root = makeRoot(100, 100)
        root.backgroundColor = color(1, 1, 1)
        let l = box(CGRect(x: 20, y: 20, width: 60, height: 60), color(0, 0, 1))
        l.cornerRadius = 20
        l.masksToBounds = true
        l.shadowOpacity = 1
        l.shadowRadius = 2
        l.shadowOffset = CGSize(width: 8, height: 8)
        if rotated { l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2)) }
        root.addSublayer(l)
        return CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100), flipped: flipped)?.frame(at: 0)
    }

    @Test(arguments: [true, false]) func theCutCornersShowNoShadow(flipped: Bool) throws {
        let f = try #require(frame(flipped: flipped))
        // Each corner pixel of the bounds lies outside the 20-point radius: white.
        for (x, y) in [(21, 21), (78, 21), (78, 78), (21, 78)] {
            #expect(f.rgba(x, y) == .white, "corner (\(x), \(y)) flipped \(flipped): \(f.rgba(x, y))")
        }
        #expect(f.rgba(50, 50) == .blue)
        #expect(f.rgba(90, 50) == .white)   // outside the bounds: clipped
    }

    @Test func aQuarterTurnKeepsTheSquareClip() throws {
        // Rotated by 90°, the map is not scale + translation: the clip stays the bounds' box,
        // still removing everything outside the bounds.
        let f = try #require(frame(flipped: true, rotated: true))
        #expect(f.rgba(50, 50) == .blue)
        #expect(f.rgba(90, 50) == .white)
        #expect(f.rgba(50, 90) == .white)
    }
}
