import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// `fontSize` and `foregroundColor` animations redraw the text at frame time: each frame shows
/// the presentation value (https://developer.apple.com/documentation/quartzcore/catextlayer/fontsize).
@Suite("CATextLayer animation")
struct TextLayerAnimationTests {
    typealias P = TextProbe

    @Test func animatedFontSizeFramesMatchThePresentation() throws {
        let (root, l) = P.scene("H", w: 120, h: 100) { $0.fontSize = 20 }
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 120, height: 100)))
        _ = host.frame(at: 0)
        let a = CABasicAnimation(keyPath: "fontSize")
        a.fromValue = 20; a.toValue = 60; a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { l.add(a, forKey: "grow") }
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let size = host.host.withClock { l.presentation()!.fontSize }
            #expect(abs(Double(size) - (20 + 40 * t)) < 1e-6, "t = \(t): \(size)")
            let box = try #require(P.ink(f, threshold: 127))
            let font = P.helvetica(size)
            // Ink height is the cap height at the presented size; the baseline one ascent down.
            #expect(abs(box.height - CTFontGetCapHeight(font)) <= 1.5, "t = \(t): \(box), size \(size)")
            #expect(abs(box.maxY - CTFontGetAscent(font)) <= 1.5, "t = \(t): \(box), size \(size)")
        }
    }

    @Test func animatedForegroundColourFramesMatchThePresentation() throws {
        let (root, l) = P.scene("H", w: 120, h: 100) { $0.fontSize = 60; $0.foregroundColor = color(1, 0, 0) }
        let host = try #require(CAOffscreenRenderer(rootLayer: root, size: CGSize(width: 120, height: 100)))
        let first = try #require(host.frame(at: 0))
        let box = try #require(P.ink(first, threshold: 127))
        let stem = (Int(box.minX) + 3, Int(box.midY))
        let a = CABasicAnimation(keyPath: "foregroundColor")
        a.fromValue = color(1, 0, 0); a.toValue = color(0, 0, 1); a.duration = 1
        a.fillMode = .forwards; a.isRemovedOnCompletion = false
        host.host.withClock { l.add(a, forKey: "tint") }
        for t in [0.0, 0.5, 1.0] {
            let f = try #require(host.frame(at: t))
            let c = try #require(host.host.withClock { l.presentation()!.foregroundColor }).rgba
            #expect(abs(Double(c.r) - (1 - t)) < 1e-6 && abs(Double(c.b) - t) < 1e-6, "t = \(t)")
            let p = f.rgba(stem.0, stem.1)
            #expect(p.near(RGBA(Int((255 * (1 - t)).rounded()), 0, Int((255 * t).rounded()), 255), 2), "t = \(t): \(p)")
        }
    }
}
