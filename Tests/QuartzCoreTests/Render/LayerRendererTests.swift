import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// A layer class added by one file: its table names a renderer whose `emitContent` draws a
/// stroked path between the layer's contents and its sublayers (the worked example of
/// docs/ARCHITECTURE.md, "Adding a layer class").
final class DiagonalTestLayer: CALayer {
    override class var propertyTable: PropertyTable { table }
    static let table = PropertyTable(extending: .layer, with: [], renderer: DiagonalRenderer())
    /// One path object for every frame, so a still layer is no damage.
    static let path: CGPath = {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0)); p.addLine(to: CGPoint(x: 40, y: 40))
        return p.copy()!
    }()
}

struct DiagonalRenderer: LayerRenderer {
    func emitContent(_ layer: LayerDrawing, state: SharedQuadState, builder: inout FrameBuilder,
                     into quads: inout QuadList) {
        let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
        let m = PathMaterial(path: DiagonalTestLayer.path, stroke: .init(color: blue, width: 6))
        if let q = PathMaterial.quad(m, state: state) { quads.append(q) }
    }
}

@Suite("Layer class renderers", .serialized)
struct LayerRendererTests {
    func scene() -> (CALayer, DiagonalTestLayer) {
        let root = makeRoot(60, 60)
        let layer = DiagonalTestLayer()
        layer.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        layer.backgroundColor = color(1, 0, 0)
        let cover = CALayer()   // a sublayer: drawn above the class's content
        cover.frame = CGRect(x: 30, y: 30, width: 10, height: 10)
        cover.backgroundColor = color(0, 1, 0)
        layer.addSublayer(cover)
        root.addSublayer(layer)
        return (root, layer)
    }

    @Test func aClassContentIsDrawnBetweenBackgroundAndSublayers() throws {
        let (root, _) = scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 60, height: 60)))
        let f = try #require(r.frame(at: 0))
        #expect(f.rgba(20, 20).near(.blue), "\(f.rgba(20, 20))")      // on the diagonal
        #expect(f.rgba(40, 20).near(.red), "\(f.rgba(40, 20))")       // background off it
        #expect(f.rgba(45, 45).near(.green), "\(f.rgba(45, 45))")     // the sublayer covers it
        #expect(f.rgba(5, 5) == .clear)
    }

    @Test func subclassesInheritTheRendererAndAStillFrameIsNoDamage() throws {
        #expect(PropertyTable.layer.renderer is PlaneLayerRenderer)
        #expect(PropertyTable.transformLayer.renderer.isPlane == false)
        #expect(DiagonalTestLayer.table.renderer is DiagonalRenderer)
        let (root, _) = scene()
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 60, height: 60)))
        _ = r.frame(at: 0)
        _ = r.frame(at: 0.5)
        #expect(r.lastDamage.isNull, "damage \(r.lastDamage)")
    }
}
