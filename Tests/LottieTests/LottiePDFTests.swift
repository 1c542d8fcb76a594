import CQuartzZlib
import Foundation
import Testing
@testable import Lottie
import QuartzCore

/// A Lottie frame drawn into a PDF context through `LottieLayer.renderer` (what `carender render
/// x.json -o out.pdf` writes): one page of the view's size, shapes as vector paths, no image.
@Suite struct LottiePDFTests {
    /// A red 40×20 rectangle centred at (30, 30) and a blue ellipse whose x moves 20 → 80 over frames 0…10.
    let shapes = #"""
    {"ty":4,"ind":1,"ip":0,"op":100,"st":0,"ks":{},"shapes":[
      {"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[30,30]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":0}},
        {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]},
      {"ty":"gr","it":[{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[20,70]},{"t":10,"s":[80,70]}]},"s":{"a":0,"k":[20,20]}},
        {"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}
    """#

    func page(frame: Double) throws -> (dictionaries: String, content: String) {
        let lottie = try load(lottieJSON(shapes))
        let renderer = try #require(lottie.renderer(viewSize: CGSize(width: 100, height: 100), scale: 2))
        lottie.frame = frame
        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        let ctx = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        renderer.render(at: 0, in: ctx)
        ctx.endPDFPage()
        ctx.closePDF()
        let bytes = [UInt8](data as Data)
        return (String(decoding: bytes, as: UTF8.self), inflatedStreams(bytes))
    }

    /// Every Flate stream of the file inflated and joined (cairo compresses the page content).
    func inflatedStreams(_ pdf: [UInt8]) -> String {
        var out = "", i = 0
        let open = Array("stream\n".utf8), close = Array("endstream".utf8)
        func find(_ needle: [UInt8], from: Int) -> Int? {
            guard from + needle.count <= pdf.count else { return nil }
            return (from...(pdf.count - needle.count)).first { pdf[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        while let s = find(open, from: i), let e = find(close, from: s + open.count) {
            var source = Array(pdf[(s + open.count)..<e])
            var length = uLongf(1 << 20)
            var dest = [UInt8](repeating: 0, count: Int(length))
            if uncompress(&dest, &length, &source, uLong(source.count)) == Z_OK {
                out += String(decoding: dest.prefix(Int(length)), as: UTF8.self) + "\n"
            }
            i = e + close.count
        }
        return out
    }

    @Test func oneVectorPageOfTheViewSize() throws {
        let (text, content) = try page(frame: 5)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 + text.components(separatedBy: "/Type /Page ").count - 1 == 1)
        #expect(text.contains("/MediaBox [ 0 0 100 100 ]"))
        #expect(!text.contains("/Subtype /Image"), "the frame became an image")
        // The red rectangle is a filled path in red; the ellipse is curves in blue.
        #expect(content.contains("1 0 0 rg"), "\(content.prefix(400))")
        #expect(content.contains("0 0 1 rg"))
        #expect(content.contains(" c\n") || content.contains(" c "), "no Bézier curves for the ellipse")
    }

    @Test func thePageShowsTheChosenFrame() throws {
        // The ellipse's centre x is 20 at frame 0 and 80 at frame 10: its path moves by 60 points.
        let a = try page(frame: 0).content, b = try page(frame: 10).content
        #expect(a != b)
        func rightmostX(_ s: String) -> Double {
            // The largest x of the curves' end points in the blue fill's path (x is not flipped).
            let blue = (s.components(separatedBy: "0 0 1 rg").last ?? "").split(whereSeparator: { $0 == " " || $0.isNewline })
            // `x1 y1 x2 y2 x3 y3 c`: the end point's x is two tokens before the operator.
            return blue.indices.filter { blue[$0] == "c" && $0 >= 2 }.compactMap { Double(blue[$0 - 2]) }.max() ?? -1
        }
        #expect(rightmostX(a) == 30 && rightmostX(b) == 90, "\(rightmostX(a)) → \(rightmostX(b))")
    }
}
