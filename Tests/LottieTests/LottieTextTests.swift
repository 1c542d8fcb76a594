import Foundation
import CoreGraphics
import Testing
import CoreText
@testable import Lottie

/// A text layer at `position` with `documents` (JSON of `t.d.k`).
private func textLayer(_ documents: String, position: String = "[10,80]") -> String {
    """
    {"ty":5,"ind":1,"ip":0,"op":100,"st":0,
     "ks":{"a":{"a":0,"k":[0,0]},"p":{"a":0,"k":\(position)},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
     "t":{"d":{"k":\(documents)},"a":[],"m":{"g":1,"a":{"a":0,"k":[0,0]}},"p":{}}}
    """
}

/// A document of `text` in the test glyph font at 50 points, red.
private func doc(_ text: String, t: Int = 0, extra: String = "") -> String {
    #"{"t":\#(t),"s":{"s":50,"f":"Test-Regular","t":"\#(text)","j":0,"tr":0,"lh":60,"fc":[1,0,0]\#(extra)}}"#
}

/// An animation whose `chars` hold "A" (a 50 × 70 box on the baseline in a 100-point em,
/// advance 60) and a space (advance 25).
private func glyphAnimation(_ layers: String) -> Data {
    let fonts = #""fonts":{"list":[{"fName":"Test-Regular","fFamily":"Test","fStyle":"Regular","ascent":70}]}"#
    let square = polygon([(0, 0), (50, 0), (50, -70), (0, -70)])
    let a = #"{"ch":"A","size":50,"style":"Regular","fFamily":"Test","w":60,"data":{"shapes":[{"ty":"gr","it":[{"ty":"sh","ks":{"a":0,"k":\#(square)}}]}]}}"#
    let space = #"{"ch":" ","size":50,"style":"Regular","fFamily":"Test","w":25,"data":{}}"#
    let chars = "\"chars\":[\(a),\(space)]"
    return Data("""
    {"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,\(fonts),\(chars),"layers":[\(layers)]}
    """.utf8)
}

/// The glyph outline path of the first text layer's document `index`.
private func glyphPath(_ data: Data, document index: Int = 0) throws -> CGRect {
    let a = try LottieAnimation(data: data)
    guard case .text(let text?) = a.layers[0].kind else { Issue.record("no text layer"); return .null }
    let d = text.documents[index].document
    let glyphs = try #require(GlyphText(d, font: a.fonts[d.fontName], glyphs: a.glyphs))
    return glyphs.path().boundingBoxOfPath
}

@Suite struct LottieTextTests {
    @Test("glyph text: characters scaled from the 100-point em and advanced by their width")
    func glyphPathBounds() throws {
        // Size 50: each A is 25 × 35 above the baseline, advance 30; tracking 100 adds 5.
        #expect(try glyphPath(glyphAnimation(textLayer("[\(doc("AA"))]"))) == CGRect(x: 0, y: -35, width: 55, height: 35))
        let tracked = textLayer("[\(doc("AA", extra: #","tr":100"#))]")
        #expect(try glyphPath(glyphAnimation(tracked)) == CGRect(x: 0, y: -35, width: 60, height: 35))
        // Centred (j 2): the line, 60 wide, centred on x = 0.
        let centred = textLayer("[\(doc("AA", extra: #","j":2"#))]")
        #expect(try glyphPath(glyphAnimation(centred)) == CGRect(x: -30, y: -35, width: 55, height: 35))
    }

    @Test("box text wraps at the box width; the first baseline is one cap height below the box top")
    func boxText() throws {
        // Box at (5, 10), 40 wide: "A A" (advances 30 + 12.5 + 30) breaks into two lines.
        let boxed = textLayer("[\(doc("A A", extra: #","ps":[5,10],"sz":[40,200]"#))]")
        // "Test-Regular" is not installed: CoreText's stand-in (Liberation Sans) gives the cap height.
        let cap = Double(CTFontGetCapHeight(CTFontCreateWithName("Test-Regular", 50, nil)))
        #expect(cap > 30 && cap < 40)
        // Baselines at 10 + cap and 60 below it; each A rises 35 above its baseline.
        let bounds = try glyphPath(glyphAnimation(boxed))
        #expect(bounds.minX == 5 && bounds.width == 25)
        #expect(abs(bounds.minY - (10 + cap - 35)) < 1e-9 && abs(bounds.maxY - (10 + cap + 60)) < 1e-9)
    }

    @Test("glyph text renders at the layer's position in the fill colour")
    func glyphRender() throws {
        let r = Rendered(try load(glyphAnimation(textLayer("[\(doc("AA"))]"))), frame: 0)
        // First A: x 10…35, y 45…80; second: x 40…65.
        #expect(r.isRed(20, 60) && r.isRed(50, 60) && r.isRed(12, 47))
        #expect(r.isClear(37, 60) && r.isClear(20, 40) && r.isClear(20, 83) && r.isClear(70, 60))
    }

