import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore
@testable import CAML

/// `<CAReplicatorLayer>` as CAPlayground writes it (`instanceColor="1 1 1"`, `instanceCount`,
/// `instanceDelay`, a transform list in `instanceTransform`, `preservesDepth="1"`): read into
/// the class's properties, drawn, and written back to the same values.
@Suite("CAML CAReplicatorLayer")
struct CAMLReplicatorLayerTests {
    static let caml = """
    <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
      <CALayer bounds="0 0 100 40" position="50 20">
        <sublayers>
          <CAReplicatorLayer id="rep" name="Replicator" bounds="0 0 100 40" position="50 20" zPosition="0"
            opacity="1" allowsEdgeAntialiasing="1" allowsGroupOpacity="1" contentsFormat="RGBA8"
            cornerCurve="circular" instanceColor="1 1 1" instanceCount="4" instanceDelay="0.25"
            instanceTransform="translate(25, 0, 0)" preservesDepth="1" instanceRedOffset="-0.25">
            <sublayers>
              <CALayer id="dot" name="Dot" bounds="0 0 10 10" position="5 20" backgroundColor="1 1 1"/>
            </sublayers>
          </CAReplicatorLayer>
        </sublayers>
      </CALayer>
    </caml>
    """

    @Test func readsCAPlaygroundsReplicator() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let r = try #require(scene.rootLayer.sublayers?.first as? CAReplicatorLayer)
        #expect(r.instanceCount == 4 && r.instanceDelay == 0.25 && r.preservesDepth)
        #expect(r.instanceTransform.m41 == 25 && r.instanceTransform.m42 == 0)
        #expect(r.instanceColor?.rgba.g == 1 && r.instanceRedOffset == -0.25)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
    }

    @Test func drawsFourInstances() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let host = try #require(CAOffscreenRenderer(rootLayer: scene.rootLayer, size: scene.size,
                                                   scale: 1, flipped: scene.isFlipped))
        let f = try #require(host.frame(at: 0))
        var reds: [Int] = []
        for k in 0..<4 {
            let p = f.pixel(x: 25 * k + 5, y: 20)
            #expect(p.a == 255 && p.g == 255, "instance \(k)")
            reds.append(Int(p.r))
        }
        #expect(reds.enumerated().allSatisfy { abs($0.element - Int(255 * (1 - 0.25 * Double($0.offset)))) <= 1 }, "\(reds)")
        #expect((0..<100).filter { f.pixel(x: $0, y: 20).a == 255 }.count == 40)
    }

    /// CAPlayground also writes `<CATransformLayer>` (its "transform" layers): read as one, and
    /// written back under its class name.
    @Test func readsAndWritesTransformLayers() throws {
        let text = """
        <caml xmlns="http://www.apple.com/CoreAnimation/1.0">
          <CALayer bounds="0 0 100 100"><sublayers>
            <CATransformLayer id="t" bounds="0 0 100 100" position="50 50" sublayerTransform="perspective(500)">
              <sublayers><CALayer bounds="0 0 10 10" position="50 50" backgroundColor="1 0 0"/></sublayers>
            </CATransformLayer>
          </sublayers></CALayer>
        </caml>
        """
        let scene = try CAMLScene.load(camlData: Data(text.utf8))
        #expect(scene.rootLayer.sublayers?.first is CATransformLayer)
        #expect(scene.warnings.isEmpty, "\(scene.warnings)")
        let written = try CAMLWriter().string(for: scene.rootLayer)
        let again = try CAMLScene.load(camlData: Data(written.utf8))
        #expect(again.rootLayer.sublayers?.first is CATransformLayer, "\(written)")
    }

    @Test func roundTripsThroughTheWriter() throws {
        let scene = try CAMLScene.load(camlData: Data(Self.caml.utf8))
        let r = try #require(scene.rootLayer.sublayers?.first as? CAReplicatorLayer)
        r.instanceTransform = CATransform3DRotate(r.instanceTransform, 0.5, 0, 0, 1)
        r.instanceColor = CGColor(srgbRed: 0.5, green: 1, blue: 0.25, alpha: 0.75)
        r.instanceAlphaOffset = -0.1
        let text = try CAMLWriter().string(for: scene.rootLayer)
        #expect(text.contains("<CAReplicatorLayer"), "\(text)")
        #expect(text.contains("instanceCount=\"4\""), "\(text)")
        #expect(!text.contains("instanceGreenOffset"))          // defaults are left out
        let again = try CAMLScene.load(camlData: Data(text.utf8))
        let b = try #require(again.rootLayer.sublayers?.first as? CAReplicatorLayer)
        #expect(b.instanceCount == 4 && b.instanceDelay == 0.25 && b.preservesDepth)
        #expect(b.instanceRedOffset == -0.25 && b.instanceAlphaOffset == -0.1)
        #expect(CAMLFormat.bits(b.instanceTransform) == CAMLFormat.bits(r.instanceTransform))
        let c = try #require(b.instanceColor?.rgba)
        #expect(c.r == 0.5 && c.g == 1 && c.b == 0.25 && c.a == 0.75)
        #expect(again.warnings.isEmpty, "\(again.warnings)")
    }
}
