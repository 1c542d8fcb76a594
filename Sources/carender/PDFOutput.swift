import Foundation
import CoreGraphics
import QuartzCore
import CAML

/// `-o OUT.pdf`: one frame as a vector PDF page (`CAOffscreenRenderer.render(at:in:)`), the
/// media box the frame's size in points (`--scale` only sets the resolution of the parts that
/// are rasterized: shadows, masks, perspective). The document is built in memory and written
/// atomically (temporary file + rename), so an error or an interrupt leaves no partial file.
enum PDFOutput {
    static func matches(_ output: String) -> Bool { output.lowercased().hasSuffix(".pdf") }

    /// The PDF bytes of the frame at `time`; nil if the page could not be made.
    static func document(_ renderer: CAOffscreenRenderer, at time: Double, title: String) -> Data? {
        let data = NSMutableData()
        var box = CGRect(origin: .zero, size: renderer.size)
        guard let consumer = CGDataConsumer(data: data as CFMutableData),
              let ctx = CGContext(consumer: consumer, mediaBox: &box,
                                  [kCGPDFContextCreator: "carender", kCGPDFContextTitle: title])
        else { return nil }
        ctx.beginPDFPage(nil)
        renderer.render(at: time, in: ctx)
        ctx.endPDFPage()
        ctx.closePDF()
        return data as Data
    }
}

/// `carender render SCENE … -o OUT.pdf` (see `render(_:)` in main.swift for the PNG outputs;
/// scene loading, states and limits are the same).
func renderPDF(_ o: RenderOptions) -> Never {
    let time: Double
    do throws(UsageError) {
        let times = try o.frameTimes()
        guard times.count == 1 else { throw UsageError(message: "a .pdf output takes one frame (--time T)") }
        time = times[0]
    } catch { fail(error.message + "\n" + Arguments.usage, .usage) }
    let setup = SceneSetup(o) { size in
        size.width >= 1 && size.height >= 1 && size.width <= 14_400 && size.height <= 14_400 ? nil
            : "a PDF page of \(size.width)×\(size.height) points is out of range (1…14400)"
    }
    let renderer = setup.renderer, size = setup.size
    let title = URL(fileURLWithPath: o.scene).lastPathComponent
    guard let data = PDFOutput.document(renderer, at: time, title: title) else {
        fail("could not render the frame at t = \(time)", .renderFailed)
    }
    checkInterrupted(nil)
    let url = URL(fileURLWithPath: o.output)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    } catch { fail("cannot write \(o.output): \(oneLine(error))", .cantCreate) }
    print("wrote \(o.output) (\(Int(size.width))×\(Int(size.height)) pt, vector)")
    exit(0)
}