    @Test("a stroke (points) goes under the fill unless the document puts it over")
    func strokeOrder() throws {
        func render(over: Bool) throws -> Rendered {
            let d = doc("A", extra: #","sc":[0,0,1],"sw":6,"of":\#(over ? "true" : "false")"#)
            return Rendered(try load(glyphAnimation(textLayer("[\(d)]"))), frame: 0)
        }
        // The A spans x 10…35, y 45…80; the stroke is 3 points either side of its edge.
        let under = try render(over: false), over = try render(over: true)
        let inside = under.pixel(11, 60), outside = under.pixel(8, 60)
        #expect(inside[0] > 200 && inside[2] < 40, "fill over the stroke inside the edge: \(inside)")
        #expect(outside[2] > 200 && outside[0] < 40, "stroke outside the edge: \(outside)")
        let covered = over.pixel(11, 60)
        #expect(covered[2] > 200 && covered[0] < 40, "stroke over the fill: \(covered)")
    }

    @Test("keyframed text documents switch at their keyframes; by default only the first is drawn, with a warning")
    func documentKeyframes() throws {
        let data = glyphAnimation(textLayer("[\(doc("A")),\(doc("AA", t: 10))]"))
        let lottie = LottieLayer(animation: try LottieAnimation(data: data), textDocuments: .keyframed)
        let before = Rendered(lottie, frame: 9.5)
        #expect(before.isRed(20, 60) && before.isClear(50, 60))
        let after = Rendered(lottie, frame: 10)
        #expect(after.isRed(20, 60) && after.isRed(50, 60))
        let first = try load(data)
        let late = Rendered(first, frame: 15)
        #expect(late.isRed(20, 60) && late.isClear(50, 60))
        #expect(first.warnings.contains { $0.message.contains("the first text document is drawn") })
    }

    @Test("font text: a CoreText font's glyphs sit on the baseline at the layer's position, in the fill colour")
    func fontText() throws {
        // Liberation Sans (installed), 40 points: "H" has a cap height of about 0.73 em = 29 points.
        let d = #"{"t":0,"s":{"s":40,"f":"LiberationSans","t":"H","j":0,"tr":0,"fc":[0,0,1]}}"#
        let data = lottieJSON(textLayer("[\(d)]", position: "[20,70]"))
        let r = Rendered(try load(data), frame: 0)
        var box = (minX: 1000, minY: 1000, maxX: -1, maxY: -1)
        for y in 0..<r.height { for x in 0..<r.width where r.pixel(x, y)[3] > 128 {
            box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
        } }
        #expect((40...42).contains(box.minY), "cap top \(box.minY)")
        #expect((68...70).contains(box.maxY), "baseline \(box.maxY)")
        #expect((21...25).contains(box.minX), "left stem \(box.minX)")
        #expect((44...50).contains(box.maxX), "right stem \(box.maxX)")   // advance 0.722 em = 28.9
        let stem = r.pixel(box.minX + 1, 55)
        #expect(stem[2] > 200 && stem[0] < 40 && stem[1] < 40 && stem[3] > 200)
        // Tracking 500 (half an em, 20 points) is kern after each character: "HH" grows by 40.
        let plain = try #require(LottieTextDocument(.object(["t": .string("HH"), "s": .number(40), "f": .string("LiberationSans")])))
        var tracked = plain
        tracked.tracking = 500
        let grow = FontText(tracked, font: nil).width("HH") - FontText(plain, font: nil).width("HH")
        #expect(abs(grow - 40) < 0.01, "grew by \(grow)")
    }

    @Test("fonts register from a folder: font files are taken, other files skipped")
    func registerFonts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Liberation Sans (scripts/install-deps.sh installs it; Debian moved it to liberation2).
        let source = try #require(["liberation2", "liberation"].map {
            URL(fileURLWithPath: "/usr/share/fonts/truetype/\($0)/LiberationSans-Regular.ttf")
        }.first { FileManager.default.fileExists(atPath: $0.path) })
        try FileManager.default.copyItem(at: source, to: dir.appendingPathComponent("Copy.ttf"))
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("Broken.ttf"))
        try Data("x".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        #expect(LottieFontFiles.register(directory: dir).map(\.lastPathComponent) == ["Copy.ttf"])
    }

    @Test("a text of 10⁵ characters keeps its first 10⁴, with a warning")
    func longText() throws {
        let long = String(repeating: "A", count: 100_000)
        let lottie = try LottieAnimation(data: glyphAnimation(textLayer("[\(doc(long))]")))
        guard case .text(let text?) = lottie.layers[0].kind else { Issue.record("no text layer"); return }
        #expect(text.documents[0].document.text.count == LottieText.maximumCharacters)
        #expect(lottie.warnings.contains { $0.message.contains("text longer than") })
    }

    @Test("expressions, text animators and a missing font are reported, not evaluated")
    func warnings() throws {
        let d = #"{"t":0,"s":{"s":20,"f":"Nowhere-Bold","t":"x","fc":[0,0,0]}}"#
        let layer = textLayer("[\(d)]").replacingOccurrences(of: #""a":[]"#, with: #""a":[{"s":{},"a":{"o":{"a":0,"k":0}}}]"#)
            .replacingOccurrences(of: #""r":{"a":0,"k":0}"#, with: #""r":{"a":0,"k":0,"x":"time * 10"}"#)
        let lottie = try load(lottieJSON(layer))
        let text = lottie.warnings.map(\.message).joined(separator: "\n")
        #expect(text.contains("expressions are not evaluated"))
        #expect(text.contains("text animators"))
        #expect(text.contains("font 'Nowhere-Bold' is not in the file's fonts list"))
    }
}
