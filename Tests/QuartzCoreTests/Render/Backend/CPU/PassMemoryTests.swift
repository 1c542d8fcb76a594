import Testing
import CoreGraphics
@testable import QuartzCore

/// Offscreen pass buffers are freed after their last reader and drawn in batches under
/// `passMemoryBudget`; the frame is byte for byte the one drawn holding every buffer.
@Suite("CPU compositor: pass memory")
struct PassMemoryTests {
    static let side = 64
    static let bufferBytes = side * side * 4   // one full-frame pass: 16 KiB

    /// `pairs` masked pass outputs over a grey root, each its own content and mask pass,
    /// translucent and overlapping so the order of drawing shows in the pixels; pass 1 is also
    /// read again by the last quad, so a pass read twice must stay until its second reader.
    static func frame(pairs: Int) -> [RenderPass] {
        let full = CGRect(x: 0, y: 0, width: side, height: side)
        var passes: [RenderPass] = []
        var quads: [DrawQuad] = [.solidColor(full, PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))]
        for i in 0..<pairs {
            let content = RenderPassID(UInt64(2 * i + 1)), mask = RenderPassID(UInt64(2 * i + 2))
            let t = Double(i) / Double(pairs)
            let colour = PremultipliedColor(red: 0.6 * t, green: 0.3, blue: 0.6 * (1 - t), alpha: 0.6)
            let band = CGRect(x: Double(i % 16) * 3, y: 0, width: 20, height: Double(side))
            passes.append(RenderPass(id: content, width: side, height: side, quads: [.solidColor(band, colour)]))
            passes.append(RenderPass(id: mask, width: side, height: side,
                                     quads: [.solidColor(CGRect(x: 0, y: Double(i % 8) * 6, width: Double(side), height: 30),
                                                         PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.8))]))
            quads.append(.maskedPassOutput(full, content, mask: mask))
        }
        quads.append(.renderPassOutput(full, RenderPassID(1), state: SharedQuadState(opacity: 0.3)))
        return passes + [RenderPass(id: RenderPassID(0), width: side, height: side, quads: quads)]
    }

    func draw(_ passes: [RenderPass], budget: Int, threads: Int) throws -> (PixelBuffer, peak: Int) {
        let c = CPUCompositor(threadCount: threads)
        c.passMemoryBudget = budget
        var target = try #require(PixelBuffer(width: Self.side, height: Self.side))
        try c.draw(passes, into: &target)
        return (target, c.lastFramePeakPassBytes)
    }

    @Test(arguments: [1, 2]) func buffersStayUnderTheBudgetAndTheFrameIsTheSame(_ threads: Int) throws {
        let passes = Self.frame(pairs: 40)
        let (whole, wholePeak) = try draw(passes, budget: .max, threads: threads)
        // Without a budget every one of the 80 buffers is held until the root is drawn.
        #expect(wholePeak == 80 * Self.bufferBytes)
        // Pass 1 stays held for the last quad, so a batch needs at least 3 buffers: it and a pair.
        for buffers in [3, 5, 12] {
            let (batched, peak) = try draw(passes, budget: buffers * Self.bufferBytes, threads: threads)
            #expect(peak <= buffers * Self.bufferBytes, "budget of \(buffers) buffers")
            #expect(batched.words == whole.words, "budget of \(buffers) buffers")
        }
        // Not a blank frame: the bands' colours vary over the opaque grey.
        #expect(Set(whole.words).count > 20 && whole.words.allSatisfy { $0 >> 24 == 255 })
    }

    @Test func nestedPassesAreHeldOnlyWhileTheirReaderIsDrawn() throws {
        // Root → 30 × (outer pass → inner pass): each outer holds its inner only while drawn.
        let r = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        var passes: [RenderPass] = [], quads: [DrawQuad] = []
        for i in 0..<30 {
            let outer = RenderPassID(UInt64(100 + i)), inner = RenderPassID(UInt64(200 + i))
            passes.append(RenderPass(id: inner, width: Self.side, height: Self.side,
                                     quads: [.solidColor(CGRect(x: i, y: i, width: 10, height: 10), Probe.green)]))
            passes.append(RenderPass(id: outer, width: Self.side, height: Self.side,
                                     quads: [.renderPassOutput(r, inner, state: SharedQuadState(opacity: 0.5))]))
            quads.append(.renderPassOutput(r, outer))
        }
        passes.append(RenderPass(id: RenderPassID(0), width: Self.side, height: Self.side, quads: quads))
        let (whole, _) = try draw(passes, budget: .max, threads: 1)
        let (batched, peak) = try draw(passes, budget: 0, threads: 1)
        #expect(peak == 2 * Self.bufferBytes)   // one outer and its inner at a time
        #expect(batched.words == whole.words)
        #expect(Probe.matches(whole, 38, 38, 0, 128, 0, 128))   // only square 29 covers it
    }

    @Test func defaultBudgetIs128MiB() {
        #expect(CPUCompositor().passMemoryBudget == 128 << 20)
    }
}
