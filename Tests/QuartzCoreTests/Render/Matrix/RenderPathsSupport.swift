import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore
import QuartzCoreGL

/// One layer tree drawn through the three ways a frame reaches pixels: `render(in:)` into a
/// bitmap context, the offscreen host's frame, and the vector backend (`render(in:)`'s vector
/// drawing, into a bitmap context). All go through one `FrameProducer`; the first two share
/// the CPU backend, the third draws the same passes as CGContext calls.
enum RenderPaths {
    /// The frames of `root` (a `makeRoot(w, h)` layer, so the host places it where
    /// `render(in:)` draws it) as pixel words (premultiplied ARGB32, row 0 at the top).
    static func frames(_ root: CALayer, _ w: Int, _ h: Int) -> (renderInContext: [UInt32], host: [UInt32], vector: [UInt32]) {
        let f = allFrames(root, w, h)
        return (f.renderInContext, f.host, f.vector)
    }

    /// `frames`, and the host's frame drawn again by the GPU backend (nil where EGL cannot start).
    static func allFrames(_ root: CALayer, _ w: Int, _ h: Int)
        -> (renderInContext: [UInt32], host: [UInt32], vector: [UInt32], gpu: [UInt32]?) {
        CATransaction.flush()
        let bitmap = context(w, h), vector = context(w, h)
        root.render(in: bitmap)
        root.renderModelAsVectors(in: vector)
        let host = CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h), flipped: false)!
        let frame = host.frame(at: 0)!
        // The same host's frame drawn again by the GPU backend, in full (where EGL starts).
        var gpu: [UInt32]?
        if let backend = BackendKind.GPU.shared {
            host.isDamageTrackingEnabled = false
            host.backend = backend
            gpu = host.frame(at: 0)?.words
        }
        let out = (words(bitmap), frame.words, words(vector), gpu)
        if let dir = ProcessInfo.processInfo.environment["RENDER_TEST_OUTPUT"] {
            for (name, ctx) in [("ric", bitmap), ("vector", vector)] {
                try? ctx.makeImage()?.write(pngTo: URL(fileURLWithPath: dir).appendingPathComponent("matrix-\(root.layerID)-\(name).png"))
            }
            dump(frame, "matrix-\(root.layerID)-host")
        }
        return out
    }

    /// A bitmap context in the CPU backend's layout (so its words compare directly).
    static func context(_ w: Int, _ h: Int) -> CGContext {
        CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    static func words(_ ctx: CGContext) -> [UInt32] {
        let p = ctx.data!.assumingMemoryBound(to: UInt32.self)
        return Array(UnsafeBufferPointer(start: p, count: ctx.width * ctx.height))
    }

    /// Pixels of `a` and `b` differing by more than 2/255 in a channel, outside the 1-pixel
    /// antialiasing band of `a`'s edges (a pixel is in the band when a channel varies by more
    /// than 24 across its 3 × 3 neighbourhood: an edge, not a blur's slope).
    static func mismatches(_ a: [UInt32], _ b: [UInt32], _ w: Int, _ h: Int) -> [(x: Int, y: Int, a: UInt32, b: UInt32)] {
        func channel(_ p: UInt32, _ c: Int) -> Int { Int(p >> UInt32(8 * c) & 0xFF) }
        var out: [(Int, Int, UInt32, UInt32)] = []
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                guard (0..<4).contains(where: { abs(channel(a[i], $0) - channel(b[i], $0)) > 2 }) else { continue }
                var edge = false
                for c in 0..<4 where !edge {
                    var lo = 255, hi = 0
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let xx = min(max(x + dx, 0), w - 1), yy = min(max(y + dy, 0), h - 1)
                            let v = channel(a[yy * w + xx], c)
                            lo = min(lo, v); hi = max(hi, v)
                        }
                    }
                    edge = hi - lo > 24
                }
                if !edge { out.append((x, y, a[i], b[i])) }
            }
        }
        return out
    }

    /// Peak signal-to-noise ratio of `b` against `a` over all channels, in dB (infinite when equal).
    static func psnr(_ a: [UInt32], _ b: [UInt32]) -> Double {
        var sum = 0.0
        for (p, q) in zip(a, b) {
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let d = Double(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))
                sum += d * d
            }
        }
        let mse = sum / Double(max(a.count * 4, 1))
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Expects the frames of `root` to agree (see `mismatches`). The GPU backend's frame (where
    /// EGL starts) is held to the same rule, or, when `gpuPSNR` names a case where filtering
    /// legitimately differs (a Gaussian against three box blurs, per-pixel perspective
    /// sampling), to a PSNR of at least that many dB against the host's CPU frame.
    static func expectAgreement(_ root: CALayer, _ w: Int, _ h: Int, _ label: String, gpuPSNR: Double? = nil,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let f = allFrames(root, w, h)
        let hostVsRIC = mismatches(f.host, f.renderInContext, w, h)
        let hostVsVector = mismatches(f.host, f.vector, w, h)
        #expect(hostVsRIC.isEmpty, "\(label): render(in:) differs from the host at \(hostVsRIC.count) pixels, first \(hostVsRIC.first.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
        #expect(hostVsVector.isEmpty, "\(label): the vector backend differs from the host at \(hostVsVector.count) pixels, first \(hostVsVector.first.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
        if let gpu = f.gpu {
            let hostVsGPU = mismatches(f.host, gpu, w, h)
            if let floor = gpuPSNR {
                let db = psnr(f.host, gpu)
                #expect(db >= floor, "\(label): the GPU frame is \(db) dB from the CPU's, under \(floor)",
                        sourceLocation: sourceLocation)
            } else {
                #expect(hostVsGPU.isEmpty, "\(label): the GPU backend differs from the CPU at \(hostVsGPU.count) pixels, first \(hostVsGPU.first.map { "\($0)" } ?? "")",
                        sourceLocation: sourceLocation)
            }
        }
        // Something was drawn (a test of empty frames would prove nothing).
        #expect(f.host.contains { $0 >> 24 != 0 }, "\(label): empty frame", sourceLocation: sourceLocation)
    }
}
