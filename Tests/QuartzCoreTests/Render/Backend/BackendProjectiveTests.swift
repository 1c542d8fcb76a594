import Testing
import CoreGraphics
import QuartzCore

/// Projective quads: a 100 × 100 square rotated 60° about y under perspective d = 500
/// (CATransform3D's m34 = −1/d), centred in a 200 × 200 frame, probed against its analytic outline.
@Suite("Backend conformance: projective quads")
struct BackendProjectiveTests {
    /// Local (x, y) in [−50, 50]² → rotateY(θ): (x cos θ, y, −x sin θ) → w = 1 − z/d = 1 + x sin θ / d
    /// → device ((x cos θ)/w + 100, y/w + 100). In row-vector form that is this matrix.
    static func homography(degrees: Double, d: Double) -> ProjectiveTransform {
        let t = degrees * .pi / 180, s = sin(t) / d, c = 100.0
        return ProjectiveTransform(m11: cos(t) + c * s, m12: c * s, m13: s,
                                   m21: 0, m22: 1, m23: 0,
                                   m31: c, m32: c, m33: 1)
    }

    static let square = CGRect(x: -50, y: -50, width: 100, height: 100)

    /// The device outline of the square (all corners in front of the eye here).
    static func outline(_ h: ProjectiveTransform) -> [CGPoint] {
        [(-50.0, -50.0), (50, -50), (50, 50), (-50, 50)].map { h.map(CGPoint(x: $0.0, y: $0.1))! }
    }

