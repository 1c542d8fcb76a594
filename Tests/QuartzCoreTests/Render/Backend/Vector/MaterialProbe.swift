import Testing
import CoreGraphics
@testable import QuartzCore

/// Draws hand-built quads of the vector materials through a backend (the conformance suite's
/// `BackendKind`s), or through a given CPU compositor (its rasterisation cache).
enum MaterialProbe {
    static let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    static func draw(_ backend: BackendKind, _ quads: [DrawQuad], width: Int = 100, height: Int = 100) throws -> PixelBuffer {
        var target = try #require(PixelBuffer(width: width, height: height))
        try backend.make().draw([RenderPass(id: RenderPassID(0), width: width, height: height, quads: quads)], into: &target)
        return target
    }

    static func draw(_ quads: [DrawQuad], width: Int = 100, height: Int = 100,
                     compositor: CPUCompositor) throws -> PixelBuffer {
        var target = try #require(PixelBuffer(width: width, height: height))
        try compositor.draw([RenderPass(id: RenderPassID(0), width: width, height: height, quads: quads)], into: &target)
        return target
    }

    static func path(_ material: PathMaterial, transform: ProjectiveTransform = .identity) throws -> DrawQuad {
        try #require(PathMaterial.quad(material, state: SharedQuadState(transform: transform)))
    }

    static func stroke(width: Double, cap: CGLineCap = .butt, join: CGLineJoin = .miter, miterLimit: Double = 10,
                       dash: [Double] = [], phase: Double = 0) -> PathMaterial.Stroke {
        PathMaterial.Stroke(color: black, width: width, cap: cap, join: join, miterLimit: miterLimit,
                            dashPattern: dash, dashPhase: phase)
    }

    static func line(_ a: CGPoint, _ b: CGPoint) -> CGPath {
        let p = CGMutablePath(); p.move(to: a); p.addLine(to: b); return p.copy()!
    }

    /// Whether the pixel's alpha is at least `level` (0…255).
    static func covered(_ f: PixelBuffer, _ x: Int, _ y: Int, level: Int = 128) -> Bool {
        Int(f.pixel(x: x, y: y).a) >= level
    }

    static func empty(_ f: PixelBuffer, _ x: Int, _ y: Int) -> Bool { f.pixel(x: x, y: y).a == 0 }
}
