import Foundation
import CoreGraphics
import QuartzCore

extension CAMLScene {
    /// The largest host side accepted, in points; a root bounds larger than this (or empty, or
    /// not finite) is clamped with a warning.
    public static let maximumDocumentSide: CGFloat = 16384

    /// Reads the scene at `url`: a `.wallpaper` folder, a `.ca` bundle or a `.caml` file (see the
    /// type's notes for what each means).
    ///
    /// - Throws: `CAMLError` when the path cannot be read or is none of those, when a document's
    ///   XML is malformed (with file, line, column and element), when a document has no layer,
    ///   or when a hard limit is passed. Everything else is a warning in `warnings`.
    public static func load(contentsOf url: URL, options: CAMLReadOptions = CAMLReadOptions()) throws(CAMLError) -> CAMLScene {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else {
            throw CAMLError(.unreadableFile, file: url.path, "no such file or folder")
        }
        let root = isDir.boolValue ? url : url.deletingLastPathComponent()
        let context = CAMLReadContext(file: url.path, base: url.deletingLastPathComponent(), root: root, options: options)
        return try withLoadTransaction { () throws(CAMLError) -> CAMLScene in
            guard isDir.boolValue else {
                let doc = try readDocument(at: url, base: url.deletingLastPathComponent(), context: context)
                return finish(url: url, documents: [doc], scaleName: url.lastPathComponent, context: context)
            }
            let planes = try planeBundles(in: url)
            if planes.isEmpty {
                let doc = try readBundle(url, context: context)
                return finish(url: url, documents: [doc], scaleName: url.lastPathComponent, context: context)
            }
            // A plane that cannot be read is left out with one warning; the others still draw.
            var docs: [CAMLDocument] = []
            var firstError: CAMLError?
            for p in planes {
                do throws(CAMLError) { docs.append(try readBundle(p, context: context)) } catch {
                    firstError = firstError ?? error
                    context.log.warn(error.file, error.line, "plane \(p.lastPathComponent) left out: \(error.message)")
                }
            }
            if docs.isEmpty, let firstError { throw firstError }
            return finish(url: url, documents: docs, scaleName: planes[0].lastPathComponent, context: context)
        }
    }

    /// Reads one CAML document held in memory (tests, generated scenes). `file` names it in
    /// messages; images resolve relative to `baseURL` (the current directory when nil) and are
    /// read only from inside it (or `options.allowedAssetFolders`).
    public static func load(camlData data: Data, file: String = "scene.caml", baseURL: URL? = nil,
                            options: CAMLReadOptions = CAMLReadOptions()) throws(CAMLError) -> CAMLScene {
        let base = baseURL ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let context = CAMLReadContext(file: file, base: base, root: base, options: options)
        return try withLoadTransaction { () throws(CAMLError) -> CAMLScene in
            let xml = try CAMLDocumentParser.read(data, file: file) { context.log.warn(file, $0, $1) }
            let doc = try CAMLDocumentReader(context: context).read(xml)
            return finish(url: base.appendingPathComponent(file), documents: [doc], scaleName: file, context: context)
        }
    }

    /// Runs the whole load in one transaction with actions disabled, committed at time 0 of a
    /// scene clock, so file animations with `beginTime` 0 begin at host time 0.
    private static func withLoadTransaction(_ body: () throws(CAMLError) -> CAMLScene) throws(CAMLError) -> CAMLScene {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CAMediaClockContext.$current.withValue(CAManualMediaClock(start: 0)) { CATransaction.commit() } }
        return try body()
    }

    /// The `.ca` planes of a `.wallpaper` folder, Background, Floating, Foreground first, then
    /// any others by name; empty when `folder` is itself a bundle.
    static func planeBundles(in folder: URL) throws(CAMLError) -> [URL] {
        if folder.pathExtension == "ca" { return [] }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw CAMLError(.unreadableFile, file: folder.path, "the folder cannot be listed")
        }
        let bundles = names.filter { $0.hasSuffix(".ca") }.sorted()
        if bundles.isEmpty {
            if names.contains("main.caml") || names.contains("index.xml") { return [] }
            throw CAMLError(.unsupportedInput, file: folder.path,
                            "the folder is neither a .wallpaper (no .ca planes) nor a .ca bundle")
        }
        func rank(_ n: String) -> Int {
            let l = n.lowercased()
            if l.contains("background") { return 0 }
            if l.contains("floating") { return 1 }
            if l.contains("foreground") { return 2 }
            return 3
        }
        return bundles.sorted { (rank($0), $0) < (rank($1), $1) }.map { folder.appendingPathComponent($0) }
    }

    /// Reads a `.ca` bundle: `index.xml`'s `rootDocument` (else `main.caml`), `geometryFlipped`.
    static func readBundle(_ bundle: URL, context: CAMLReadContext) throws(CAMLError) -> CAMLDocument {
        let index = CAMLBundleIndex(bundle: bundle, context: context)
        var docURL = bundle.appendingPathComponent(index.rootDocument ?? "main.caml")
        if !FileManager.default.fileExists(atPath: docURL.path), index.rootDocument != nil {
            context.log.warn(bundle.path, 0, "index.xml names '\(index.rootDocument!)', which is missing; main.caml read")
            docURL = bundle.appendingPathComponent("main.caml")
        }
        let doc = try readDocument(at: docURL, base: bundle, context: context)
        doc.wantsFlippedHost = index.geometryFlipped
        return doc
    }

    static func readDocument(at url: URL, base: URL, context: CAMLReadContext) throws(CAMLError) -> CAMLDocument {
        // The size checked is that of the file opened (a link's target), never the link's own.
        let data: Data
        switch AssetFolders.readDocument(url.path, limit: CAMLDocumentParser.maximumByteCount) {
        case .data(let d): data = d
        case .failure(let why, overLimit: true):
            throw CAMLError(.limitExceeded, file: url.path, "the document \(why)")
        case .failure(let why, _):
            throw CAMLError(.unreadableFile, file: url.path, "the document cannot be read: it \(why)")
        }
        context.file = url.path
        context.base = base
        let xml = try CAMLDocumentParser.read(data, file: url.path) { context.log.warn(url.path, $0, $1) }
        return try CAMLDocumentReader(context: context).read(xml)
    }
}
