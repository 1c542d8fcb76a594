import Foundation
import CoreGraphics
import QuartzCore
import CAML

/// `-o OUT.pdf`: one frame as a vector PDF page (`CAOffscreenRenderer.render(at:in:)`), the
/// media box the frame's size in points (`--scale` only sets the resolution of the parts that
/// are rasterized: shadows, masks, perspective). The document is built in memory, written into
/// a private `StagingFolder` and renamed over OUT, so an error or an interrupt leaves no
/// partial file.
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

    /// Checks `output` and makes its staging folder, then draws the page (`document`; nil: the
    /// frame, named by `what`, could not be rendered) and writes it there and renames it over
    /// `output`; on any failure exits with carender's message and code.
    static func save(to output: String, what: String, _ document: () -> Data?) {
        outputWillOpen()
        let staging: StagingFolder
        do {
            let target = URL(fileURLWithPath: output)
            try OutputPath.checkFile(target)
            staging = try StagingFolder(for: target)
        } catch { fail("cannot create output \(printable(output)): \(error)", .cantCreate) }
        guard let data = document() else { staging.remove(); fail("could not render \(what)", .renderFailed) }
        checkInterrupted(nil)
        do {
            try staging.url.appendingPathComponent("page.pdf").path.withCString { path in
                let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                guard fd >= 0 else { throw OutputError(String(cString: strerror(errno))) }
                defer { close(fd) }
                let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
                try handle.write(contentsOf: data)
                try handle.synchronize()
            }
            try staging.commitFile("page.pdf")
            staging.remove()
        } catch { staging.remove(); fail("cannot write \(printable(output)): \(oneLine(error))", .cantCreate) }
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
    } catch { usageFailure(error.message, help: "render") }
    let setup = SceneSetup(o) { size in
        size.width >= 1 && size.height >= 1 && size.width <= 14_400 && size.height <= 14_400 ? nil
            : "a PDF page of \(size.width)×\(size.height) points is out of range (1…14400)"
    }
    let renderer = setup.renderer, size = setup.size
    let title = URL(fileURLWithPath: o.scene).lastPathComponent
    // The page's rasterized parts (shadows, masks, filters) cost what the PNG frame's passes do,
    // so the same budget refuses a page that would take minutes.
    let work = renderer.estimatedWork(at: time)
    if let limit = renderer.maximumFrameWork, work > limit {
        fail("the page at t = \(time) would touch about \(work / 1_000_000) million pixels, over the work budget "
             + "of \(limit / 1_000_000) million (--work-budget N raises it; see docs/SECURITY.md)", .renderFailed)
    }
    PDFOutput.save(to: o.output, what: "the frame at t = \(time)") { PDFOutput.document(renderer, at: time, title: title) }
    print("wrote \(printable(o.output)) (\(Int(size.width))×\(Int(size.height)) pt, vector)")
    exit(0)
}
