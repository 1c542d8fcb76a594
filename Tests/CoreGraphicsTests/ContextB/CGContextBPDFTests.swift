import Testing
import CoreGraphics
@testable import CoreGraphics
import CQuartzCairo

@Suite("CGContextB PDF")
struct CGContextBPDFTests {
    func tempDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cgctxb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Page objects, not the page tree (`/Type /Pages`).
    func pageCount(_ text: String) -> Int {
        text.components(separatedBy: "/Type /Page").dropFirst().filter { !$0.hasPrefix("s") }.count
    }

    @Test func threePagesToURLAtomically() throws {
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("doc.pdf")
        var box = CGRect(x: 0, y: 0, width: 200, height: 300)
        let ctx = try #require(CGContext(url as CFURL, mediaBox: &box, [kCGPDFContextTitle: "Part B"]))
        for i in 0..<3 {
            if i == 1 {
                ctx.beginPDFPage([kCGPDFContextMediaBox: CGRect(x: 0, y: 0, width: 400, height: 100)])
            } else {
                ctx.beginPDFPage(nil)
            }
            cbFillRect(ctx, CGRect(x: 10, y: 10, width: 50, height: 50), (1, 0, 0, 1))
            ctx.endPDFPage()
            // Nothing at the destination until the document is closed.
            #expect(!FileManager.default.fileExists(atPath: url.path))
        }
        ctx.closePDF()
        let data = try Data(contentsOf: url)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(pageCount(text) == 3)
        #expect(text.contains("/MediaBox [ 0 0 200 300 ]"))
        #expect(text.contains("/MediaBox [ 0 0 400 100 ]"))
        #expect(text.contains("Part B"))
        // Only the final file remains (the temporary one was renamed).
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["doc.pdf"])
    }

    @Test func defaultMediaBoxIsUSLetterAndReleaseCloses() throws {
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("letter.pdf")
        do {
            let ctx = try #require(CGContext(url as CFURL, mediaBox: nil, nil))
            ctx.beginPage(mediaBox: nil)
            cbFillRect(ctx, CGRect(x: 0, y: 0, width: 10, height: 10), (0, 0, 1, 1))
            ctx.endPage()
        }
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(text.contains("/MediaBox [ 0 0 612 792 ]"))
        #expect(pageCount(text) == 1)
    }

    @Test func consumerReceivesCompleteDocument() throws {
        let data = NSMutableData()
        let consumer = try #require(CGDataConsumer(data: data as CFMutableData))
        var box = CGRect(x: 0, y: 0, width: 100, height: 100)
        let ctx = try #require(CGContext(consumer: consumer, mediaBox: &box, nil))
        ctx.beginPDFPage(nil)
        cbFillRect(ctx, CGRect(x: 10, y: 10, width: 20, height: 20), (0, 1, 0, 1))
        ctx.endPDFPage()
        ctx.beginPDFPage(nil)
        ctx.endPDFPage()
        ctx.closePDF()
        let text = String(decoding: data as Data, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        #expect(text.hasSuffix("%%EOF\n"))
        #expect(pageCount(text) == 2)
        // Closing twice and drawing after close change nothing.
        let length = data.length
        ctx.closePDF()
        #expect(data.length == length)
    }

    @Test func pageUserSpaceIsYUpFromMediaBoxOrigin() throws {
        var box = CGRect(x: 50, y: 100, width: 200, height: 300)
        let data = NSMutableData()
        let ctx = try #require(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &box, nil))
        ctx.beginPage(mediaBox: nil)
        // The media box's bottom-left corner (50, 100) is the device's bottom-left (0, 300).
        var x = 50.0, y = 100.0
        cairo_user_to_device(ctx.cr, &x, &y)
        #expect(x == 0 && y == 300)
        ctx.endPage()
        ctx.closePDF()
    }

    @Test func invalidDestinationsAndBoxesReturnNil() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.pdf")
        #expect(CGContext(missing as CFURL, mediaBox: nil, nil) == nil)
        #expect(CGContext(URL(string: "https://example.com/x.pdf")! as CFURL, mediaBox: nil, nil) == nil)
        let consumer = CGDataConsumer(data: NSMutableData())!
        for bad in [CGRect(x: 0, y: 0, width: 0, height: 10), CGRect(x: 0, y: 0, width: -5, height: 10),
                    CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), CGRect(x: 0, y: 0, width: 20_000, height: 10)] {
            var box = bad
            #expect(CGContext(consumer: consumer, mediaBox: &box, nil) == nil)
        }
        #expect(CGDataConsumer(url: missing as CFURL) == nil)
    }

    @Test func pdfinfoAgreesWhenInstalled() throws {
        let tool = ["/usr/bin/pdfinfo", "/usr/local/bin/pdfinfo"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { return }  // poppler-utils is optional
        let dir = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("p.pdf")
        let ctx = try #require(CGContext(url as CFURL, mediaBox: nil, nil))
        for _ in 0..<3 { ctx.beginPDFPage(nil); ctx.endPDFPage() }
        ctx.closePDF()
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [url.path]
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(out.contains("Pages:           3"))
    }
}
