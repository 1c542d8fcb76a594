import Testing
import Foundation
import CoreGraphics
@testable import QuartzCore

/// Frames of an animated `path` match the presentation value in pixels: a morph between two
/// triangles of the same structure (move, line, line, close) blends their points linearly
/// (https://developer.apple.com/documentation/quartzcore/cashapelayer/path), and the frame's
/// ink has the presentation polygon's area, centroid and box at t = 0, ½ and 1.
@Suite("CAShapeLayer animated frames", .serialized)
struct ShapeAnimatedFrameTests {
    typealias G = LayerGolden

    static func triangle(_ p: [CGPoint]) -> CGPath {
        let m = CGMutablePath()
        m.addLines(between: p); m.closeSubpath()
        return m.copy()!
    }

    /// The ink's area and centroid (alpha-weighted pixel centres).
    static func moments(_ f: PixelBuffer) -> (area: Double, centroid: CGPoint) {
        var a = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<f.height { for x in 0..<f.width {
            let w = Double(f.pixel(x: x, y: y).a) / 255
            a += w; sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5)
        } }
        return (a, a > 0 ? CGPoint(x: sx / a, y: sy / a) : .zero)
    }

    @Test func pathMorphFramesMatchThePresentationPath() throws {
        let from = [CGPoint(x: 10, y: 10), CGPoint(x: 90, y: 20), CGPoint(x: 30, y: 80)]
        let to = [CGPoint(x: 60, y: 40), CGPoint(x: 95, y: 90), CGPoint(x: 15, y: 95)]
        let root = makeRoot(100, 100)
        let l = CAShapeLayer()
        l.frame = root.bounds
        l.path = Self.triangle(from)
        root.addSublayer(l)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = host.frame(at: 0)
        let a = CABasicAnimation(keyPath: "path")
        a.fromValue = Self.triangle(from); a.toValue = Self.triangle(to); a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { l.add(a, forKey: "morph") }
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let path = try #require(host.host.withClock { l.presentation()?.path })
            // The presentation path is the linear blend of the two triangles' points…
            let want = zip(from, to).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
            #expect(abs(G.polygonArea(path) - G.polygonArea(Self.triangle(want))) < 1e-6, "t = \(t)")
            #expect(path.boundingBoxOfPath == Self.triangle(want).boundingBoxOfPath, "t = \(t)")
            // …and the frame draws exactly it.
            let (area, centroid) = Self.moments(f)
            let expectedArea = G.polygonArea(path)
            let c = CGPoint(x: want.map(\.x).reduce(0, +) / 3, y: want.map(\.y).reduce(0, +) / 3)
            #expect(abs(area - expectedArea) / expectedArea < 0.01, "t = \(t): area \(area), expected \(expectedArea)")
            #expect(abs(centroid.x - c.x) < 0.2 && abs(centroid.y - c.y) < 0.2, "t = \(t): centroid \(centroid), expected \(c)")
            let box = path.boundingBoxOfPath
            #expect(f.rgba(Int(box.minX) - 1, Int(c.y)).a == 0 || box.minX < 1)
            #expect(f.rgba(Int(c.x), Int(c.y)) == .black, "t = \(t): inside")
        }
    }

    /// `strokeEnd` frames: the ring's ink lies in the quadrants the presentation value has
    /// reached, by area (a quadrant a quarter ring each).
    @Test func strokeEndFramesFillTheQuadrantsReached() throws {
        let (root, l) = ShapeLayerRenderTests.ring(strokeEnd: 1)
        CATransaction.flush()
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 100, height: 100)))
        _ = host.frame(at: 0)
        let a = CABasicAnimation(keyPath: "strokeEnd")
        a.fromValue = 0; a.toValue = 1; a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { l.add(a, forKey: "draw") }
        let quarter = 2 * Double.pi * 30 * 8 / 4
        let quadrants = [CGRect(x: 50, y: 0, width: 50, height: 50), CGRect(x: 50, y: 50, width: 50, height: 50),
                         CGRect(x: 0, y: 50, width: 50, height: 50), CGRect(x: 0, y: 0, width: 50, height: 50)]
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let p = Double(host.host.withClock { l.presentation()!.strokeEnd })
            #expect(t != 0.5 || (p > 0.2 && p < 0.4), "ease-in at ½: \(p)")   // not linear: the curve applies
            for (k, q) in quadrants.enumerated() {
                let share = min(max(p * 4 - Double(k), 0), 1)   // how much of quadrant k is drawn
                let ink = G.ink(f, in: q)
                #expect(abs(ink - share * quarter) <= max(0.04 * share * quarter, 1.5), "t = \(t), quadrant \(k): \(ink) vs \(share * quarter)")
            }
        }
    }
}
