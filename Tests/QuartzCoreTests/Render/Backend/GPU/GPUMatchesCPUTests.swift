import Testing
import CoreGraphics
import QuartzCore
import QuartzCoreGL

/// Hand-built passes drawn by the GPU and the CPU backends, held to the render matrix's rule:
/// within 2/255 per channel outside a 1-pixel antialiasing band (`RenderPaths.mismatches`).
/// These are the materials the GPU draws through the CPU's bitmaps (continuous corners, vector
/// materials) and the analytic coverage of edges at odd angles.
@Suite("GPU backend matches the CPU", .enabled(if: BackendKind.GPU.shared != nil, "EGL could not start"))
struct GPUMatchesCPUTests {
    static let side = 80
    static let full = CGRect(x: 0, y: 0, width: 80, height: 80)
    static let continuous = CornerRadii(minXMinY: 16, maxXMinY: 16, maxXMaxY: 16, minXMaxY: 16, continuous: true)

    private func expectSame(_ passes: [RenderPass], _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cpu = try Probe.render(.cpu, passes, width: Self.side, height: Self.side)
        let gpu = try Probe.render(.gpu, passes, width: Self.side, height: Self.side)
        let bad = RenderPaths.mismatches(cpu.words, gpu.words, Self.side, Self.side)
        #expect(bad.isEmpty, "\(label): \(bad.count) pixels differ, first \(bad.first.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
        #expect(Probe.coveredCount(gpu) > 100, "\(label): nothing drawn", sourceLocation: sourceLocation)
    }

    private func root(_ quads: [DrawQuad]) -> [RenderPass] {
        [RenderPass(id: RenderPassID(0), width: Self.side, height: Self.side, quads: quads)]
    }

    @Test func continuousCornersAreDrawnAsTheCPUDrawsThem() throws {
        let r = CGRect(x: 10, y: 10, width: 60, height: 50)
        try expectSame(root([.roundedRect(r, radii: Self.continuous, Probe.green)]), "rounded rect")
        try expectSame(root([.border(r, width: 4, radii: Self.continuous, Probe.blue)]), "border")
        let clip = SharedQuadState(roundedClip: RoundedRect(rect: r, radii: Self.continuous))
        try expectSame(root([.solidColor(Self.full, Probe.red, state: clip)]), "rounded clip")
    }

    @Test func aPassMaskedByAContinuousCornerShape() throws {
        let content = RenderPass(id: RenderPassID(1), width: Self.side, height: Self.side,
                                 quads: [.solidColor(Self.full, Probe.blue),
                                         .solidColor(CGRect(x: 30, y: 0, width: 20, height: 80), Probe.white)])
        let mask = RenderPass(id: RenderPassID(2), width: Self.side, height: Self.side,
                              quads: [.roundedRect(CGRect(x: 5, y: 5, width: 70, height: 60), radii: Self.continuous, Probe.green)])
        let root = RenderPass(id: RenderPassID(0), width: Self.side, height: Self.side,
                              quads: [.maskedPassOutput(Self.full, RenderPassID(1), mask: RenderPassID(2))])
        try expectSame([content, mask, root], "mask")
    }

    @Test(arguments: [0.3, 0.7854, 1.1, 2.5])
    func rotatedQuadsAndBordersHaveTheCPUsEdges(_ angle: Double) throws {
        let t = ProjectiveTransform(CGAffineTransform(translationX: -20, y: -15)
            .concatenating(CGAffineTransform(rotationAngle: angle))
            .concatenating(CGAffineTransform(translationX: 40, y: 40)))
        let state = SharedQuadState(transform: t, opacity: 0.8)
        try expectSame(root([.solidColor(CGRect(x: 0, y: 0, width: 40, height: 30), Probe.red, state: state),
                             .border(CGRect(x: 0, y: 0, width: 40, height: 30), width: 3, radii: CornerRadii(uniform: 6),
                                     Probe.blue, state: state)]), "angle \(angle)")
    }

    @Test func pathsAreRasterisedOnceAndReused() throws {
        let path = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 50, height: 40), transform: nil)
        let m = PathMaterial(path: path, fill: .init(color: Probe.green),
                             stroke: .init(color: Probe.blue, width: 3, dashPattern: [6, 3]))
        let quad = DrawQuad(rect: Self.full, material: .path(m),
                            state: SharedQuadState(transform: .translation(x: 3.25, y: 2), opacity: 0.9))
        try expectSame(root([quad]), "path")
        try expectSame(root([quad]), "path again (cached)")
    }
}

