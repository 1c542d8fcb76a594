import Testing
import CoreGraphics
import Foundation
import QuartzCore
@testable import CAML

/// `<CAEmitterLayer>` and `<CAEmitterCell>` read from CAML, and the example fountain rendered.
@Suite("Emitter CAML")
struct EmitterCAMLTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/scenes/emitter.caml")

    @Test func readsEmitterAttributesAndCells() throws {
        let s = try scene(caml("""
        <CAEmitterLayer bounds="0 0 100 100" emitterPosition="10 20" emitterSize="30 40" emitterShape="rectangle"
                        emitterMode="surface" renderMode="additive" birthRate="2" seed="9" preservesDepth="1">
          <emitterCells>
            <CAEmitterCell name="a" birthRate="5" lifetime="1.5" velocity="30" emissionRange="3.14"
                           contentsRect="0 0 0.5 0.5" color="1 0 0" enabled="0">
              <color value="0 1 0" opacity="0.5"/>
              <emitterCells><CAEmitterCell name="b" spin="2"/></emitterCells>
            </CAEmitterCell>
          </emitterCells>
        </CAEmitterLayer>
        """))
        let e = try #require(s.rootLayer as? CAEmitterLayer)
        #expect(e.emitterPosition == CGPoint(x: 10, y: 20) && e.emitterSize == CGSize(width: 30, height: 40))
        #expect(e.emitterShape == .rectangle && e.emitterMode == .surface && e.renderMode == .additive)
        #expect(e.birthRate == 2 && e.seed == 9 && e.preservesDepth)
        let cell = try #require(e.emitterCells?.first)
        #expect(cell.name == "a" && cell.birthRate == 5 && cell.lifetime == 1.5 && cell.velocity == 30)
        #expect(!cell.isEnabled && cell.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5))
        #expect(cell.color?.components == [0, 1, 0, 0.5])    // the element comes after the attribute
        #expect(cell.emitterCells?.first?.name == "b" && cell.emitterCells?.first?.spin == 2)
    }

    @Test func unknownCellAttributesWarn() throws {
        let s = try scene(caml("""
        <CAEmitterLayer><emitterCells><CAEmitterCell bogus="1" velocity="x"/><CALayer/></emitterCells></CAEmitterLayer>
        """))
        #expect(s.warnings.count >= 3)
        #expect((s.rootLayer as? CAEmitterLayer)?.emitterCells?.count == 1)
    }

    @Test func exampleFountainReadsAndRenders() throws {
        let s = try CAMLScene.load(contentsOf: Self.example)
        #expect(s.warnings.isEmpty)
        let e = try #require(s.rootLayer.sublayers?.first as? CAEmitterLayer)
        #expect(e.renderMode == .additive && e.emitterShape == .line && e.seed == 7)
        #expect(s.describe().contains("emitter line/outline at (160 20)"))
        #expect(s.describe().contains("✻ cell \"drop\" 60/s lifetime 2.4s velocity 190"))
        let cell = try #require(e.emitterCells?.first)
        #expect(cell.birthRate == 60 && cell.contents is CGImage && cell.yAcceleration == -150)
        let r = try #require(CAOffscreenRenderer(rootLayer: s.rootLayer, size: s.size, scale: 1, flipped: s.isFlipped))
        let f = try #require(r.frame(at: 1.5))
        // Background (0.05, 0.06, 0.12) → (13, 15, 31); particles brighten the column above the
        // emitter (x = 160), and leave the top-left corner alone.
        let corner = f.pixel(x: 5, y: 5)
        #expect(abs(Int(corner.r) - 13) <= 1 && abs(Int(corner.b) - 31) <= 1, "\(corner)")
        var bright = 0
        for y in 0..<240 { for x in 120..<200 where f.pixel(x: x, y: y).b > 100 { bright += 1 } }
        #expect(bright > 200)
    }

    @Test func emitterRoundTripsThroughTheWriter() throws {
        let e = CAEmitterLayer()
        e.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        e.emitterPosition = CGPoint(x: 5, y: 6); e.emitterShape = .circle; e.renderMode = .oldestLast; e.seed = 3
        let cell = CAEmitterCell()
        cell.name = "c"; cell.birthRate = 4; cell.velocityRange = 2.5; cell.isEnabled = false
        cell.color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        let sub = CAEmitterCell()
        sub.spin = 1.5
        cell.emitterCells = [sub]
        e.emitterCells = [cell]
        let (text, root) = try writeAndRead(e)
        #expect(text.contains("<emitterCells>"))
        let back = try #require(root as? CAEmitterLayer)
        #expect(back.emitterPosition == CGPoint(x: 5, y: 6) && back.emitterShape == .circle)
        #expect(back.renderMode == .oldestLast && back.seed == 3 && back.birthRate == 1)
        let c = try #require(back.emitterCells?.first)
        #expect(c.name == "c" && c.birthRate == 4 && c.velocityRange == 2.5 && !c.isEnabled)
        #expect(writerRGBA(c.color) == [1, 0.5, 0, 1])
        #expect(c.emitterCells?.first?.spin == 1.5 && c.emitterCells?.first?.birthRate == 0)
    }

    @Test func exampleRoundTripsWithItsImage() throws {
        let s = try CAMLScene.load(contentsOf: Self.example)
        let (_, root) = try writeAndRead(s.rootLayer)
        let e = try #require(root.sublayers?.first as? CAEmitterLayer)
        let cell = try #require(e.emitterCells?.first)
        #expect(cell.contents is CGImage && cell.birthRate == 60 && cell.alphaSpeed == -0.35)
        #expect(e.renderMode == .additive && e.emitterSize == CGSize(width: 24, height: 0))
    }
}
