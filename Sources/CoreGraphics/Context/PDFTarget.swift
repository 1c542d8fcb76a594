import CQuartzCairo
#if canImport(Glibc)
import Glibc
#endif

/// State of a PDF context: the document's default media box, the open page, and where the bytes
/// go. A URL destination is written atomically: cairo writes a hidden temporary file in the
/// same directory, renamed over the destination when the document is closed. A consumer
/// destination receives the bytes as cairo produces them.
final class PDFTarget {
    /// The document's default media box (user space, points).
    let mediaBox: CGRect
    /// The media box of the open page, nil between pages.
    var pageBox: CGRect?
    /// How many graphics states were saved when the page began (endPage unwinds to it).
    var pageStackDepth = 0
    var isClosed = false
    /// The temporary file and its final name (URL destination).
    let tempPath: String?, finalPath: String?
    /// Kept alive for cairo's write callback (consumer destination).
    let consumer: CGDataConsumer?

    init(mediaBox: CGRect, tempPath: String?, finalPath: String?, consumer: CGDataConsumer?) {
        self.mediaBox = mediaBox; self.tempPath = tempPath; self.finalPath = finalPath
        self.consumer = consumer
    }

    /// Moves the finished temporary file over the destination; removes it if the document
    /// could not be written completely.
    func commit(succeeded: Bool) {
        guard let tempPath, let finalPath else { return }
        if succeeded && rename(tempPath, finalPath) == 0 { return }
        unlink(tempPath)
    }

    /// A hidden temporary name beside `path`, so that the final rename stays on one file system.
    static func temporaryPath(besides path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        return dir + "/." + url.lastPathComponent + "." + UUID().uuidString + ".tmp"
    }

    /// The largest page side accepted, in points: PDF's own user-unit limit is 14 400, and
    /// effects that rasterize (shadows, mask clips) allocate one byte per point squared.
    static let maximumPageSide: CGFloat = 14_400

    /// Raw sizes are checked: a negative width or height is rejected, not standardized.
    static func isValid(_ box: CGRect) -> Bool {
        let w = box.size.width, h = box.size.height
        return box.origin.x.isFinite && box.origin.y.isFinite && w.isFinite && h.isFinite
            && w > 0 && h > 0 && w <= maximumPageSide && h <= maximumPageSide
    }
}
