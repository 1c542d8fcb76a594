/// State of a PDF context (media box, whether a page is open). Filled in by CGContext+PDF.swift.
final class PDFTarget {
    var mediaBox: CGRect
    var pageOpen = false
    init(mediaBox: CGRect) { self.mediaBox = mediaBox }
}
