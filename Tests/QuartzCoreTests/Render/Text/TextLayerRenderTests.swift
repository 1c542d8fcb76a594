import Testing
import Foundation
import CoreGraphics
import CoreText
@testable import QuartzCore

/// CATextLayer drawn: first baseline one ascent below the top, wrapping at the bounds' width,
/// truncation with an ellipsis, the four alignments, fallback fonts for Chinese, attributed runs
/// in their colours (https://developer.apple.com/documentation/quartzcore/catextlayer).
@Suite("CATextLayer rendering")
struct TextLayerRenderTests {
    typealias P = TextProbe

    /// An "H" has a flat top at the cap height and a flat bottom on the baseline.
    @Test func theFirstBaselineIsOneAscentBelowTheTop() throws {
        let (root, _) = P.scene("H") { $0.fontSize = 40 }
        let f = try P.frame(root)
        let box = try #require(P.ink(f, threshold: 127))
        let font = P.helvetica(40)
        let ascent = CTFontGetAscent(font), cap = CTFontGetCapHeight(font)
        #expect(ascent > 30 && ascent < 40)
        #expect(abs(box.maxY - ascent) <= 1, "ink bottom \(box.maxY), ascent \(ascent)")
        #expect(abs(box.minY - (ascent - cap)) <= 1, "ink top \(box.minY), ascent − cap height \(ascent - cap)")
    }

    @Test func anUnflippedLayerStillShowsItsFirstLineAtTheTopUpright() throws {
        let (root, _) = P.scene("T") { $0.fontSize = 40 }
        let f = try P.frame(root, flipped: false)
        let box = try #require(P.ink(f, threshold: 127))
        let ascent = CTFontGetAscent(P.helvetica(40))
        #expect(abs(box.maxY - ascent) <= 1, "ink bottom \(box.maxY), ascent \(ascent)")
        // Upright: the T's bar (its widest row) is at the top of its ink.
        let widest = (Int(box.minY)..<Int(box.maxY)).max { a, b in
            (0..<f.width).filter { f.rgba($0, a).a > 127 }.count < (0..<f.width).filter { f.rgba($0, b).a > 127 }.count
        }!
        #expect(Double(widest) < Double(box.minY) + 6, "widest row \(widest), ink \(box)")
    }

