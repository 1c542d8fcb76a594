import Testing
import Foundation
import CoreGraphics
import CQuartzCairo
@testable import QuartzCore

/// Rounded rectangles, rounded border rings and rounded clips on solid fills through the span
/// loops (`SpanFill`, `SpanCorners`), against the cairo path they replace (`drawAffine`), on
/// seeded random shapes: circular and continuous corners, `maskedCorners` subsets (some radii
/// 0), radii beyond half a side, rotations and scales. Tolerance: per channel ≤ 2 on pixels
/// whose 3 × 3 neighbourhood cairo covers wholly or not at all (away from edges and curves),
/// ≤ 48 in the edge band, both except at hard-edge ties;
/// PSNR ≥ 45 dB over the shape's box for layer-sized shapes. Cairo fills a curved path with
/// its scan converter's 15 sub-rows per pixel (cairo-tor-scan-converter's GRID_Y), so a
/// horizontal side of a rounded rect is a multiple of 1/15 pixel there (up to 8/255 off a
/// pixel), where the span path takes the exact area as for square shapes: the small random
/// shapes, whose box is mostly edge pixels, stay above 40 dB.
@Suite("Span rasteriser rounded fills")
struct SpanRoundedFillTests {
    var size = 64
    static let size = 64

    func draw(_ q: ResolvedQuad, over background: UInt32, cairo: Bool) throws -> [UInt32] {
        let n = size
        let buffer = try #require(TextureResource(zeroedWidth: n, height: n))
        for i in 0..<(n * n) { buffer.base.storeBytes(of: background, toByteOffset: i * 4, as: UInt32.self) }
        if cairo {
            let surface = try #require(buffer.makeCairoSurface())
            let cr = cairo_create(surface)!
            CPUCompositor().drawAffine(q, cr: cr)
            cairo_destroy(cr); cairo_surface_flush(surface); cairo_surface_destroy(surface)
        } else {
            let fill = try #require(SpanFill(q, drawable: RasterTarget(buffer).bounds))
            fill.draw(into: RasterTarget(buffer))
        }
        return (0..<(n * n)).map { buffer.word(x: $0 % n, y: $0 / n) }
    }

    /// Cairo's coverage of each pixel (0…255): the quad in opaque white over transparent.
    func cairoCoverage(_ q: ResolvedQuad) throws -> [Int] {
        var white = q
        white.opacity = 1
        let w = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        switch q.material {
        case .solidColor: white.material = .solidColor(w)
        case .roundedRect(let r, _): white.material = .roundedRect(r, w)
        case .border(let width, let r, _): white.material = .border(width: width, r, w)
        default: break
        }
        return try draw(white, over: 0, cairo: true).map { Int($0 >> 24) }
    }

    struct Comparison { var away = 0, edge = 0, psnr = Double.infinity }

    /// Largest channel difference away from edges and in the edge band, and the PSNR over the
    /// pixels the quad may touch (its box, a pixel out).
    func compare(_ q: ResolvedQuad, _ ours: [UInt32], _ theirs: [UInt32]) throws -> Comparison {
        let n = size, cov = try cairoCoverage(q)
        // Pixels whose centre is within 1/64 pixel of a hard edge: cairo's aliased rasteriser
        // snaps edges to its fixed-point grid, so it may decide either way there.
        var ties = Set<Int>()
        if !q.aliasedEdges.isEmpty, let o = SpanOutline(q.rect, q.transform.affine!, aliased: q.aliasedEdges,
                                                        area: PixelRect(x: 0, y: 0, width: n, height: n)) {
            for i in 0..<(n * n) {
                let cx = Double(i % n) + 0.5, cy = Double(i / n) + 0.5
                for k in 0..<4 where o.hard[k] == 1 && abs(o.nx[k] * cx + o.ny[k] * cy + o.c[k]) < 1.0 / 64 { ties.insert(i) }
            }
        }
        var c = Comparison(), sum = 0.0, count = 0
        let box = q.rect.applying(q.transform.affine!).insetBy(dx: -1, dy: -1)
        for i in 0..<(n * n) {
            let x = i % n, y = i / n
            var uniform = true
            for dy in -1...1 { for dx in -1...1 {
                let nx = min(max(x + dx, 0), n - 1), ny = min(max(y + dy, 0), n - 1)
                if cov[ny * n + nx] != cov[i] || (cov[i] != 0 && cov[i] != 255) { uniform = false }
            } }
            let d = SpanRasterizerTests.channelDifference(ours[i], theirs[i])
            if ties.contains(i) {
            } else if uniform { c.away = max(c.away, d) } else { c.edge = max(c.edge, d) }
            guard box.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
            count += 4
            for shift: UInt32 in [0, 8, 16, 24] {
                let e = Double(Int((ours[i] >> shift) & 0xFF) - Int((theirs[i] >> shift) & 0xFF))
                sum += e * e
            }
        }
        if sum > 0 { c.psnr = 10 * log10(255 * 255 / (sum / Double(max(count, 1)))) }
        return c
    }

