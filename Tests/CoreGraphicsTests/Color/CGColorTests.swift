import Testing
import CoreGraphics

/// Follows https://developer.apple.com/documentation/coregraphics/cgcolor: components include
/// alpha last; `numberOfComponents` counts alpha; `copy(alpha:)` replaces only alpha.
@Suite("CGColor")
struct CGColorTests {
    @Test func rgbComponents() {
        let c = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        #expect(c.components == [0.2, 0.4, 0.6, 0.8])
        #expect(c.numberOfComponents == 4)
        #expect(c.alpha == 0.8)
        #expect(c.colorSpace?.model == .rgb)
        #expect(c.colorSpace?.numberOfComponents == 3)
    }

    @Test func grayComponents() {
        let g = CGColor(gray: 0.25, alpha: 0.5)
        #expect(g.components == [0.25, 0.5])
        #expect(g.numberOfComponents == 2)
        #expect(g.colorSpace?.model == .monochrome)
    }

    @Test func constants() {
        #expect(CGColor.black.components == [0, 1])
        #expect(CGColor.white.components == [1, 1])
        #expect(CGColor.clear.components == [0, 0])
    }

    @Test func copyAlphaKeepsColour() throws {
        let c = try #require(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1).copy(alpha: 0.25))
        #expect(c.components == [1, 0.5, 0, 0.25])
    }

    @Test func equalityByValue() {
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) == CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1))
        #expect(CGColor(red: 1, green: 0, blue: 0, alpha: 1) != CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(CGColor(gray: 1, alpha: 1) != CGColor(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test func componentsInitializerChecksCount() throws {
        let space = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        #expect(CGColor(colorSpace: space, components: [1, 0, 0]) == nil)
        let c = try #require(CGColor(colorSpace: space, components: [1, 0, 0, 1]))
        #expect(c.components == [1, 0, 0, 1])
    }

    @Test func grayToRGBConversion() throws {
        let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let c = try #require(CGColor(gray: 0.5, alpha: 0.3).converted(to: srgb))
        let comps = try #require(c.components)
        #expect(comps.count == 4)
        for v in comps.prefix(3) { #expect(abs(v - 0.5) < 1e-12) }
        #expect(comps[3] == 0.3)
    }

    @Test func rgbToGrayUsesRec709Luma() throws {
        // Pure green in sRGB: linear luminance 0.7152, encoded back: 1.055·0.7152^(1/2.4) − 0.055.
        let gray = try #require(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let c = try #require(CGColor(red: 0, green: 1, blue: 0, alpha: 1).converted(to: gray))
        let expected = 1.055 * pow(0.7152, 1 / 2.4) - 0.055
        #expect(abs(c.components![0] - CGFloat(expected)) < 1e-9)
    }

    @Test func srgbToLinearAndBack() throws {
        let linear = try #require(CGColorSpace(name: CGColorSpace.linearSRGB))
        let srgb = try #require(CGColorSpace(name: CGColorSpace.sRGB))
        let c = CGColor(red: 0.5, green: 0.02, blue: 1, alpha: 1)
        let l = try #require(c.converted(to: linear))
        // sRGB 0.5 → linear ((0.5 + 0.055) / 1.055)^2.4 ≈ 0.21404; 0.02 is on the linear toe: 0.02 / 12.92.
        #expect(abs(l.components![0] - 0.214041140) < 1e-8)
        #expect(abs(l.components![1] - 0.02 / 12.92) < 1e-12)
        let back = try #require(l.converted(to: srgb))
        for (a, b) in zip(back.components!, c.components!) { #expect(abs(a - b) < 1e-12) }
    }

    @Test func unknownColorSpaceNameIsNil() {
        #expect(CGColorSpace(name: "kCGColorSpaceNoSuchThing") == nil)
        #expect(CGColorSpaceCreateDeviceRGB().model == .rgb)
        #expect(CGColorSpaceCreateDeviceGray().numberOfComponents == 1)
    }
}
