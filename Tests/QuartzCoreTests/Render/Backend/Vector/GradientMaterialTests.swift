import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// The gradient material: axial, radial and conic colours at chosen device pixels.
@Suite("Vector materials: gradient")
struct GradientMaterialTests {
    typealias P = MaterialProbe
    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// The expected 8-bit premultiplied colour of a red → blue gradient at parameter t.
    func redToBlue(_ t: Double) -> (Int, Int, Int) {
        let k = min(max(t, 0), 1)
        return (Int(((1 - k) * 255).rounded()), 0, Int((k * 255).rounded()))
    }

    func expectColor(_ f: PixelBuffer, _ x: Int, _ y: Int, _ c: (Int, Int, Int), tolerance: Int = 1) {
        #expect(Probe.matches(f, x, y, c.0, c.1, c.2, 255, tolerance: tolerance), "\(x),\(y): \(f.pixel(x: x, y: y))")
    }

    @Test(arguments: BackendKind.allCases) func axialMidpointOfRedToBlueIsHalfAndHalf(_ backend: BackendKind) throws {
        // Pixel 50's centre is x = 50.5, half way from 0 to 101.
        let g = GradientMaterial(.axial, colors: [Self.red, Self.blue], start: CGPoint(x: 0, y: 0), end: CGPoint(x: 101, y: 0))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 101, height: 20), g)], width: 101, height: 20)
        expectColor(f, 50, 10, (128, 0, 128))
        expectColor(f, 0, 3, redToBlue(0.5 / 101))
        expectColor(f, 100, 3, redToBlue(100.5 / 101))
    }

    @Test(arguments: BackendKind.allCases) func locationsPlaceTheStopsAndTheEndsExtend(_ backend: BackendKind) throws {
        let green = PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1)
        let g = GradientMaterial(.axial, colors: [Self.red, green, Self.blue], locations: [0.2, 0.5, 0.8],
                                 start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 100, height: 10), g)], height: 10)
        expectColor(f, 5, 5, (255, 0, 0))       // before the first stop
        expectColor(f, 95, 5, (0, 0, 255))      // after the last
        // x = 35.5: 0.355, half way from 0.2 to 0.5 is 0.35 → a little past the red/green mix.
        let k = (0.355 - 0.2) / 0.3
        expectColor(f, 35, 5, (Int(((1 - k) * 255).rounded()), Int((k * 255).rounded()), 0))
    }

    @Test(arguments: BackendKind.allCases) func stopsInterpolateStraightColourAsCoreGraphicsDoes(_ backend: BackendKind) throws {
        // White → transparent black: half way is straight (0.5, 0.5, 0.5, 0.5), premultiplied 0.25.
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let g = GradientMaterial(.axial, colors: [white, .clear], start: .zero, end: CGPoint(x: 101, y: 0))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 101, height: 4), g)], width: 101, height: 4)
        #expect(Probe.matches(f, 50, 2, 64, 64, 64, 128, tolerance: 1), "\(f.pixel(x: 50, y: 2))")
    }

    @Test(arguments: BackendKind.allCases) func ellipticalRadialUsesBothRadii(_ backend: BackendKind) throws {
        // CAGradientLayer's radial ellipse: 40 across, 20 down from (50, 50).
        let g = GradientMaterial(.radial, colors: [Self.red, Self.blue], start: CGPoint(x: 50, y: 50),
                                 end: CGPoint(x: 90, y: 50), radiusY: 20)
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 100, height: 100), g)])
        for (x, y) in [(50, 50), (70, 50), (50, 60), (60, 57), (95, 95)] {
            let u = (Double(x) + 0.5 - 50) / 40, v = (Double(y) + 0.5 - 50) / 20
            expectColor(f, x, y, redToBlue((u * u + v * v).squareRoot()), tolerance: 2)
        }
    }

    @Test(arguments: BackendKind.allCases) func radialColoursFollowTheDistanceFromTheCentre(_ backend: BackendKind) throws {
        let g = GradientMaterial(.radial, colors: [Self.red, Self.blue], start: CGPoint(x: 50, y: 50), end: CGPoint(x: 90, y: 50))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 100, height: 100), g)])
        for (x, y) in [(50, 50), (70, 50), (50, 30), (62, 63), (95, 95)] {
            let d = hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50)
            expectColor(f, x, y, redToBlue(d / 40))
        }
    }

    @Test(arguments: BackendKind.allCases) func conicColoursFollowTheAngleFromTheStartRay(_ backend: BackendKind) throws {
        let g = GradientMaterial(.conic, colors: [Self.red, Self.blue], start: CGPoint(x: 50, y: 50), end: CGPoint(x: 90, y: 50))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 100, height: 100), g)])
        for (x, y) in [(80, 52), (50, 90), (10, 50), (50, 10), (80, 20)] {
            var a = atan2(Double(y) + 0.5 - 50, Double(x) + 0.5 - 50)
            if a < 0 { a += 2 * .pi }
            expectColor(f, x, y, redToBlue(a / (2 * .pi)))
        }
    }

    @Test(arguments: BackendKind.allCases) func aGradientUnderScaleIsComputedPerDevicePixel(_ backend: BackendKind) throws {
        // 25 points scaled 4×: 100 device pixels, each its own colour (no stretched texels).
        let g = GradientMaterial(.axial, colors: [Self.red, Self.blue], start: .zero, end: CGPoint(x: 25, y: 0))
        let f = try P.draw(backend, [.gradient(CGRect(x: 0, y: 0, width: 25, height: 5), g,
                                      state: SharedQuadState(transform: .scale(x: 4, y: 4)))], height: 20)
        for x in [0, 37, 38, 63, 99] { expectColor(f, x, 10, redToBlue((Double(x) + 0.5) / 100)) }
    }
}