    func randomRadii(_ rng: inout SplitMix, side: Double, continuous: Bool) -> CornerRadii {
        func radius() -> Double { rng.int(0...4) == 0 ? 0 : rng.double(0...side * 0.7) }
        if rng.int(0...1) == 0 {
            var r = CornerRadii(uniform: radius()); r.isContinuous = continuous; return r
        }
        return CornerRadii(minXMinY: radius(), maxXMinY: radius(), maxXMaxY: radius(), minXMaxY: radius(),
                           continuous: continuous)
    }

    func randomQuad(_ rng: inout SplitMix, trial: Int) -> ResolvedQuad {
        let a = rng.int(0...2) == 0 ? rng.double(0.2...1) : 1
        let color = PremultipliedColor(red: rng.double(0...a), green: rng.double(0...a), blue: rng.double(0...a), alpha: a)
        let rect = CGRect(x: rng.double(-4...4), y: rng.double(-4...4), width: rng.double(6...40), height: rng.double(6...40))
        let side = Double(min(rect.width, rect.height))
        let continuous = rng.int(0...2) == 0
        let material: ResolvedQuad.Material = switch trial % 3 {
        case 0: .roundedRect(randomRadii(&rng, side: side, continuous: continuous), color)
        case 1: .border(width: rng.double(0.5...8), randomRadii(&rng, side: side, continuous: continuous), color)
        default: .solidColor(color)
        }
        var m = CGAffineTransform(rotationAngle: rng.int(0...2) == 0 ? 0 : rng.double(-.pi ... .pi))
            .scaledBy(x: rng.double(0.6...1.6), y: rng.double(0.6...1.6))
        if rng.int(0...3) == 0 { m = .identity }
        m.tx = rng.double(16...48); m.ty = rng.double(16...48)
        var q = ResolvedQuad(rect: rect.offsetBy(dx: -rect.midX, dy: -rect.midY), material: material,
                             transform: ProjectiveTransform(m), opacity: rng.int(0...1) == 0 ? 1 : rng.double(0.2...1),
                             clip: nil)
        // A rounded clip: always on plain fills, on a third of the others (a parent's).
        if trial % 3 == 2 || rng.int(0...2) == 0 {
            let c = rng.int(0...1) == 0 ? q.rect
                : q.rect.insetBy(dx: CGFloat(rng.double(-3...4)), dy: CGFloat(rng.double(-3...4))).standardized
            q.roundedClip = RoundedRect(rect: c, radii: randomRadii(&rng, side: Double(min(c.width, c.height)),
                                                                    continuous: rng.int(0...2) == 0))
        }
        if case .solidColor = material, rng.int(0...2) == 0 { q.aliasedEdges = .all }
        return q
    }

    @Test func randomRoundedShapesMatchCairo() throws {
        var rng = SplitMix(seed: 0x0017_B0B0)
        var worst = Comparison(), drawn = 0
        for trial in 0..<240 {
            let q = randomQuad(&rng, trial: trial)
            guard SpanFill(q, drawable: PixelRect(x: 0, y: 0, width: Self.size, height: Self.size)) != nil else { continue }
            drawn += 1
            let background: UInt32 = rng.int(0...1) == 0 ? 0xFF20_4060 : 0
            let ours = try draw(q, over: background, cairo: false), theirs = try draw(q, over: background, cairo: true)
            let c = try compare(q, ours, theirs)
            worst.away = max(worst.away, c.away); worst.edge = max(worst.edge, c.edge); worst.psnr = min(worst.psnr, c.psnr)
            if c.away > 2 || c.edge > 48 { print("trial \(trial): \(c) \(q.rect) \(q.material) clip \(String(describing: q.roundedClip)) \(q.transform.affine!) aliased \(q.aliasedEdges)") }
        }
        print("rounded fills vs cairo: away from edges \(worst.away)/255, edge band \(worst.edge)/255, worst PSNR \(worst.psnr) dB")
        #expect(drawn > 200)
        #expect(worst.away <= 2)
        #expect(worst.edge <= 48)
        #expect(worst.psnr >= 40)
    }

