import Testing
import CoreGraphics
@testable import QuartzCore

/// Each blend mode on a known pair of colours against the formulas of W3C Compositing and
/// Blending Level 1 (https://www.w3.org/TR/compositing-1/), computed here independently:
/// `Cs' = (1 − αb)·Cs + αb·B(Cb, Cs)`, `co = αs·Cs' + (1 − αs)·αb·Cb`, `αo = αs + αb·(1 − αs)`.
@Suite("Compositing filter: blend modes against the W3C formulas")
struct CompositingFilterBlendModeTests {
    typealias RGB = (r: Double, g: Double, b: Double)
    static let backdrop: RGB = (0.8, 0.3, 0.2)
    static let source: RGB = (0.25, 0.6, 0.9)

    // MARK: W3C reference

    static func separable(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double? {
        switch mode {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return separable(.hardLight, cs, cb)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge: return cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
        case .colorBurn: return cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
        case .hardLight: return cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return nil
        }
    }

    static func lum(_ c: RGB) -> Double { 0.3 * c.r + 0.59 * c.g + 0.11 * c.b }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.r, c.g, c.b), x = max(c.r, c.g, c.b)
        var o = c
        if n < 0 { o = (l + (o.r - l) * l / (l - n), l + (o.g - l) * l / (l - n), l + (o.b - l) * l / (l - n)) }
        if x > 1 { o = (l + (o.r - l) * (1 - l) / (x - l), l + (o.g - l) * (1 - l) / (x - l), l + (o.b - l) * (1 - l) / (x - l)) }
        return o
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.r + d, c.g + d, c.b + d))
    }
    static func sat(_ c: RGB) -> Double { max(c.r, c.g, c.b) - min(c.r, c.g, c.b) }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.r, c.g, c.b]
        let order = v.indices.sorted { v[$0] < v[$1] }
        let (mn, md, mx) = (order[0], order[1], order[2])
        if v[mx] > v[mn] {
            v[md] = (v[md] - v[mn]) * s / (v[mx] - v[mn]); v[mx] = s
        } else {
            v[md] = 0; v[mx] = 0
        }
        v[mn] = 0
        return (v[0], v[1], v[2])
    }

    static func blend(_ mode: BlendMode, _ cb: RGB, _ cs: RGB) -> RGB {
        switch mode {
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default:
            return (separable(mode, cb.r, cs.r)!, separable(mode, cb.g, cs.g)!, separable(mode, cb.b, cs.b)!)
        }
    }

    /// The W3C result, premultiplied 0…255.
    static func expected(_ mode: BlendMode, cb: RGB, ab: Double, cs: RGB, as alphaS: Double) -> RGBA {
        let b = blend(mode, cb, cs)
        func ch(_ s: Double, _ bl: Double, _ d: Double) -> Int {
            let sPrime = (1 - ab) * s + ab * bl
            return Int(((alphaS * sPrime + (1 - alphaS) * ab * d) * 255).rounded())
        }
        return RGBA(ch(cs.r, b.r, cb.r), ch(cs.g, b.g, cb.g), ch(cs.b, b.b, cb.b),
                    Int(((alphaS + ab * (1 - alphaS)) * 255).rounded()))
    }

    // MARK: Drawing

    /// A backdrop of `cb` (alpha `ab`) with a source of `cs` (alpha `alphaS`) drawn over it with
    /// `mode`, as a pass output (the way a layer's compositingFilter reaches the compositor).
    static func draw(_ backend: BackendKind, _ mode: BlendMode, cb: RGB, ab: Double, cs: RGB, as alphaS: Double) throws -> RGBA {
        let full = CGRect(x: 0, y: 0, width: 8, height: 8)
        let layer = RenderPass(id: RenderPassID(1), width: 8, height: 8,
                               quads: [.solidColor(full, PremultipliedColor(straightRed: cs.r, green: cs.g, blue: cs.b,
                                                                           alpha: alphaS))])
        let root = RenderPass(id: RenderPassID(0), width: 8, height: 8,
                              quads: [.solidColor(full, PremultipliedColor(straightRed: cb.r, green: cb.g, blue: cb.b,
                                                                          alpha: ab)),
                                      .renderPassOutput(full, RenderPassID(1), state: SharedQuadState(blendMode: mode))])
        return try Probe.render(backend, [layer, root], width: 8, height: 8).rgba(4, 4)
    }

    static let modes: [BlendMode] = [.multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
                                     .softLight, .hardLight, .difference, .exclusion, .hue, .saturation, .color,
                                     .luminosity]

    @Test(arguments: BackendKind.allCases, modes)
    func opaqueColoursMatchTheW3CFormula(_ backend: BackendKind, _ mode: BlendMode) throws {
        let got = try Self.draw(backend, mode, cb: Self.backdrop, ab: 1, cs: Self.source, as: 1)
        let want = Self.expected(mode, cb: Self.backdrop, ab: 1, cs: Self.source, as: 1)
        #expect(got.near(want, 2), "\(mode): \(got) vs \(want)")
    }

    @Test(arguments: BackendKind.allCases, modes)
    func translucentSourceAndBackdropMatchTheW3CFormula(_ backend: BackendKind, _ mode: BlendMode) throws {
        let got = try Self.draw(backend, mode, cb: Self.backdrop, ab: 0.6, cs: Self.source, as: 0.5)
        let want = Self.expected(mode, cb: Self.backdrop, ab: 0.6, cs: Self.source, as: 0.5)
        #expect(got.near(want, 2), "\(mode): \(got) vs \(want)")
    }

    /// Not the vector backend: a CGContext here has no plus-darker (cairo lacks the operator,
    /// so CoreGraphics draws it as normal; a PDF has no such blend mode either).
    @Test(arguments: BackendKind.allCases.filter { $0 != .vector }) func plusDarkerIsAppleFormulaOnOpaqueColours(_ backend: BackendKind) throws {
        // max(0, 1 − ((1 − D) + (1 − S))): r = 0.8 + 0.25 − 1 = 0.05, g = 0, b = 0.1.
        let got = try Self.draw(backend, .plusDarker, cb: Self.backdrop, ab: 1, cs: Self.source, as: 1)
        #expect(got.near(RGBA(13, 0, 26, 255), 2), "\(got)")
    }

    @Test(arguments: BackendKind.allCases) func plusDarkerLeavesTheOtherSideWhereOneIsTransparent(_ backend: BackendKind) throws {
        // Over a transparent backdrop the source shows as is, premultiplied.
        let got = try Self.draw(backend, .plusDarker, cb: Self.backdrop, ab: 0, cs: Self.source, as: 0.5)
        #expect(got.near(RGBA(32, 77, 115, 128), 2), "\(got)")
        #expect(CPUCompositor.plusDarker(0, 0xFF_CC_4C_33) == 0xFF_CC_4C_33)
    }

    @Test(arguments: BackendKind.allCases) func plusDarkerTouchesOnlyTheQuadsPixels(_ backend: BackendKind) throws {
        // A 2 × 2 quad at (3, 2), moved by (1, 1): pixels (4…5, 3…4) only.
        let grey = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        let frame = try Probe.render(backend, [.solidColor(CGRect(x: 0, y: 0, width: 8, height: 8), Probe.white),
                                      .solidColor(CGRect(x: 3, y: 2, width: 2, height: 2), grey,
                                                  state: SharedQuadState(transform: .translation(x: 1, y: 1),
                                                                         blendMode: .plusDarker))],
                                     width: 8, height: 8)
        #expect(Probe.matches(frame, 4, 3, 128, 128, 128, 255))    // 1 + 0.5 − 1
        #expect(Probe.matches(frame, 5, 4, 128, 128, 128, 255))
        #expect(Probe.matches(frame, 3, 2, 255, 255, 255, 255))
        #expect(Probe.matches(frame, 6, 5, 255, 255, 255, 255))
    }

    @Test(arguments: BackendKind.allCases) func plusLighterAddsAndClamps(_ backend: BackendKind) throws {
        let got = try Self.draw(backend, .plus, cb: Self.backdrop, ab: 1, cs: Self.source, as: 1)
        #expect(got.near(RGBA(255, 230, 255, 255), 2), "\(got)")   // 1.05→1, 0.9, 1.1→1
    }

    @Test(arguments: BackendKind.allCases) func porterDuffOperators(_ backend: BackendKind) throws {
        // Opaque backdrop, half-transparent source: sourceAtop = αs·Cs + (1 − αs)·Cb, alpha 1;
        // destinationOut keeps the backdrop times (1 − αs); destinationOver leaves the opaque
        // backdrop alone; xor = Cs·αs·(1 − αb) + Cb·αb·(1 − αs).
        let atop = try Self.draw(backend, .sourceAtop, cb: Self.backdrop, ab: 1, cs: Self.source, as: 0.5)
        #expect(atop.near(RGBA(134, 115, 140, 255), 2), "\(atop)")
        let out = try Self.draw(backend, .destinationOut, cb: Self.backdrop, ab: 1, cs: Self.source, as: 0.5)
        #expect(out.near(RGBA(102, 38, 26, 128), 2), "\(out)")
        let under = try Self.draw(backend, .destinationOver, cb: Self.backdrop, ab: 1, cs: Self.source, as: 0.5)
        #expect(under.near(RGBA(204, 77, 51, 255), 2), "\(under)")
        let xor = try Self.draw(backend, .xor, cb: Self.backdrop, ab: 1, cs: Self.source, as: 0.5)
        #expect(xor.near(RGBA(102, 38, 26, 128), 2), "\(xor)")
    }

    @Test func everyCompositingFilterNameMapsToItsMode() {
        #expect(CAFilter.blendModes["multiplyBlendMode"] == .multiply)
        #expect(CAFilter.blendModes["luminosityBlendMode"] == .luminosity)
        #expect(CAFilter.blendModes["plusL"] == .plus)
        #expect(CAFilter.blendModes["plusD"] == .plusDarker)
        #expect(CAFilter.blendModes["CIScreenBlendMode"] == .screen)
        #expect(CAFilter.blendModes["destinationOut"] == .destinationOut)
        #expect(CAFilter.blendModes["noSuchBlendMode"] == nil)
    }
}
