import Testing
import CoreGraphics
import Foundation
@testable import QuartzCore
@testable import QuartzCoreGL

/// `useBackend(_:)` on the offscreen host and on `CARenderer`: `.cpu` keeps the CPU compositor,
/// `.automatic` never takes a software GL rasteriser, `.gpu` draws the same frame as the CPU
/// (within the conformance tolerance) wherever EGL starts.
@Suite("Backend choice")
struct BackendChoiceTests {
    static func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 8, y: 8, width: 32, height: 24)
        box.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        root.addSublayer(box)
        return root
    }

    @Test func cpuKeepsTheCPUCompositor() throws {
        let r = try #require(CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 64, height: 48)))
        let said = try r.useBackend(.cpu)
        #expect(r.backend is CPUCompositor)
        #expect(said == "the CPU (as asked)")
    }

    @Test func automaticNeverTakesASoftwareRasteriser() throws {
        let r = try #require(CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 64, height: 48)))
        let said = try r.useBackend(.automatic)
        if let gpu = BackendKind.GPU.shared, !gpu.isSoftwareRenderer {
            #expect(r.backend is FallbackBackend, "a hardware GPU is taken: \(said)")
        } else {
            #expect(r.backend is CPUCompositor, "no GPU, or only llvmpipe: \(said)")
            #expect(said.hasPrefix("the CPU: "))
        }
    }

    @Test(.enabled(if: BackendKind.GPU.shared != nil, "needs EGL (Mesa's llvmpipe is enough)"))
    func gpuDrawsTheCPUFrame() throws {
        let cpu = try #require(CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 64, height: 48)))
        let gpu = try #require(CAOffscreenRenderer(rootLayer: Self.scene(), size: CGSize(width: 64, height: 48)))
        let said = try gpu.useBackend(.gpu)
        #expect(said.hasPrefix("the GPU (EGL "), "\(said)")
        let a = try #require(cpu.frame(at: 0)), b = try #require(gpu.frame(at: 0))
        // Axis-aligned solid layers on whole pixels: within the suite's 2/255 everywhere.
        #expect(Self.maximumDifference(a.words, b.words) <= 2)
        let p = b.pixel(x: 20, y: 20)
        #expect(abs(Int(p.r) - 230) <= 1 && abs(Int(p.g) - 128) <= 1 && abs(Int(p.b) - 26) <= 1 && p.a == 255)
    }

    /// The largest channel difference between two frames of the same size (255 when they differ in size).
    static func maximumDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
        guard a.count == b.count else { return 255 }
        var m = 0
        for (x, y) in zip(a, b) where x != y {
            for shift: UInt32 in [0, 8, 16, 24] { m = max(m, abs(Int((x >> shift) & 0xFF) - Int((y >> shift) & 0xFF))) }
        }
        return m
    }

    @Test(.enabled(if: BackendKind.GPU.shared != nil, "needs EGL (Mesa's llvmpipe is enough)"))
    func carendererDrawsTheSameOnTheGPU() throws {
        func draw(_ choice: CACompositingBackend) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 64 * 48 * 4)
            try bytes.withUnsafeMutableBytes { raw in
                let ctx = try #require(CGContext(data: raw.baseAddress, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 256,
                                                 space: CGColorSpaceCreateDeviceRGB(),
                                                 bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
                let r = CARenderer(cgContext: ctx)
                try r.useBackend(choice)
                r.layer = Self.scene()
                CATransaction.flush()   // CARenderer draws committed state
                r.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
                r.beginFrame(atTime: 0, timeStamp: nil)
                r.render()
                r.endFrame()
            }
            return bytes
        }
        let cpu = try draw(.cpu), gpu = try draw(.gpu)
        let words = { (b: [UInt8]) in b.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) } }
        #expect(Self.maximumDifference(words(cpu), words(gpu)) <= 2)
        #expect(cpu.contains { $0 != 0 }, "the frame was drawn")
    }
}