    /// Rounded rects, rounded rings and rounded clips with a separable blend mode take the blend
    /// loop (`SpanBlend+Fill`) with the same coverage as OVER (`SpanFill+Coverage`), corners
    /// included: against cairo's operator on the same shapes.
    @Test func blendedRoundedShapesMatchCairo() throws {
        var fills = SpanRoundedFillTests()
        fills.size = 96
        var worst = Comparison()
        let color = PremultipliedColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8)
        for (i, mode) in [BlendMode.multiply, .screen, .overlay, .difference].enumerated() {
            let m = CGAffineTransform(translationX: 48, y: 48).rotated(by: [0, 0.4, 1.2, 2.9][i])
            let rect = CGRect(x: -30.25, y: -25.5, width: 60.5, height: 51)
            let radii = CornerRadii(minXMinY: 12, maxXMinY: 6, maxXMaxY: 12, minXMaxY: 0, continuous: i % 2 == 1)
            var quads = [ResolvedQuad(rect: rect, material: .roundedRect(radii, color), transform: ProjectiveTransform(m),
                                      opacity: 0.9, clip: nil),
                         ResolvedQuad(rect: rect, material: .border(width: 5, radii, color), transform: ProjectiveTransform(m),
                                      opacity: 1, clip: nil),
                         ResolvedQuad(rect: rect.insetBy(dx: 6, dy: -6), material: .solidColor(color),
                                      transform: ProjectiveTransform(m), opacity: 0.7, clip: nil)]
            quads[2].roundedClip = RoundedRect(rect: rect, radii: radii)
            for var q in quads {
                q.blendMode = mode
                let c = try fills.compare(q, try fills.draw(q, over: 0xFF30_8050, cairo: false),
                                          try fills.draw(q, over: 0xFF30_8050, cairo: true))
                worst.away = max(worst.away, c.away); worst.edge = max(worst.edge, c.edge); worst.psnr = min(worst.psnr, c.psnr)
            }
        }
        print("blended rounded shapes vs cairo: away from edges \(worst.away)/255, edge band \(worst.edge)/255, "
              + "worst PSNR \(worst.psnr) dB")
        #expect(worst.away <= 2)
        #expect(worst.edge <= 24)
        #expect(worst.psnr >= 45)
    }

    /// Layer-sized shapes like the Spinning_Squares wallpaper's (150–250 px squares at
    /// opacity 0.25, rotated), and borders and clips of that size.
    @Test func layerSizedRoundedShapesStayAbove45dB() throws {
        var fills = SpanRoundedFillTests()
        fills.size = 280
        var worst = Comparison()
        for (i, angle) in [0, 0.3, 1.1, 2.5].enumerated() {
            // Radii within `SpanCorners.compactSide` (larger ones are cairo's).
            let side = [250.0, 200, 150, 180][i], r = [34.0, 24, 20, 16][i]
            let m = CGAffineTransform(translationX: 140, y: 140).rotated(by: angle)
            let color = PremultipliedColor(red: 1, green: 0.251, blue: 0, alpha: 1)
            let radii = CornerRadii(minXMinY: r, maxXMinY: r, maxXMaxY: r, minXMaxY: r, continuous: i == 3)
            let rect = CGRect(x: -side / 2, y: -side / 2, width: side, height: side)
            var quads = [ResolvedQuad(rect: rect, material: .roundedRect(radii, color), transform: ProjectiveTransform(m),
                                      opacity: 0.25, clip: nil),
                         ResolvedQuad(rect: rect, material: .border(width: 6, radii, color), transform: ProjectiveTransform(m),
                                      opacity: 1, clip: nil),
                         ResolvedQuad(rect: rect.insetBy(dx: 10, dy: -10), material: .solidColor(color),
                                      transform: ProjectiveTransform(m), opacity: 0.8, clip: nil)]
            quads[2].roundedClip = RoundedRect(rect: rect, radii: radii)
            for q in quads {
                let c = try fills.compare(q, try fills.draw(q, over: 0xFF10_2030, cairo: false),
                                          try fills.draw(q, over: 0xFF10_2030, cairo: true))
                worst.away = max(worst.away, c.away); worst.edge = max(worst.edge, c.edge); worst.psnr = min(worst.psnr, c.psnr)
            }
        }
        print("layer-sized rounded shapes vs cairo: away from edges \(worst.away)/255, edge band \(worst.edge)/255, "
              + "worst PSNR \(worst.psnr) dB")
        #expect(worst.away <= 2)
        #expect(worst.psnr >= 45)
    }
}

