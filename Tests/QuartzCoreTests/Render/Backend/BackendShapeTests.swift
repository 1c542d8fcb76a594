import Testing
import CoreGraphics
import QuartzCore

/// Solid quads, rounded rectangles, borders, opacity and affine transforms, probed pixel by pixel.
@Suite("Backend conformance: shapes")
struct BackendShapeTests {
    @Test(arguments: BackendKind.allCases) func solidQuadOnWholePixelsCoversExactlyItsPixels(_ backend: BackendKind) throws {
        let frame = try Probe.render(backend, [.solidColor(CGRect(x: 10, y: 20, width: 30, height: 40), Probe.red)],
                                     width: 64, height: 80)
        #expect(Probe.coveredCount(frame) == 30 * 40)
        #expect(Probe.matches(frame, 10, 20, 255, 0, 0, 255, tolerance: 0))
        #expect(Probe.matches(frame, 39, 59, 255, 0, 0, 255, tolerance: 0))
        #expect(Probe.matches(frame, 9, 20, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 40, 59, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 39, 60, 0, 0, 0, 0, tolerance: 0))
    }

    @Test(arguments: BackendKind.allCases) func halfOpaqueRedOverWhiteIsPink(_ backend: BackendKind) throws {
        let full = CGRect(x: 0, y: 0, width: 8, height: 8)
        let frame = try Probe.render(backend, [.solidColor(full, Probe.white),
                                      .solidColor(full, Probe.red, state: SharedQuadState(opacity: 0.5))],
                                     width: 8, height: 8)
        #expect(Probe.matches(frame, 4, 4, 255, 128, 128, 255))
    }

    @Test(arguments: BackendKind.allCases) func borderOfWidth5Inside80x60CoversItsRingOf1300Pixels(_ backend: BackendKind) throws {
        let frame = try Probe.render(backend, [.border(CGRect(x: 10, y: 10, width: 80, height: 60), width: 5, Probe.blue)],
                                     width: 100, height: 80)
        #expect(Probe.coveredCount(frame) == 80 * 60 - 70 * 50)
        #expect(Probe.matches(frame, 10, 10, 0, 0, 255, 255, tolerance: 0))
        #expect(Probe.matches(frame, 14, 40, 0, 0, 255, 255, tolerance: 0))
        #expect(Probe.matches(frame, 15, 40, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 50, 40, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 89, 69, 0, 0, 255, 255, tolerance: 0))
    }

    @Test(arguments: BackendKind.allCases) func roundedBorderHasRoundedInnerCorners(_ backend: BackendKind) throws {
        // Outer radius 12 and inner radius 7, both around (22, 22) at the min-x min-y corner.
        let frame = try Probe.render(backend, [.border(CGRect(x: 10, y: 10, width: 80, height: 60), width: 5,
                                              radii: CornerRadii(uniform: 12), Probe.blue)],
                                     width: 100, height: 80)
        #expect(Probe.matches(frame, 12, 12, 0, 0, 0, 0))           // 13.4 from (22, 22): outside the outer arc
        #expect(Probe.matches(frame, 15, 15, 0, 0, 255, 255))       // 9.2: in the ring
        #expect(Probe.matches(frame, 18, 18, 0, 0, 0, 0))           // 4.9: inside the inner arc
        #expect(Probe.matches(frame, 50, 12, 0, 0, 255, 255))       // straight top edge
        #expect(Probe.matches(frame, 50, 16, 0, 0, 0, 0))
    }

    @Test(arguments: BackendKind.allCases) func roundedRectCornerPixelIsClearAndAreaMatchesTheFormula(_ backend: BackendKind) throws {
        let rect = CGRect(x: 10, y: 10, width: 80, height: 60), r = 20.0
        let frame = try Probe.render(backend, [.roundedRect(rect, radii: CornerRadii(uniform: r), Probe.green)],
                                     width: 100, height: 80)
        #expect(Probe.matches(frame, 10, 10, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 89, 69, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 50, 40, 0, 255, 0, 255, tolerance: 0))
        let expected = 80 * 60 - (4 - Double.pi) * r * r
        #expect(abs(Probe.coveredArea(frame) - expected) / expected < 0.01)
    }

    @Test(arguments: BackendKind.allCases) func quadRotated45DegreesCoversItsCentreButNotItsBoundingBoxCorners(_ backend: BackendKind) throws {
        let t = CGAffineTransform(rotationAngle: .pi / 4).concatenating(CGAffineTransform(translationX: 100, y: 100))
        let frame = try Probe.render(backend, [.solidColor(CGRect(x: -30, y: -30, width: 60, height: 60), Probe.red,
                                                  state: SharedQuadState(transform: ProjectiveTransform(t)))],
                                     width: 200, height: 200)
        // The diamond |dx| + |dy| ≤ 30√2 ≈ 42.4 around (100, 100); its box is ±42.4.
        #expect(Probe.matches(frame, 100, 100, 255, 0, 0, 255))
        #expect(Probe.matches(frame, 100, 62, 255, 0, 0, 255))
        for (x, y) in [(60, 60), (139, 60), (60, 139), (139, 139)] {
            #expect(Probe.matches(frame, x, y, 0, 0, 0, 0), "corner (\(x), \(y))")
        }
        #expect(abs(Probe.coveredArea(frame) - 3600) < 2)
    }

    @Test(arguments: BackendKind.allCases) func deviceClipLimitsTheQuad(_ backend: BackendKind) throws {
        let state = SharedQuadState(clip: CGRect(x: 0, y: 0, width: 20, height: 50))
        let frame = try Probe.render(backend, [.solidColor(CGRect(x: 10, y: 10, width: 30, height: 30), Probe.red, state: state)],
                                     width: 50, height: 50)
        #expect(Probe.coveredCount(frame) == 10 * 30)
        #expect(Probe.matches(frame, 20, 20, 0, 0, 0, 0, tolerance: 0))
    }

    @Test(arguments: BackendKind.allCases) func unusableQuadsDrawNothingAndDoNotDisturbTheNextQuad(_ backend: BackendKind) throws {
        let r = CGRect(x: 0, y: 0, width: 10, height: 10)
        let singular = ProjectiveTransform(CGAffineTransform(scaleX: 0, y: 1))
        let frame = try Probe.render(backend, [.solidColor(r, Probe.red, state: SharedQuadState(opacity: 0)),
                                      .solidColor(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 4), Probe.red),
                                      .solidColor(r, Probe.red, state: SharedQuadState(transform: singular)),
                                      .border(r, width: -1, Probe.red),
                                      .solidColor(CGRect(x: 0, y: 0, width: 2, height: 3), Probe.green)],
                                     width: 10, height: 10)
        #expect(Probe.coveredCount(frame) == 6)
        #expect(Probe.matches(frame, 1, 2, 0, 255, 0, 255, tolerance: 0))
    }
}
