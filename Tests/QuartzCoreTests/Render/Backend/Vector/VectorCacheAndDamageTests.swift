import Testing
import CoreGraphics
@testable import QuartzCore

/// Path rasterisations are reused across frames, and unchanged vector quads are no damage.
@Suite("Vector materials: cache and damage")
struct VectorCacheAndDamageTests {
    typealias P = MaterialProbe
    let circle = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)

    @Test func aStillOrWholePixelMovedPathReusesItsRasterisation() throws {
        let c = CPUCompositor()
        let m = PathMaterial(path: circle, fill: .init(color: P.black), stroke: P.stroke(width: 3, dash: [4, 2]))
        let a = try P.draw([P.path(m)], compositor: c)
        let b = try P.draw([P.path(m)], compositor: c)
        #expect(a.words == b.words)
        #expect(c.vectorCache.count == 1)
        let moved = try P.draw([P.path(m, transform: .translation(x: 30, y: 20))], compositor: c)
        #expect(c.vectorCache.count == 1)
        #expect(moved.pixel(x: 60, y: 50) == a.pixel(x: 30, y: 30))
        _ = try P.draw([P.path(m, transform: .scale(x: 2, y: 2))], compositor: c)   // a new scale: a new raster
        #expect(c.vectorCache.count == 2)
    }

    @Test func theCacheStaysWithinItsBudget() throws {
        let cache = VectorRasterCache(budgetBytes: 100 * 100 * 4)
        for i in 0..<5 {
            let t = try #require(TextureResource(zeroedWidth: 60, height: 60))
            let key = VectorRasterCache.Key(path: ObjectIdentifier(circle), style: PathMaterial(path: circle).style,
                                            rect: .zero, a: Double(i), b: 0, c: 0, d: 1, fx: 0, fy: 0)
            cache.insert(key, .init(owner: circle, texture: t, originX: 0, originY: 0, lastUse: 0))
            #expect(cache.byteCount <= cache.budgetBytes)
        }
        #expect(cache.count == 2)
    }

    @Test func entriesNotDrawnFor120FramesAreDropped() throws {
        let c = CPUCompositor()
        let m = PathMaterial(path: circle, fill: .init(color: P.black))
        _ = try P.draw([P.path(m)], compositor: c)
        for _ in 0..<120 { _ = try P.draw([], compositor: c) }
        #expect(c.vectorCache.count == 1)
        _ = try P.draw([], compositor: c)
        #expect(c.vectorCache.count == 0 && c.vectorCache.byteCount == 0)
    }

    @Test func damageComparesPathsByIdentityAndStyle() throws {
        let m = PathMaterial(path: circle, fill: .init(color: P.black))
        func frame(_ m: PathMaterial) throws -> [RenderPass] {
            [RenderPass(id: RenderPassID(0), width: 100, height: 100, quads: [try P.path(m)])]
        }
        let bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(Damage.region(old: try frame(m), new: try frame(m), bounds: bounds).isNull)
        let copy = PathMaterial(path: circle.copy(using: nil)!.mutableCopy()!.copy()!, fill: m.fill)
        #expect(!Damage.region(old: try frame(m), new: try frame(copy), bounds: bounds).isNull)
        var red = m
        red.fill?.color = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(!Damage.region(old: try frame(m), new: try frame(red), bounds: bounds).isNull)
    }

    @Test func aStillShadowPathIsNoDamage() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.anchorPoint = .zero
        let card = CALayer()
        card.frame = CGRect(x: 30, y: 30, width: 50, height: 50)
        card.backgroundColor = CGColor(srgbRed: 1, green: 1, blue: 1, alpha: 1)
        card.shadowOpacity = 0.6; card.shadowRadius = 6
        card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
        root.addSublayer(card)
        let r = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 120, height: 120)))
        let first = try #require(r.frame(at: 0))
        let second = try #require(r.frame(at: 0.1))
        #expect(r.lastDamage.isNull, "damage \(r.lastDamage)")
        #expect(first.words == second.words)
        #expect(first.pixel(x: 55, y: 84).a > 0)   // the shadow below the card
    }
}