/// Pixel values at given points of layer-like shapes drawn 1:1 by the span path.
@Suite("Span rasteriser rounded fills at given points")
struct SpanRoundedFillPointTests {
    let fills = SpanRoundedFillTests()
    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let black: UInt32 = 0xFF00_0000

    func quad(_ material: ResolvedQuad.Material, _ m: CGAffineTransform = .identity) -> ResolvedQuad {
        ResolvedQuad(rect: CGRect(x: 4, y: 4, width: 40, height: 40), material: material,
                     transform: ProjectiveTransform(m), opacity: 1, clip: nil)
    }

    func at(_ p: [UInt32], _ x: Int, _ y: Int) -> UInt32 { p[y * SpanRoundedFillTests.size + x] }

    @Test func aRoundedRectLeavesItsCornerAndFillsItsMiddle() throws {
        let out = try fills.draw(quad(.roundedRect(CornerRadii(uniform: 10), Self.red)), over: Self.black, cairo: false)
        #expect(at(out, 4, 4) == Self.black)           // the corner pixel, outside the arc
        #expect(at(out, 24, 24) == 0xFFFF_0000)        // the middle
        #expect(at(out, 4, 24) == 0xFFFF_0000)         // a straight side's first pixel
        #expect(at(out, 43, 43) == Self.black)
        // The arc's 45° point from the centre (14, 14): 10 / √2 ≈ 7.07 out, at 6.93, in pixel (6, 6);
        // pixel (5, 5) lies wholly outside the arc (its nearest point 11.3 from the centre),
        // (8, 8) wholly inside (its farthest 8.5).
        let partial = Int((at(out, 6, 6) >> 16) & 0xFF)
        #expect(partial > 0 && partial < 128)
        #expect(at(out, 5, 5) == Self.black && at(out, 8, 8) == 0xFFFF_0000)
    }

    @Test func maskedCornersRoundOnlyTheirCorners() throws {
        let radii = CornerRadii(minXMinY: 10, maxXMinY: 0, maxXMaxY: 10, minXMaxY: 0)
        let out = try fills.draw(quad(.roundedRect(radii, Self.red)), over: Self.black, cairo: false)
        #expect(at(out, 4, 4) == Self.black)
        #expect(at(out, 43, 43) == Self.black)
        #expect(at(out, 43, 4) == 0xFFFF_0000)
        #expect(at(out, 4, 43) == 0xFFFF_0000)
    }

    @Test func aRoundedBorderIsTheRingBetweenItsArcs() throws {
        // Width 4, radius 10: the inner corner's radius is 6, concentric with the outer one.
        let out = try fills.draw(quad(.border(width: 4, CornerRadii(uniform: 10), Self.red)), over: Self.black, cairo: false)
        #expect(at(out, 4, 4) == Self.black)
        #expect(at(out, 24, 5) == 0xFFFF_0000)         // the top side of the ring
        #expect(at(out, 24, 24) == Self.black)         // the hole
        #expect(at(out, 8, 8) == 0xFFFF_0000)          // on the ring at the corner (7.1…8.5 from (14, 14))
        #expect(at(out, 11, 11) == Self.black)         // inside the inner arc (3.5…4.9)
    }