    @Test func wrappedTextBreaksIntoLinesAtTheWidth() throws {
        let text = "one two three four five six seven"
        let (root, _) = P.scene(text, w: 120, h: 200) { $0.fontSize = 20; $0.isWrapped = true }
        let wrappedFrame = try P.frame(root)
        dump(wrappedFrame, "text-wrapped")
        let bands = P.inkBands(wrappedFrame)
        // CoreText's own frame at that width says how many lines there are.
        let source = NSAttributedString(string: text, attributes: [.font: P.helvetica(20)])
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(source), CFRange(),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 120, height: 200), transform: nil), nil)
        let n = CTFrameGetLines(frame).count
        #expect(n >= 3)
        #expect(bands.count == n, "\(bands)")
        // Lines are one line height apart (ascent + descent + leading of Liberation Sans 20).
        let font = P.helvetica(20)
        let pitch = CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)
        if bands.count >= 2 {
            #expect(abs(CGFloat(bands[1].upperBound - bands[0].upperBound) - pitch) <= 1.5, "\(bands), pitch \(pitch)")
        }
        // Unwrapped, the same text is one line, cut by the bounds.
        let (one, _) = P.scene(text, w: 120, h: 200) { $0.fontSize = 20 }
        #expect(P.inkBands(try P.frame(one)).count == 1)
    }

    /// The ellipsis is three dots on the baseline: near the truncated end, ink sits only in the
    /// rows just above the baseline.
    @Test(arguments: [CATextLayerTruncationMode.end, .start])
    func truncationPutsAnEllipsisAtTheCut(_ mode: CATextLayerTruncationMode) throws {
        let text = "HHHHHHHHHHHHHHHHHHHHHHHHHHHH"
        let (root, _) = P.scene(text, w: 150, h: 50) { $0.fontSize = 24; $0.truncationMode = mode }
        let f = try P.frame(root)
        dump(f, "text-truncated-\(mode.rawValue)")
        let box = try #require(P.ink(f, threshold: 64))
        let ascent = CTFontGetAscent(P.helvetica(24))
        #expect(box.minX >= 0 && box.maxX <= 150)
        let end = mode == .end ? CGRect(x: box.maxX - 6, y: 0, width: 6, height: 50) : CGRect(x: box.minX, y: 0, width: 6, height: 50)
        let dots = try #require(P.ink(f, threshold: 64, in: end))
        #expect(dots.minY > ascent - 6, "ellipsis ink \(dots), baseline \(ascent)")
        // The H's stems reach the cap height elsewhere.
        #expect(box.minY < ascent - 15)
        // Without truncation the Hs run to the edge (a stem within the last 20 columns).
        let (cut, _) = P.scene(text, w: 150, h: 50) { $0.fontSize = 24 }
        let full = try #require(P.ink(try P.frame(cut), threshold: 64, in: CGRect(x: 130, y: 0, width: 20, height: 50)))
        #expect(full.minY < ascent - 15, "\(full)")
    }

    /// Wrapped text with more than fits: the last whole line ends in an ellipsis.
    @Test func wrappedTruncationEndsTheLastLineThatFitsWithAnEllipsis() throws {
        let text = "HHHH HHHH HHHH HHHH HHHH HHHH HHHH HHHH"
        let (root, _) = P.scene(text, w: 120, h: 50) { $0.fontSize = 20; $0.isWrapped = true; $0.truncationMode = .end }
        let f = try P.frame(root)
        dump(f, "text-wrapped-truncated")
        let bands = P.inkBands(f)
        #expect(bands.count == 2, "\(bands)")
        let second = try #require(bands.last)
        let line = try #require(P.ink(f, threshold: 64, in: CGRect(x: 0, y: second.lowerBound, width: 120,
                                                                 height: second.count)))
        let font = P.helvetica(20)
        let baseline = CGFloat(second.upperBound + 1)
        let dots = try #require(P.ink(f, threshold: 64, in: CGRect(x: line.maxX - 5, y: line.minY, width: 5, height: line.height)))
        #expect(dots.minY > baseline - 5, "ellipsis \(dots), baseline \(baseline)")
        #expect(line.maxX <= 120 && line.minY < baseline - CTFontGetCapHeight(font) + 2, "\(line)")
    }

    @Test(arguments: [CATextLayerAlignmentMode.left, .natural, .right, .center, .justified])
    func eachAlignmentPlacesTheLine(_ mode: CATextLayerAlignmentMode) throws {
        let (root, _) = P.scene("Hi", w: 200, h: 60) { $0.fontSize = 30; $0.alignmentMode = mode }
        let box = try #require(P.ink(try P.frame(root), threshold: 64))
        switch mode {
        case .right: #expect(box.maxX >= 194 && box.maxX <= 200, "\(box)")
        case .center: #expect(abs(box.midX - 100) <= 3, "\(box)")
        default: #expect(box.minX <= 4, "\(box)")
        }
    }

    /// Chinese comes from a fallback font: two different characters draw different ink (missing
    /// glyphs would both be the same box).
    @Test func chineseGlyphsAreDrawnFromAFallbackFont() throws {
        func draw(_ s: String) throws -> (PixelBuffer, CGRect) {
            let (root, _) = P.scene(s, w: 60, h: 60) { $0.fontSize = 40 }
            let f = try P.frame(root)
            return (f, try #require(P.ink(f, threshold: 64)))
        }
        let (a, boxA) = try draw("中"), (b, _) = try draw("国")
        #expect(boxA.width > 25 && boxA.height > 25, "\(boxA)")
        var differing = 0
        for y in 0..<60 { for x in 0..<60 where abs(a.rgba(x, y).a - b.rgba(x, y).a) > 128 { differing += 1 } }
        #expect(differing > 100, "\(differing) pixels differ")
        // 中's vertical stroke crosses its middle row; its box sides are hollow there.
        let mid = Int(boxA.midY), cx = Int(boxA.midX)
        #expect((cx - 3...cx + 3).contains { a.rgba($0, Int(boxA.minY) + 1).a > 128 }, "stroke through the top")
        _ = mid
    }

    @Test func twoAttributedRunsDrawInTheirColours() throws {
        let s = NSMutableAttributedString(string: "HHHH", attributes: [.font: P.helvetica(30),
                                                                       .foregroundColor: color(1, 0, 0)])
        s.append(NSAttributedString(string: "HHHH", attributes: [.font: P.helvetica(30),
                                                                  .foregroundColor: color(0, 0, 1)]))
        let (root, _) = P.scene(s, w: 200, h: 50)
        let f = try P.frame(root)
        dump(f, "text-two-runs")
        let box = try #require(P.ink(f, threshold: 64))
        var red = (left: 0, right: 0), blue = (left: 0, right: 0)
        for y in 0..<50 {
            for x in 0..<200 {
                let p = f.rgba(x, y)
                guard p.a > 250 else { continue }
                let left = CGFloat(x) < box.midX
                if p.r > 240 && p.b < 15 { if left { red.left += 1 } else { red.right += 1 } }
                if p.b > 240 && p.r < 15 { if left { blue.left += 1 } else { blue.right += 1 } }
            }
        }
        #expect(red.left > 100 && blue.right > 100, "red \(red), blue \(blue)")
        #expect(red.right == 0 && blue.left == 0, "red \(red), blue \(blue)")
    }

    @Test func foregroundColourAndOpacityApplyToAPlainString() throws {
        let (root, l) = P.scene("H") { $0.fontSize = 60; $0.foregroundColor = color(0, 1, 0) }
        l.opacity = 0.5
        let f = try P.frame(root)
        let box = try #require(P.ink(f, threshold: 64))
        // The left stem's middle.
        let p = f.rgba(Int(box.minX) + 3, Int(box.midY))
        #expect(p.near(RGBA(0, 128, 0, 128), 2), "\(p)")
    }

    @Test func renderInContextAndVectorsDrawTheSameText() {
        let (root, _) = P.scene("Hello", w: 120, h: 50) { $0.fontSize = 30 }
        let (ric, host, vector) = RenderPaths.frames(root, 120, 50)
        #expect(host.filter { $0 >> 24 != 0 }.count > 300)
        #expect(RenderPaths.mismatches(host, ric, 120, 50).isEmpty)
        #expect(RenderPaths.mismatches(host, vector, 120, 50).count <= 10)
    }

    @Test func aPDFKeepsTheGlyphsAsText() throws {
        let (root, _) = P.scene("Hello PDF", w: 200, h: 50) { $0.fontSize = 24 }
        CATransaction.flush()
        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 200, height: 50)
        let ctx = try #require(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        root.render(in: ctx)
        ctx.endPDFPage()
        ctx.closePDF()
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.contains("/FontFile") || text.contains("/FontDescriptor"), "no embedded font")
        #expect(!text.contains("/Subtype /Image"), "text was rasterised")
    }
}