    /// Signed distance of p inside the convex polygon (positive inside), in pixels.
    static func inset(_ p: CGPoint, _ poly: [CGPoint]) -> Double {
        var best = Double.infinity
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let ex = Double(b.x - a.x), ey = Double(b.y - a.y), len = (ex * ex + ey * ey).squareRoot()
            let cross = (ex * Double(p.y - a.y) - ey * Double(p.x - a.x)) / len
            best = min(best, cross)
        }
        return best
    }

    /// Checks every pixel at least 1.5 px from the outline: the colour inside, clear outside.
    private func expectOutline(_ frame: PixelBuffer, _ h: ProjectiveTransform, r: Int, g: Int, b: Int) {
        var poly = Self.outline(h)
        if Self.inset(CGPoint(x: 100, y: 100), poly) < 0 { poly.reverse() }
        var strayOutside = 0, wrongInside = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let d = Self.inset(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5), poly)
                if d < -1.5, frame.pixel(x: x, y: y).a != 0 { strayOutside += 1 }
                if d > 1.5, !Probe.matches(frame, x, y, r, g, b, 255) { wrongInside += 1 }
            }
        }
        #expect(strayOutside == 0)
        #expect(wrongInside == 0)
    }

    @Test(arguments: BackendKind.allCases) func solidSquareUnderPerspectiveCoversItsTrapezoidAndNothingElse(_ backend: BackendKind) throws {
        let h = Self.homography(degrees: 60, d: 500)
        let outline = Self.outline(h)
        // The near (x = 50, w > 1) edge is shorter than the far one.
        #expect(abs(Double(outline[0].x) - 72.63) < 0.01 && abs(Double(outline[1].x) - 123.01) < 0.01)
        let frame = try Probe.render(backend, [.solidColor(Self.square, Probe.red, state: SharedQuadState(transform: h))],
                                     width: 200, height: 200)
        #expect(Probe.matches(frame, 100, 100, 255, 0, 0, 255))
        expectOutline(frame, h, r: 255, g: 0, b: 0)
        #expect(Probe.matches(frame, 74, 52, 255, 0, 0, 255))    // tall far edge: y 45.3…154.7 at x 72.6
        #expect(Probe.matches(frame, 121, 52, 0, 0, 0, 0))       // short near edge: y 54.0…146.0 at x 123
    }

    @Test(arguments: BackendKind.allCases) func textureUnderPerspectiveIsResampledInsideItsOutline(_ backend: BackendKind) throws {
        let h = Self.homography(degrees: 60, d: 500)
        let texture = try Probe.texture(width: 100, height: 100) { _, _ in (0, 0, 255) }
        let frame = try Probe.render(backend, [.texture(Self.square, texture, state: SharedQuadState(transform: h))],
                                     width: 200, height: 200)
        expectOutline(frame, h, r: 0, g: 0, b: 255)
    }

    @Test(arguments: BackendKind.allCases) func textureHalvesMapToTheirSidesOfTheTrapezoid(_ backend: BackendKind) throws {
        let h = Self.homography(degrees: 60, d: 500)
        let texture = try Probe.texture(width: 100, height: 100) { x, _ in x < 50 ? (255, 0, 0) : (0, 255, 0) }
        let frame = try Probe.render(backend, [.texture(Self.square, texture, filter: .nearest,
                                               state: SharedQuadState(transform: h))],
                                     width: 200, height: 200)
        // Local x = ±25 land at device x = ±12.5 / (1 ∓ 0.0433) + 100.
        #expect(Probe.matches(frame, 86, 100, 255, 0, 0, 255))
        #expect(Probe.matches(frame, 111, 100, 0, 255, 0, 255))
    }

    @Test(arguments: BackendKind.allCases) func roundedClipFollowsTheQuadIntoPerspective(_ backend: BackendKind) throws {
        let h = Self.homography(degrees: 60, d: 500)
        let texture = try Probe.texture(width: 100, height: 100) { _, _ in (0, 0, 255) }
        let clip = RoundedRect(rect: Self.square, radii: CornerRadii(uniform: 30))
        let frame = try Probe.render(backend, [.texture(Self.square, texture,
                                               state: SharedQuadState(transform: h, roundedClip: clip))],
                                     width: 200, height: 200)
        // Local (−47, −47) is outside the rounded corner: device (74.4, 48.5) stays clear, while
        // the unclipped square covers it. Local (0, −45) is inside: device (100, 55).
        let corner = try #require(h.map(CGPoint(x: -47, y: -47)))
        #expect(Probe.matches(frame, Int(corner.x), Int(corner.y), 0, 0, 0, 0))
        #expect(Probe.matches(frame, 100, 55, 0, 0, 255, 255))
        #expect(Probe.matches(frame, 100, 100, 0, 0, 255, 255))
    }

    @Test(arguments: BackendKind.allCases) func quadCrossingTheEyePlaneDrawsOnlyItsPartInFront(_ backend: BackendKind) throws {
        // d = 40: w = 1 + x·0.0217 is ≤ 0 for x ≤ −46.2, so the left strip has no image.
        let h = Self.homography(degrees: 60, d: 40)
        let frame = try Probe.render(backend, [.solidColor(Self.square, Probe.red, state: SharedQuadState(transform: h))],
                                     width: 200, height: 200)
        #expect(Probe.matches(frame, 100, 100, 255, 0, 0, 255))
        // The near edge x = 50: w = 2.08, device x = 112.0; nothing to its right.
        for x in 114..<200 { #expect(frame.pixel(x: x, y: 100).a == 0, "x = \(x)") }
    }

    @Test func projectiveTransformAlgebra() throws {
        let h = Self.homography(degrees: 60, d: 500)
        let inverse = try #require(h.inverted())
        let p = try #require(h.concatenating(inverse).map(CGPoint(x: 12, y: -7)))
        #expect(abs(Double(p.x) - 12) < 1e-9 && abs(Double(p.y) + 7) < 1e-9)
        #expect(!h.isAffine && ProjectiveTransform.identity.isAffine)
        // Concatenation applies the receiver first, as CGAffineTransform.concatenating does.
        let a = CGAffineTransform(translationX: 3, y: 4), b = CGAffineTransform(scaleX: 2, y: 5)
        #expect(ProjectiveTransform(a).concatenating(ProjectiveTransform(b)).affine == a.concatenating(b))
        #expect(ProjectiveTransform(CGAffineTransform(scaleX: 0, y: 1)).inverted() == nil)
    }
}
