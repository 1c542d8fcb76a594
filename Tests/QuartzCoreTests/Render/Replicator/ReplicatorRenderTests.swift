import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// CAReplicatorLayer drawn: the probes (translation, rotation about the centre, colour
/// offsets, instance delay), nesting, preserved depth, every class inside, `render(in:)`
/// and bad input (https://developer.apple.com/documentation/quartzcore/careplicatorlayer).
@Suite("CAReplicatorLayer rendering", .serialized)
struct ReplicatorRenderTests {
    /// The frame at `t` of a host showing `root`; `animate` runs on the host's clock after its
    /// first frame (animations added there begin at host time 0).
    static func frame(_ root: CALayer, _ w: Int, _ h: Int, at t: Double = 0,
                      animate: () -> Void = {}) throws -> PixelBuffer {
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: w, height: h)))
        _ = host.frame(at: 0)
        host.host.withClock(animate)
        return try #require(host.frame(at: t))
    }

    static func replicator(_ frame: CGRect, count: Int) -> CAReplicatorLayer {
        let r = CAReplicatorLayer()
        r.frame = frame
        r.instanceCount = count
        return r
    }

    /// Five 10 × 10 squares 20 pt apart: exactly five times the sublayer's pixels, gaps empty.
    @Test func fiveTranslatedInstancesCoverFiveTimesTheSublayer() throws {
        let root = makeRoot(120, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 120, height: 20), count: 5)
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.addSublayer(box(CGRect(x: 0, y: 5, width: 10, height: 10), color(1, 1, 1)))
        root.addSublayer(r)
        let f = try Self.frame(root, 120, 20)
        #expect(f.count { $0 == .white } == 5 * 100)
        #expect(f.count { $0 != .clear && $0 != .white } == 0)
        for k in 0..<5 {
            #expect(f.rgba(20 * k + 5, 10) == .white, "instance \(k)")
            #expect(f.rgba(20 * k + 15, 10) == .clear, "gap after \(k)")
        }
        #expect(f.rgba(105, 10) == .clear)
    }

    /// Rotation by π/2 about a 100 × 100 replicator's centre: (50, 10) → (90, 50) → (50, 90) → (10, 50).
    @Test func rotatedInstancesCircleTheCentre() throws {
        let root = makeRoot(100, 100)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 100, height: 100), count: 4)
        r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        r.addSublayer(box(CGRect(x: 48, y: 8, width: 4, height: 4), color(0, 0, 1)))
        root.addSublayer(r)
        let f = try Self.frame(root, 100, 100)
        for (x, y) in [(50, 10), (90, 50), (50, 90), (10, 50)] {
            #expect(f.rgba(x, y) == .blue && f.rgba(x - 1, y - 1) == .blue, "(\(x), \(y))")
        }
        #expect(f.count { $0 == .blue } == 4 * 16)
    }

    /// instanceColor white + k × redOffset −0.25: instance 2 over a white sublayer has red 0.5.
    @Test func redOffsetDimsEachInstance() throws {
        let root = makeRoot(60, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 60, height: 20), count: 3)
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.instanceRedOffset = -0.25
        r.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 1, 1)))
        root.addSublayer(r)
        let f = try Self.frame(root, 60, 20)
        #expect(f.rgba(10, 10) == .white)
        #expect(f.rgba(30, 10).near(RGBA(191, 255, 255, 255), 1))
        #expect(f.rgba(50, 10).near(RGBA(128, 255, 255, 255), 1), "\(f.rgba(50, 10))")
    }

    /// instanceColor and alpha offsets: colour channels multiply, alpha multiplies coverage.
    @Test func instanceColorAndAlphaOffsetMultiply() throws {
        let root = makeRoot(40, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 40, height: 20), count: 2)
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.instanceColor = color(0, 1, 1)
        r.instanceAlphaOffset = -0.5
        r.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 1, 0)))
        root.addSublayer(r)
        let f = try Self.frame(root, 40, 20)
        #expect(f.rgba(10, 10) == RGBA(0, 255, 0, 255))
        #expect(f.rgba(30, 10).near(RGBA(0, 128, 0, 128), 1), "\(f.rgba(30, 10))")
    }

    /// A 20 × 20 square sliding down 0 → 80 over 1 s; instance k is 30 pt to the right and
    /// 0.25 s behind: at t, its top is where instance 0's top was at t − k × 0.25 (or the model
    /// value before its animation begins), pixel for pixel.
    @Test(arguments: [0.3, 0.6, 0.85])
    func instanceDelayShiftsEachInstancesAnimation(t: Double) throws {
        func frame(at t: Double) throws -> PixelBuffer {
            let root = makeRoot(90, 100)
            let r = Self.replicator(CGRect(x: 0, y: 0, width: 90, height: 100), count: 3)
            r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
            r.instanceDelay = 0.25
            let dot = box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 0, 0))
            r.addSublayer(dot)
            root.addSublayer(r)
            return try Self.frame(root, 90, 100, at: t) {
                let slide = CABasicAnimation(keyPath: "position.y")
                slide.fromValue = 10; slide.toValue = 90; slide.duration = 1
                dot.add(slide, forKey: "slide")
            }
        }
        func top(_ f: PixelBuffer, column x: Int) -> Int? { (0..<f.height).first { f.rgba(x, $0).a > 127 } }
        let f = try frame(at: t)
        for k in 0..<3 {
            let shifted = t - Double(k) * 0.25
            let expected = shifted < 0 ? 0 : 80 * shifted      // before its begin: the model value (y 0…20)
            let y = try #require(top(f, column: 30 * k + 10))
            #expect(abs(Double(y) - expected) <= 1, "instance \(k) at t \(t): top \(y), expected \(expected)")
            guard shifted >= 0 else { continue }
            let earlier = try frame(at: shifted)
            for row in 0..<100 {
                #expect(f.rgba(30 * k + 10, row) == earlier.rgba(10, row), "instance \(k) row \(row)")
            }
        }
    }

    /// Instances of instances: a row of three (x + 20) replicated twice (y + 20, red −0.5).
    @Test func nestedReplicatorsMakeAGrid() throws {
        let root = makeRoot(60, 40)
        let outer = Self.replicator(CGRect(x: 0, y: 0, width: 60, height: 40), count: 2)
        outer.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        outer.instanceRedOffset = -0.5
        let inner = Self.replicator(CGRect(x: 0, y: 0, width: 60, height: 20), count: 3)
        inner.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        inner.instanceBlueOffset = -0.5
        inner.addSublayer(box(CGRect(x: 5, y: 5, width: 10, height: 10), color(1, 1, 1)))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let f = try Self.frame(root, 60, 40)
        #expect(f.count { $0.a == 255 } == 6 * 100)
        for row in 0..<2 {
            for col in 0..<3 {
                let red = row == 0 ? 255 : 128, blue = [255, 128, 0][col]
                let p = f.rgba(20 * col + 10, 20 * row + 10)
                #expect(p.near(RGBA(red, 255, blue, 255), 1), "(\(col), \(row)): \(p)")
            }
        }
    }

    /// Flattened (default), instance 1 is drawn over instance 0; with `preservesDepth` it is
    /// behind (z −10), as in a transform layer, and the replicator's own background is not drawn.
    @Test(arguments: [false, true])
    func preservesDepthSortsInstancesByDepth(preserve: Bool) throws {
        let root = makeRoot(60, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 60, height: 20), count: 2)
        r.backgroundColor = color(0, 0, 1)
        r.preservesDepth = preserve
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, -10)
        r.instanceColor = color(1, 0, 0)
        r.instanceGreenOffset = 1
        r.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 1, 1)))
        root.addSublayer(r)
        let f = try Self.frame(root, 60, 20)
        #expect(f.rgba(5, 10) == .red)
        #expect(f.rgba(25, 10) == RGBA(255, 255, 0, 255))
        #expect(f.rgba(15, 10) == (preserve ? .red : RGBA(255, 255, 0, 255)))
        #expect(f.rgba(45, 10) == (preserve ? .clear : .blue))
    }

    /// Shapes, gradients and images inside: each instance's colours multiplied (k = 1: green 0).
    @Test func everyClassInsideIsMultiplied() throws {
        let root = makeRoot(60, 60)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 60, height: 60), count: 2)
        r.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        r.instanceGreenOffset = -1
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        shape.fillColor = color(1, 1, 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 20, width: 20, height: 20)
        gradient.colors = [color(0, 1, 0), color(0, 1, 0)]
        let image = CALayer()
        image.frame = CGRect(x: 0, y: 40, width: 20, height: 20)
        image.contents = RenderInContextTests.solidImage(4)
        for l in [shape, gradient, image] { r.addSublayer(l) }
        root.addSublayer(r)
        let f = try Self.frame(root, 60, 60)
        #expect(f.rgba(10, 10) == .white && f.rgba(40, 10) == RGBA(255, 0, 255, 255))
        #expect(f.rgba(10, 30) == .green && f.rgba(40, 30) == RGBA(0, 0, 0, 255))
        #expect(f.rgba(10, 50) == .white && f.rgba(40, 50) == RGBA(255, 0, 255, 255))
    }

    /// A text layer inside: instance 1's ink (white text, green offset −1) is magenta, instance
    /// 0's stays white, and both instances have ink (the text material is multiplied like the rest).
    @Test func textInsideIsMultiplied() throws {
        let root = makeRoot(120, 40)
        root.backgroundColor = color(0, 0, 0)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 120, height: 40), count: 2)
        r.instanceTransform = CATransform3DMakeTranslation(60, 0, 0)
        r.instanceGreenOffset = -1
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        text.string = "HH"
        text.fontSize = 30
        r.addSublayer(text)
        root.addSublayer(r)
        let f = try Self.frame(root, 120, 40)
        func ink(_ xs: Range<Int>) -> [RGBA] {
            xs.flatMap { x in (0..<40).map { f.rgba(x, $0) } }.filter { $0.r > 200 }
        }
        let first = ink(0..<60), second = ink(60..<120)
        #expect(first.count > 50 && second.count > 50, "\(first.count) \(second.count) ink pixels")
        #expect(first.allSatisfy { $0.g > 200 && $0.b > 200 })
        #expect(second.allSatisfy { $0.g < 5 && $0.b > 200 })
    }

    /// `render(in:)` (bitmap and vector) draws the instances as the host does, flattened or
    /// in depth.
    @Test(arguments: [false, true])
    func renderInContextDrawsTheInstances(preserve: Bool) {
        let root = makeRoot(80, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 80, height: 20), count: 4)
        r.preservesDepth = preserve
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.instanceRedOffset = -0.25
        r.addSublayer(box(CGRect(x: 0, y: 0, width: 10, height: 20), color(1, 1, 1)))
        root.addSublayer(r)
        let (ric, host, vector) = RenderPaths.frames(root, 80, 20)
        #expect(ric.filter { $0 >> 24 == 0xFF }.count == 4 * 200)
        #expect(ric == host)
        #expect(vector == host)
    }

    /// `masksToBounds` clips every instance: a square clip (device rectangle) and a rounded one
    /// (the sublayers' pass) keep the three instances inside 50 pt.
    @Test(arguments: [0.0, 4.0])
    func masksToBoundsClipsTheInstances(radius: Double) throws {
        let root = makeRoot(100, 20)
        let r = Self.replicator(CGRect(x: 0, y: 0, width: 50, height: 20), count: 5)
        r.masksToBounds = true
        r.cornerRadius = CGFloat(radius)
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        r.addSublayer(box(CGRect(x: 0, y: 5, width: 10, height: 10), color(1, 1, 1)))
        root.addSublayer(r)
        let f = try Self.frame(root, 100, 20)
        #expect(f.count { $0 == .white } == 300)
        #expect(f.count { $0.a > 0 && $0 != .white } == 0)
        #expect(f.rgba(45, 10) == .white && f.rgba(65, 10) == .clear)
    }
}
