import Testing
import CoreGraphics
import Foundation
import QuartzCore
import QuartzCoreGL

/// The backends the conformance suite runs (`RenderBackend`): every test that draws passes
/// built by hand takes one of these as its argument. A new backend adds a case.
///
/// `gpu` is the OpenGL ES backend (QuartzCoreGL) on whatever EGL offers: Mesa's llvmpipe here
/// and in CI. Where EGL cannot start at all it is left out of `allCases`, with one line on
/// standard error saying why (the GPU tests then do not run; everything else does).
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cpu, vector, gpu
    func make() -> any RenderBackend {
        switch self {
        case .cpu: CPUCompositor()
        case .vector: VectorBackend()
        case .gpu: GPU.shared!
        }
    }
    var testDescription: String { rawValue }

    static var allCases: [BackendKind] { GPU.shared == nil ? [.cpu, .vector] : [.cpu, .vector, .gpu] }

    /// One compositor for the whole run (a context and its shaders are made once; calls are
    /// serialised inside it).
    enum GPU {
        static let shared: GLCompositor? = {
            // llvmpipe rasterises on one thread per core by default; tests run in parallel and
            // some time themselves, so it gets one (an explicit setting is kept).
            setenv("LP_NUM_THREADS", "1", 0)
            do { return try GLCompositor() } catch {
                FileHandle.standardError.write(Data("note: GPU backend tests skipped: \(error)\n".utf8))
                return nil
            }
        }()
    }
}

/// Shared helpers for the backends' pixel probes.
enum Probe {
    static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A transparent `width` × `height` frame with `passes` drawn into it by `backend`.
    static func render(_ backend: BackendKind, _ passes: [RenderPass], width: Int, height: Int) throws -> PixelBuffer {
        var target = try #require(PixelBuffer(width: width, height: height))
        try backend.make().draw(passes, into: &target)
        return target
    }

    /// A frame with one root pass holding `quads`.
    static func render(_ backend: BackendKind, _ quads: [DrawQuad], width: Int, height: Int) throws -> PixelBuffer {
        try render(backend, [RenderPass(id: RenderPassID(0), width: width, height: height, quads: quads)],
                   width: width, height: height)
    }

    /// Whether every component of the pixel is within `tolerance` of the expected 8-bit value.
    static func matches(_ buffer: PixelBuffer, _ x: Int, _ y: Int,
                        _ r: Int, _ g: Int, _ b: Int, _ a: Int, tolerance: Int = 2) -> Bool {
        let p = buffer.pixel(x: x, y: y)
        return abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance
            && abs(Int(p.b) - b) <= tolerance && abs(Int(p.a) - a) <= tolerance
    }

    /// The number of pixels with any coverage (alpha > 0).
    static func coveredCount(_ buffer: PixelBuffer) -> Int {
        buffer.words.filter { $0 >> 24 != 0 }.count
    }

    /// Total coverage in pixels: the sum of alpha / 255.
    static func coveredArea(_ buffer: PixelBuffer) -> Double {
        buffer.words.reduce(0) { $0 + Double($1 >> 24) / 255 }
    }

    /// An opaque texture whose pixel (x, y) is `color(x, y)` (straight 8-bit RGB).
    static func texture(width: Int, height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> TextureResource {
        var words: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                words.append(0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
            }
        }
        return try #require(words.withUnsafeBytes {
            TextureResource(bytes: $0, width: width, height: height, bytesPerRow: width * 4)
        })
    }
}

/// Failed expectations print the buffer's size, not its thousands of words.
extension PixelBuffer: CustomTestStringConvertible {
    public var testDescription: String { "PixelBuffer \(width)×\(height)" }
}
