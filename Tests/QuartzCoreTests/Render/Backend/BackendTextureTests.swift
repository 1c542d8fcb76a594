import Testing
import CoreGraphics
import QuartzCore

/// Texture quads: filters, rounded clips, mip levels and conversion from and to `CGImage`.
@Suite("Backend conformance: textures")
struct BackendTextureTests {
    /// Black texel then white texel, drawn 2× wider.
    private func scaledPair(_ backend: BackendKind, _ filter: TextureFilter) throws -> PixelBuffer {
        let texture = try Probe.texture(width: 2, height: 1) { x, _ in x == 0 ? (0, 0, 0) : (255, 255, 255) }
        return try Probe.render(backend, [.texture(CGRect(x: 0, y: 0, width: 4, height: 2), texture, filter: filter)],
                                width: 4, height: 2)
    }

    @Test(arguments: BackendKind.allCases) func nearestKeepsAHardEdgeWhenMagnified(_ backend: BackendKind) throws {
        let frame = try scaledPair(backend, .nearest)
        for (x, v) in [(0, 0), (1, 0), (2, 255), (3, 255)] {
            #expect(Probe.matches(frame, x, 1, v, v, v, 255, tolerance: 0), "x = \(x)")
        }
    }

    @Test(arguments: BackendKind.allCases) func linearBlendsNeighboursAndClampsAtTheEdges(_ backend: BackendKind) throws {
        // Pixel centre 1.5 samples texel coordinate 0.75: ¼ of the way from black to white.
        let frame = try scaledPair(backend, .linear)
        for (x, v) in [(0, 0), (1, 64), (2, 191), (3, 255)] {
            #expect(Probe.matches(frame, x, 1, v, v, v, 255), "x = \(x)")
        }
    }

    @Test(arguments: BackendKind.allCases) func sourceRectSelectsTexels(_ backend: BackendKind) throws {
        let texture = try Probe.texture(width: 4, height: 4) { x, y in (UInt8(x * 60), UInt8(y * 60), 0) }
        let frame = try Probe.render(backend, [.texture(CGRect(x: 1, y: 1, width: 2, height: 2), texture,
                                               sourceRect: CGRect(x: 2, y: 1, width: 2, height: 2), filter: .nearest)],
                                     width: 4, height: 4)
        #expect(Probe.matches(frame, 1, 1, 120, 60, 0, 255, tolerance: 0))
        #expect(Probe.matches(frame, 2, 2, 180, 120, 0, 255, tolerance: 0))
        #expect(Probe.matches(frame, 0, 0, 0, 0, 0, 0, tolerance: 0))
    }

    @Test(arguments: BackendKind.allCases) func roundedClipCutsTheCornersOfATexture(_ backend: BackendKind) throws {
        let texture = try Probe.texture(width: 40, height: 40) { _, _ in (0, 255, 0) }
        let rect = CGRect(x: 10, y: 10, width: 40, height: 40), r = 15.0
        let state = SharedQuadState(roundedClip: RoundedRect(rect: rect, radii: CornerRadii(uniform: r)))
        let frame = try Probe.render(backend, [.texture(rect, texture, state: state)], width: 60, height: 60)
        #expect(Probe.matches(frame, 10, 10, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 49, 49, 0, 0, 0, 0, tolerance: 0))
        #expect(Probe.matches(frame, 30, 10, 0, 255, 0, 255))
        #expect(Probe.matches(frame, 30, 30, 0, 255, 0, 255, tolerance: 0))
        let expected = 40 * 40 - (4 - Double.pi) * r * r
        #expect(abs(Probe.coveredArea(frame) - expected) / expected < 0.01)
    }

    /// A 256 × 256 checkerboard of 3-pixel black and white squares drawn into `size` pixels.
    private func minifiedChecker(_ backend: BackendKind, _ filter: TextureFilter, size: Int) throws -> [Int] {
        let texture = try Probe.texture(width: 256, height: 256) { x, y in
            (x / 3 + y / 3) % 2 == 0 ? (255, 255, 255) : (0, 0, 0)
        }
        let s = CGFloat(size)
        let frame = try Probe.render(backend, [.texture(CGRect(x: 0, y: 0, width: s, height: s), texture, filter: filter)],
                                     width: size, height: size)
        return (0..<size * size).map { Int(frame.pixel(x: $0 % size, y: $0 / size).g) }
    }

    @Test(arguments: BackendKind.allCases) func trilinearMinificationOfACheckerboardIsHalfGray(_ backend: BackendKind) throws {
        let linear = try minifiedChecker(backend, .linear, size: 16)
        let trilinear = try minifiedChecker(backend, .trilinear, size: 16)
        // Linear samples 4 texels per 256 and aliases; mip level 4 averages 16 × 16 texels.
        #expect(linear.map { abs($0 - 128) }.max()! > 60)
        #expect(trilinear.map { abs($0 - 128) }.max()! <= 8)
    }

    @Test(arguments: BackendKind.allCases) func trilinearBetweenLevelsStaysNearHalfGray(_ backend: BackendKind) throws {
        // 256 → 24 is lod 3.4: levels 3 and 4 blended.
        let trilinear = try minifiedChecker(backend, .trilinear, size: 24)
        #expect(trilinear.map { abs($0 - 128) }.max()! <= 20)
        let mean = Double(trilinear.reduce(0, +)) / Double(trilinear.count)
        #expect(abs(mean - 127.5) < 4)
    }

    @Test func textureFromCGImageKeepsItsPixels() throws {
        let context = try #require(CGContext(data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        context.fill(CGRect(x: 0, y: 1, width: 2, height: 1))     // y up: the top row
        let image = try #require(context.makeImage())
        let texture = try #require(TextureResource(image: image, generation: 3))
        #expect(texture.width == 4 && texture.height == 2 && texture.generation == 3)
        let word = texture.word(x: 0, y: 0)
        #expect(word >> 24 == 128 || word >> 24 == 127)
        #expect(word & 0xFFFF == 0 && (word >> 16 & 0xFF) == word >> 24)
        #expect(texture.word(x: 0, y: 1) == 0)
        #expect(texture.word(x: 3, y: 0) == 0)
    }

    @Test func pixelBufferBecomesACGImageWithTheSameBytes() throws {
        var buffer = try #require(PixelBuffer(width: 3, height: 2))
        buffer.fill(PremultipliedColor(straightRed: 0, green: 0, blue: 1, alpha: 0.5))
        let image = try #require(buffer.makeCGImage())
        #expect(image.alphaInfo == .premultipliedFirst && image.byteOrderInfo == .order32Little)
        let texture = try #require(TextureResource(image: image))
        #expect(texture.word(x: 2, y: 1) == buffer.words[5])
        #expect(buffer.pixel(x: 2, y: 1) == (0, 0, 128, 128))
    }

    @Test func badSizesAreRefused() {
        #expect(PixelBuffer(width: 0, height: 4) == nil)
        #expect(PixelBuffer(width: 40_000, height: 4) == nil)
        let bytes: [UInt8] = Array(repeating: 255, count: 16)
        bytes.withUnsafeBytes { raw in
            #expect(TextureResource(bytes: raw, width: 2, height: 2, bytesPerRow: 8) != nil)
            #expect(TextureResource(bytes: raw, width: 3, height: 2, bytesPerRow: 12) == nil)
            #expect(TextureResource(bytes: raw, width: 2, height: 2, bytesPerRow: 4) == nil)
            #expect(TextureResource(bytes: raw, width: -1, height: 2, bytesPerRow: 8) == nil)
        }
    }
}
