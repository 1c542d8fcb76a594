import Testing
import CoreGraphics
@testable import QuartzCore

/// A perspective layer must draw the same wherever it sits in the frame. pixman takes its
/// matrix in 16.16 fixed point; with frame coordinates in the matrix, a card 600 px from the
/// origin lost its perspective terms to rounding and drew about 20 px off (found by the gallery).
@Suite struct ProjectiveWarpPrecisionTests {
    /// A 200×200 container at `x` whose sublayerTransform has m34 = −1/500, holding a rounded,
    /// bordered card rotated 50° about y.
    func scene(containerX x: CGFloat, width: CGFloat) -> CALayer {
        let root = makeRoot(width, 200)
        let container = CALayer()
        container.frame = CGRect(x: x, y: 0, width: 200, height: 200)
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        container.sublayerTransform = p
        let card = box(CGRect(x: 50, y: 40, width: 100, height: 120), color(1, 0.5, 0))
        card.cornerRadius = 10
        card.borderWidth = 3
        card.borderColor = color(0, 0, 0.5)
        card.transform = CATransform3DMakeRotation(50 * .pi / 180, 0, 1, 0)
        container.addSublayer(card)
        root.addSublayer(container)
        return root
    }

    func render(_ root: CALayer, _ w: CGFloat, _ h: CGFloat) -> PixelBuffer? {
        CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h))?.frame(at: 0)
    }

    @Test func aCardFarFromTheOriginDrawsLikeOneNearIt() throws {
        let near = try #require(render(scene(containerX: 0, width: 200), 200, 200))
        let far = try #require(render(scene(containerX: 640, width: 840), 840, 200))
        var worst = 0, covered = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = near.rgba(x, y), b = far.rgba(x + 640, y)
                worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
                if a.a > 0 { covered += 1 }
            }
        }
        #expect(covered > 4_000)   // the card is there (about 60 × 120 px projected)
        #expect(worst <= 2, "largest channel difference \(worst)")
    }
}