    @Test func aRadiusBeyondHalfTheSideIsFittedAsCairoIs() throws {
        // 40 × 16 with radius 50: fitted to 8, a capsule.
        var q = quad(.roundedRect(CornerRadii(uniform: 50), Self.red))
        q.rect = CGRect(x: 4, y: 20, width: 40, height: 16)
        let ours = try fills.draw(q, over: Self.black, cairo: false)
        var capsule = q
        capsule.material = .roundedRect(CornerRadii(uniform: 8), Self.red)
        #expect(ours == (try fills.draw(capsule, over: Self.black, cairo: false)))
        let c = try fills.compare(q, ours, try fills.draw(q, over: Self.black, cairo: true))
        #expect(c.away <= 2 && c.psnr >= 45)
        #expect(at(ours, 4, 20) == Self.black && at(ours, 24, 28) == 0xFFFF_0000)
    }

    @Test func aRotatedRoundedRectMatchesCairo() throws {
        let m = CGAffineTransform(translationX: 32, y: 32).rotated(by: 0.5).translatedBy(x: -24, y: -24)
        for material: ResolvedQuad.Material in [.roundedRect(CornerRadii(uniform: 9), Self.red),
                                                .border(width: 3, CornerRadii(uniform: 9), Self.red)] {
            let q = quad(material, m)
            let c = try fills.compare(q, try fills.draw(q, over: Self.black, cairo: false),
                                      try fills.draw(q, over: Self.black, cairo: true))
            #expect(c.away <= 2 && c.psnr >= 45)
        }
    }

    /// NaN and negative radii are square corners; 1e30 is fitted like any radius, and an
    /// infinite one as the limit of large ones (`CornerRadii.fitted`). No crash, and the same
    /// pixels as cairo.
    @Test func badRadiiDrawLikeCairo() throws {
        let square = try fills.draw(quad(.solidColor(Self.red)), over: Self.black, cairo: false)
        for r in [Double.nan, -5, 1e30, .infinity, -.infinity] {
            for material: ResolvedQuad.Material in [.roundedRect(CornerRadii(uniform: r), Self.red),
                                                    .border(width: 3, CornerRadii(uniform: r), Self.red)] {
                let q = quad(material)
                let ours = try fills.draw(q, over: Self.black, cairo: false)
                let c = try fills.compare(q, ours, try fills.draw(q, over: Self.black, cairo: true))
                #expect(c.away <= 2 && c.psnr >= 45, "radius \(r)")
                if r.isNaN || r < 0, case .roundedRect = material { #expect(ours == square) }
            }
        }
        // Radius 1e30 on a 40 × 40 square: a disc of radius 20.
        let disc = try fills.draw(quad(.roundedRect(CornerRadii(uniform: 1e30), Self.red)), over: Self.black, cairo: false)
        #expect(at(disc, 24, 24) == 0xFFFF_0000 && at(disc, 7, 7) == Self.black && at(disc, 24, 5) == 0xFFFF_0000)
        #expect(disc == (try fills.draw(quad(.roundedRect(CornerRadii(uniform: .infinity), Self.red)),
                                        over: Self.black, cairo: false)))
    }
}

/// Texture quads under continuous-corner rounded clips (`cornerCurve = .continuous` with
/// `masksToBounds`) through the span path, against the cairo path.
@Suite("Span rasteriser continuous-corner clips")
struct SpanContinuousClipTests {
    let base = SpanRasterizerTests()

    @Test func randomContinuousClipsMatchCairo() throws {
        var rng = SplitMix(seed: 0x0017_C0C0)
        var worst = SpanRasterizerTests.Difference(), drawn = 0
        for _ in 0..<150 {
            var q = SpanRoundedClipTests().withRoundedClip(try base.randomQuad(&rng), &rng)
            q.roundedClip?.radii.isContinuous = true
            guard SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: 40, height: 40)) != nil else { continue }
            drawn += 1
            let background = base.randomBackground(&rng)
            // Cairo's coverage of the shape tells the interior from the edge band.
            var white = q
            (white.material, white.opacity) = (.solidColor(PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)), 1)
            let cov = try base.drawWithCairo(white, over: [UInt32](repeating: 0, count: background.count))
                .map { Double($0 >> 24) / 255 }
            let d = base.compare(try base.draw(q, over: background), try base.drawWithCairo(q, over: background),
                                 cov, ties: base.nearestTies(SpanReference(q)))
            worst.interior = max(worst.interior, d.interior); worst.edge = max(worst.edge, d.edge)
        }
        print("continuous clips: span vs cairo: interior \(worst.interior)/255, edge band \(worst.edge)/255")
        #expect(drawn > 100)
        #expect(worst.interior <= 2)
        #expect(worst.edge <= 48)
    }
}
