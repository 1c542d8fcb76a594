import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// The instance colour multiplies everything an instance draws, attributed text's own run
/// colours included (https://developer.apple.com/documentation/quartzcore/careplicatorlayer/instancecolor),
/// on the host (CPU) and in `render(in:)`'s vector path alike.
@Suite("CAReplicatorLayer instance tint")
struct ReplicatorTintTests {
    /// Two instances 60 pt apart (instance 1: green × 0) of a text layer whose string has a
    /// white run then a yellow run, over black.
    func scene() -> CALayer {
        let root = makeRoot(120, 40)
        root.backgroundColor = color(0, 0, 0)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        r.instanceCount = 2
        r.instanceTransform = CATransform3DMakeTranslation(60, 0, 0)
        r.instanceGreenOffset = -1
        let font = CTFontCreateWithName("Helvetica", 30, nil)
        let s = NSMutableAttributedString(string: "H", attributes: [.font: font, .foregroundColor: color(1, 1, 1)])
        s.append(NSAttributedString(string: "H", attributes: [.font: font, .foregroundColor: color(1, 1, 0)]))
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        text.string = s
        r.addSublayer(text)
        root.addSublayer(r)
        return root
    }

    /// Strong ink pixels (red above 200) of columns `xs`, as (r, g, b) from ARGB words.
    static func ink(_ words: [UInt32], _ xs: Range<Int>) -> [(r: Int, g: Int, b: Int)] {
        xs.flatMap { x in (0..<40).map { y -> (r: Int, g: Int, b: Int) in
            let w = words[y * 120 + x]
            return (Int(w >> 16 & 0xFF), Int(w >> 8 & 0xFF), Int(w & 0xFF))
        } }.filter { $0.r > 200 }
    }

    @Test func attributedRunColoursAreMultipliedByTheInstanceColour() {
        let (_, host, vector) = RenderPaths.frames(scene(), 120, 40)
        for (name, words) in [("host", host), ("vector", vector)] {
            let first = Self.ink(words, 0..<60), second = Self.ink(words, 60..<120)
            #expect(first.count > 50 && second.count > 50, "\(name): \(first.count) \(second.count) ink pixels")
            // Instance 0 keeps the runs' colours: white and yellow, both with green.
            #expect(first.allSatisfy { $0.g > 200 }, "\(name)")
            #expect(first.contains { $0.b > 200 } && first.contains { $0.b < 30 }, "\(name): white and yellow runs")
            // Instance 1 (green × 0): white → magenta, yellow → red; no green anywhere.
            #expect(second.allSatisfy { $0.g < 5 }, "\(name): \(second.map(\.g).max() ?? 0)")
            #expect(second.contains { $0.b > 200 } && second.contains { $0.b < 30 }, "\(name): magenta and red runs")
        }
    }

    /// A replicator inside another's instances: its instance list is computed once per frame for
    /// each local time, so with an outer `instanceDelay` each outer copy still sees its own time
    /// of the inner `instanceColor` animation (red → blue over 2 s; at 1 s: copy 0 purple, copy
    /// 1 a second behind, red), and without one every copy shares the list.
    @Test(arguments: [1.0, 0.0])
    func nestedInstancesFollowTheirOwnTime(delay: Double) throws {
        let root = makeRoot(40, 40)
        let outer = CAReplicatorLayer()
        outer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        outer.instanceCount = 2
        outer.instanceTransform = CATransform3DMakeTranslation(0, 20, 0)
        outer.instanceDelay = delay
        let inner = CAReplicatorLayer()
        inner.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        inner.instanceCount = 2
        inner.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        inner.instanceGreenOffset = -1                 // copy 1 of the inner: green × 0 as well
        inner.addSublayer(box(CGRect(x: 0, y: 0, width: 20, height: 20), color(1, 1, 1)))
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let f = try ReplicatorRenderTests.frame(root, 40, 40, at: 1) {
            let a = CABasicAnimation(keyPath: "instanceColor")
            a.fromValue = color(1, 0, 0); a.toValue = color(0, 0, 1); a.duration = 2
            inner.add(a, forKey: "tint")
        }
        let purple = RGBA(128, 0, 128, 255), red = RGBA(255, 0, 0, 255)
        for x in [10, 30] {
            #expect(f.rgba(x, 10).near(purple, 2), "copy 0, x \(x): \(f.rgba(x, 10))")
            let later = f.rgba(x, 30)
            #expect(later.near(delay > 0 ? red : purple, 2), "copy 1, x \(x): \(later)")
        }
    }

    /// Apple's `hitTest(_:)` returns "the farthest descendant of the receiver in the layer
    /// hierarchy" (https://developer.apple.com/documentation/quartzcore/calayer/hittest(_:)):
    /// instances are drawings, not layers in the hierarchy, so a point over a copy finds the
    /// replicator (inside its bounds) or nothing, never the sublayer.
    @Test func hitTestingFindsTheSublayerNotItsCopies() {
        let root = makeRoot(100, 20)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        r.instanceCount = 4
        r.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        let square = box(CGRect(x: 0, y: 0, width: 10, height: 10), color(1, 1, 1))
        r.addSublayer(square)
        root.addSublayer(r)
        #expect(root.hitTest(CGPoint(x: 5, y: 5)) === square)       // instance 0: the layer itself
        #expect(root.hitTest(CGPoint(x: 25, y: 5)) === r)           // instance 1: the replicator
        #expect(root.hitTest(CGPoint(x: 45, y: 5)) === r)           // instance 2
        #expect(root.hitTest(CGPoint(x: 65, y: 5)) === root)        // instance 3, outside the replicator
    }
}
