import CQuartzCairo

// Keys of the auxiliary-info and page-info dictionaries (Apple's `kCGPDFContext…` constants,
// https://developer.apple.com/documentation/coregraphics/auxiliary_dictionary_keys). Apple's
// are CFStrings; here they are Strings, so `kCGPDFContextMediaBox as String` still compiles.
/// Page or document media box: a `CGRect`, an `NSValue` holding one, or `Data` holding the
/// rectangle's bytes (Apple's documented form, a CFData with the CGRect stored by value).
public let kCGPDFContextMediaBox = "MediaBox"
/// Document title (a String), written to the PDF's information dictionary.
public let kCGPDFContextTitle = "Title"
/// Document author (a String).
public let kCGPDFContextAuthor = "Author"
/// Document subject (a String).
public let kCGPDFContextSubject = "Subject"
/// Document keywords (a String, or an array of Strings joined with ", ").
public let kCGPDFContextKeywords = "Keywords"
/// The application that created the document (a String).
public let kCGPDFContextCreator = "Creator"

/// US Letter, Apple's default media box when none is given.
private let defaultMediaBox = CGRect(x: 0, y: 0, width: 612, height: 792)

/// cairo's stream callback: forwards bytes to the `CGDataConsumer` passed as the closure.
private let writeToConsumer: cairo_write_func_t = { closure, bytes, length in
    guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
    let consumer = Unmanaged<CGDataConsumer>.fromOpaque(closure).takeUnretainedValue()
    return consumer.write(bytes, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}

extension CGContext {
    /// Creates a PDF context that writes to a file URL (Apple's `init?(_:mediaBox:_:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456290-init).
    ///
    /// - Parameters:
    ///   - url: a file URL. The document is written atomically: to a hidden temporary file in
    ///     the same directory, renamed over `url` by `closePDF()` (or when the context is released).
    ///   - mediaBox: the default page rectangle in points (nil: US Letter, 612 × 792).
    ///   - auxiliaryInfo: optional `kCGPDFContextTitle/Author/Subject/Keywords/Creator` strings.
    /// - Returns: nil for a non-file URL, an unwritable location, or a media box that is empty,
    ///   not finite, or larger than 14 400 points on a side.
    ///
    /// User space on each page: origin at the media box origin's corner (bottom left), x right,
    /// y up, 1 unit = 1 point. The written page's MediaBox always starts at 0 0; a box with a
    /// non-zero origin shifts the content so that the same region is visible.
    public convenience init?(_ url: CFURL, mediaBox: UnsafePointer<CGRect>?, _ auxiliaryInfo: [String: Any]?) {
        let box = mediaBox?.pointee ?? defaultMediaBox
        guard url.isFileURL, PDFTarget.isValid(box) else { return nil }
        let finalPath = url.standardizedFileURL.path
        let tempPath = PDFTarget.temporaryPath(besides: finalPath)
        guard let surface = cairo_pdf_surface_create(tempPath, Double(box.width), Double(box.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            unlink(tempPath)
            return nil
        }
        self.init(pdfSurface: surface, mediaBox: box,
                  target: PDFTarget(mediaBox: box, tempPath: tempPath, finalPath: finalPath, consumer: nil),
                  auxiliaryInfo: auxiliaryInfo)
    }

    /// Creates a PDF context that writes to a data consumer (Apple's
    /// `init?(consumer:mediaBox:_:)`, https://developer.apple.com/documentation/coregraphics/cgcontext/1454254-init).
    /// Bytes reach the consumer while drawing and on `closePDF()`; the document is complete
    /// only after `closePDF()` (or release). Parameters and nil cases as for the URL form.
    public convenience init?(consumer: CGDataConsumer, mediaBox: UnsafePointer<CGRect>?,
                             _ auxiliaryInfo: [String: Any]?) {
        let box = mediaBox?.pointee ?? defaultMediaBox
        guard PDFTarget.isValid(box) else { return nil }
        let closure = Unmanaged.passUnretained(consumer).toOpaque()
        guard let surface = cairo_pdf_surface_create_for_stream(writeToConsumer, closure,
                                                                Double(box.width), Double(box.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        self.init(pdfSurface: surface, mediaBox: box,
                  target: PDFTarget(mediaBox: box, tempPath: nil, finalPath: nil, consumer: consumer),
                  auxiliaryInfo: auxiliaryInfo)
    }

    private convenience init(pdfSurface surface: OpaquePointer, mediaBox box: CGRect, target: PDFTarget,
                             auxiliaryInfo: [String: Any]?) {
        self.init(surface: surface, height: box.height, bitmap: nil)
        pdf = target
        setPageTransform(for: box)
        let fields: [(String, cairo_pdf_metadata_t)] = [
            (kCGPDFContextTitle, CAIRO_PDF_METADATA_TITLE), (kCGPDFContextAuthor, CAIRO_PDF_METADATA_AUTHOR),
            (kCGPDFContextSubject, CAIRO_PDF_METADATA_SUBJECT), (kCGPDFContextKeywords, CAIRO_PDF_METADATA_KEYWORDS),
            (kCGPDFContextCreator, CAIRO_PDF_METADATA_CREATOR)]
        for (key, field) in fields {
            let value = auxiliaryInfo?[key]
            if let text = value as? String ?? (value as? [String])?.joined(separator: ", ") {
                cairo_pdf_surface_set_metadata(surface, field, text)
            }
        }
    }

    /// Points the base transform (and cairo's matrix) at `box`: y up, origin at the box's
    /// bottom-left corner mapped to the page's.
    private func setPageTransform(for box: CGRect) {
        baseTransform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: -box.minX, ty: box.height + box.minY)
        var m = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: Double(-box.minX), y0: Double(box.height + box.minY))
        cairo_set_matrix(cr, &m)
    }

    // MARK: Pages

    /// Starts a page (Apple's `beginPDFPage(_:)`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456578-beginpdfpage).
    /// `pageInfo` may hold `kCGPDFContextMediaBox` for this page's size; otherwise the
    /// context's media box is used. Each page starts with a default graphics state. A page
    /// still open is ended first. Ignored on bitmap contexts and after `closePDF()`.
    public func beginPDFPage(_ pageInfo: [String: Any]?) {
        if var box = pageInfo?[kCGPDFContextMediaBox].flatMap(CGContext.rect(from:)) {
            beginPage(mediaBox: &box)
        } else {
            beginPage(mediaBox: nil)
        }
    }

    /// Ends the current page (Apple's `endPDFPage()`); ignored when no page is open.
    public func endPDFPage() { endPage() }

    /// Starts a page with the given media box, or the context's when nil or invalid (Apple's
    /// `beginPage(mediaBox:)`, https://developer.apple.com/documentation/coregraphics/cgcontext/1454228-beginpage).
    public func beginPage(mediaBox: UnsafePointer<CGRect>?) {
        guard let pdf, !pdf.isClosed else { return }
        if pdf.pageBox != nil { endPage() }
        let requested = mediaBox?.pointee
        let box = requested.map(PDFTarget.isValid) == true ? requested! : pdf.mediaBox
        cairo_pdf_surface_set_size(surface, Double(box.width), Double(box.height))
        pdf.pageStackDepth = gstack.count
        cairo_save(cr)
        setPageTransform(for: box)
        pdf.pageBox = box
    }

    /// Ends the current page (Apple's `endPage()`): unwinds graphics states saved on the page,
    /// restores the default state, and emits the page. Ignored when no page is open.
    public func endPage() {
        guard let pdf, pdf.pageBox != nil else { return }
        while !transparencyLayerDepths.isEmpty { endTransparencyLayer() }
        while gstack.count > pdf.pageStackDepth { restoreGState() }
        cairo_restore(cr)
        cairo_new_path(cr)
        gstate = GraphicsState()
        cairo_show_page(cr)
        pdf.pageBox = nil
    }

    /// Ends any open page and finishes the document (Apple's `closePDF()`,
    /// https://developer.apple.com/documentation/coregraphics/cgcontext/1456064-closepdf).
    /// A URL destination is then renamed into place (or its temporary file removed if cairo
    /// reported a write error). Later drawing is ignored; later calls do nothing.
    /// A document closed without any page holds one blank page (cairo always emits one).
    public func closePDF() {
        guard let pdf, !pdf.isClosed else { return }
        if pdf.pageBox != nil { endPage() }
        cairo_surface_finish(surface)
        pdf.isClosed = true
        pdf.commit(succeeded: cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
    }

    /// Whether this is a PDF context (render(in:) draws vector content into those).
    package var isPDFContext: Bool { pdf != nil }

    /// Reads a media-box value in any of the forms `kCGPDFContextMediaBox` documents.
    static func rect(from value: Any) -> CGRect? {
        if let r = value as? CGRect { return r }
        if let v = value as? NSValue { return v.rectValue }
        if let d = value as? Data, d.count == MemoryLayout<CGRect>.size {
            return d.withUnsafeBytes { $0.loadUnaligned(as: CGRect.self) }
        }
        return nil
    }
}
