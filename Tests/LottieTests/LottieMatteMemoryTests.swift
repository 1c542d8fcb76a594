import Foundation
import Testing
import CoreGraphics
@testable import Lottie
@testable import QuartzCore

/// Many track mattes side by side (each an offscreen content pass and mask pass, as in a 125 KB
/// file of 400 full-frame pairs that took ~4 GB): the compositor holds at most its
/// `passMemoryBudget` of pass buffers, and the frame is the one drawn holding them all.
@Suite("Lottie track mattes: bounded pass memory")
struct LottieMatteMemoryTests {
    /// `pairs` matte pairs: a translucent full-frame matte source (`td`) over a layer it mattes
    /// (`tt` 1, alpha), each pair's colour and place its own.
    static func animation(pairs: Int) -> Data {
        var layers: [String] = []
        for i in 0..<pairs {
            let colour = String(format: "#%02x%02x%02x", (i * 37) % 256, (i * 91) % 256, 255 - (i * 53) % 256)
            layers.append(layer(ind: 2 * i + 1, "#000000", size: 100, at: (0, 0), opacity: 60, extra: #","td":1"#))
            layers.append(layer(ind: 2 * i + 2, colour, size: 60, at: (i % 40, (i * 7) % 40), opacity: 100, extra: #","tt":1"#))
        }
        return lottieJSON(layers.joined(separator: ","))
    }

    /// A solid layer `size` points square, its top-left corner at `at`.
    static func layer(ind: Int, _ colour: String, size: Int, at: (Int, Int), opacity: Int, extra: String) -> String {
        #"{"ty":1,"ind":\#(ind),"sc":"\#(colour)","sw":\#(size),"sh":\#(size),"ip":0,"op":100,"st":0,"#
            + #""ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[\#(at.0),\#(at.1)]},"s":{"a":0,"k":[100,100]},"#
            + #""r":{"a":0,"k":0},"o":{"a":0,"k":\#(opacity)}}\#(extra)}"#
    }

    func render(_ lottie: LottieLayer, budget: Int) throws -> (words: [UInt32], peak: Int) {
        let renderer = try #require(lottie.renderer(viewSize: CGSize(width: 100, height: 100), scale: 1))
        let compositor = try #require(renderer.backend as? CPUCompositor)
        compositor.passMemoryBudget = budget
        let image = try #require(renderer.image(at: 0))
        let bytes = try #require(image.dataProvider?.data)
        let words = stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[bytes.startIndex + i + $1]) }
        }
        return (words, compositor.lastFramePeakPassBytes)
    }

    @Test func manyMattesStayUnderTheBudget() throws {
        let lottie = try load(Self.animation(pairs: 120))
        lottie.frame = 5
        let buffer = 100 * 100 * 4
        let (all, allPeak) = try render(lottie, budget: .max)
        // Holding every pass: at least one buffer per matted layer.
        #expect(allPeak >= 120 * buffer, "\(allPeak / buffer) buffers")
        let (bounded, peak) = try render(lottie, budget: 8 * buffer)
        #expect(peak <= 8 * buffer, "\(peak / buffer) buffers")
        #expect(bounded == all)
        #expect(Set(all).count > 10)   // the mattes drew something, in many colours
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/lottie/samples").standardized

    /// Real files with track mattes (../shared/lottie): with no budget left (every batch as
    /// small as it can be) the frame is byte for byte the one drawn holding every pass.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: samples.path)),
          arguments: ["Issues/issue_1855.json", "Issues/issue_1882.json", "TypeFace/A.json", "Issues/issue_2066.json"])
    func realMattesDrawTheSameInBatches(_ name: String) throws {
        let lottie = LottieLayer(animation: try LottieAnimation(contentsOf: Self.samples.appendingPathComponent(name)))
        lottie.progress = 0.5
        let size = lottie.viewSize(maximumSide: 200)
        func draw(_ budget: Int) throws -> (Data, Int) {
            let renderer = try #require(lottie.renderer(viewSize: size, scale: 1))
            let compositor = try #require(renderer.backend as? CPUCompositor)
            compositor.passMemoryBudget = budget
            return (try #require(renderer.image(at: 0)?.dataProvider?.data), compositor.lastFramePeakPassBytes)
        }
        let (all, allPeak) = try draw(.max), (batched, peak) = try draw(0)
        #expect(allPeak > 0, "\(name) has offscreen passes")
        #expect(peak <= allPeak)
        #expect(batched == all)
    }
}
