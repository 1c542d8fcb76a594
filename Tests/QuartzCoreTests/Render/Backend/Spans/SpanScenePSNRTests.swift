import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// Whole frames of the benchmark's render scenes (cabench `sprites` and `transformed`, at a
/// quarter of their size) drawn by the span path against its previous output
/// (`drawPrevious`): the bar is PSNR ≥ 45 dB per frame.
@Suite("Span rasteriser scene frames against the previous output")
struct SpanScenePSNRTests {
    /// cabench's sprite images: style 0 a soft disc in a translucent square, else an opaque
    /// checker with a translucent corner.
    func image(side: Int, disc: Bool) throws -> TextureResource {
        var words: [UInt32] = []
        for y in 0..<side { for x in 0..<side {
            let a: UInt32, r: UInt32, g: UInt32, b: UInt32
            if disc {
                let dx = Double(x) + 0.5 - Double(side) / 2, dy = Double(y) + 0.5 - Double(side) / 2
                let d = (dx * dx + dy * dy).squareRoot() / (Double(side) / 2)
                a = d < 0.8 ? 255 : d < 1 ? UInt32(255 - (d - 0.8) / 0.2 * 191) : 64
                r = UInt32(x * 255 / (side - 1)); g = UInt32(y * 255 / (side - 1)); b = 160
            } else {
                a = x + y < side / 2 ? 128 : 255
                r = (x / 16 + y / 16) % 2 == 0 ? 240 : 30; g = UInt32(x % 256); b = UInt32(y % 256)
            }
            func pm(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            words.append(a << 24 | pm(r) << 16 | pm(g) << 8 | pm(b))
        } }
        return try #require(words.withUnsafeBytes { TextureResource(bytes: $0, width: side, height: side, bytesPerRow: side * 4) })
    }

    /// PSNR in dB of two frames over all four channels (infinity when equal).
    static func psnr(_ a: TextureResource, _ b: TextureResource) -> Double {
        var sum = 0.0
        for y in 0..<a.height { for x in 0..<a.width {
            let p = a.word(x: x, y: y), q = b.word(x: x, y: y)
            for shift: UInt32 in [0, 8, 16, 24] {
                let d = Double(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                sum += d * d
            }
        } }
        let mse = sum / Double(a.width * a.height * 4)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// One frame of `count` rotated (and scaled) layers over an opaque background, by both loops.
    func frame(count: Int, side: Int, disc: Bool, scale: ClosedRange<Double>, opacity: ClosedRange<Double>,
               seed: UInt64) throws -> Double {
        let (w, h) = (480, 270)
        let texture = try image(side: side, disc: disc)
        let fast = try #require(TextureResource(zeroedWidth: w, height: h))
        let previous = try #require(TextureResource(zeroedWidth: w, height: h))
        for t in [fast, previous] {
            for i in 0..<(w * h) { t.base.storeBytes(of: 0xFF20_2428, toByteOffset: i * 4, as: UInt32.self) }
        }
        var rng = SplitMix(seed: seed)
        for _ in 0..<count {
            let s = rng.double(scale)
            let m = CGAffineTransform(translationX: rng.double(-30...Double(w) + 30), y: rng.double(-30...Double(h) + 30))
                .rotated(by: rng.double(-.pi ... .pi)).scaledBy(x: s, y: s)
                .translatedBy(x: -Double(side) / 2, y: -Double(side) / 2)
            let q = ResolvedQuad(rect: CGRect(x: 0, y: 0, width: side, height: side),
                                 material: .texture(texture, sourceRect: CGRect(x: 0, y: 0, width: side, height: side),
                                                    filter: .linear, edge: .clamp),
                                 transform: ProjectiveTransform(m), opacity: rng.double(opacity), clip: nil)
            let span = try #require(SpanQuad(q, drawable: PixelRect(x: 0, y: 0, width: w, height: h)))
            span.draw(into: RasterTarget(fast))
            span.drawPrevious(into: RasterTarget(previous))
        }
        return Self.psnr(fast, previous)
    }

    @Test func spritesAndTransformedFramesStayAbove45dB() throws {
        var worst = Double.infinity
        for seed in 1...3 as ClosedRange<UInt64> {
            let sprites = try frame(count: 250, side: 64, disc: true, scale: 1...1, opacity: 0.3...1, seed: seed)
            let transformed = try frame(count: 25, side: 256, disc: false, scale: 0.3...0.7, opacity: 1...1, seed: seed)
            print("span scene PSNR vs previous output, frame \(seed): sprites \(sprites) dB, transformed \(transformed) dB")
            worst = min(worst, sprites, transformed)
        }
        #expect(worst >= 45)
    }
}
