import Foundation
import CoreGraphics
import QuartzCore

/// Writes layer trees — with their animations, and a `CAMLScene`'s states and state
/// transitions — as CAML that `CAMLScene.load` reads back to the same tree.
///
/// ```swift
/// let scene = try CAMLScene.load(contentsOf: URL(fileURLWithPath: "GitHub.wallpaper"))
/// let writer = CAMLWriter()
/// try writer.write(scene, to: URL(fileURLWithPath: "GitHub.ca"))     // index.xml, main.caml, assets/
/// let text = try writer.string(for: someLayer)                          // one document, images inline
/// ```
///
/// **What is written.** Layers as elements named by class (`<CALayer>`), with every property
/// the reader knows that differs from Apple's defaults (a new `CALayer`'s values) as an
/// attribute; `<contents>` images; `<sublayers>` back to front; `<mask>`; `<animations>`
/// (`CABasicAnimation`, `CAKeyframeAnimation` with values, keyTimes, timing functions,
/// calculation mode and path, `CASpringAnimation`, `CAAnimationGroup`, `CATransition`) under
/// their keys; a scene's `<states>` and `<stateTransitions>` on the root. Numbers are written
/// so they read back bit for bit; see `CAMLFormat` for each form. What has no CAML form
/// (custom keys, filters other than `CAFilter`s and type names, `shadowPath`, delegates,
/// contents that are not images) is left out
/// and listed in `warnings`.
///
/// **Scenes.** Layers are written with their base values (before any state) for every key a
/// state sets, so a read-back scene starts in its initial state as the original did; the state
/// in force when writing and the `state.…` animations of a running transition are not
/// recorded. Each root keeps the position its file gave. A `.wallpaper`'s planes are kept apart
/// only by writing a `.wallpaper`; a `.caml` or `.ca` holds them as one document (ids two planes
/// share get a `-2`, `-3`… suffix; states of one name, and transitions with the same from/to
/// pair, are merged).
///
/// **Round trip.** Reading what was written gives the same layer tree, property by property
/// and bit for bit, except a bare tree's root position: a scene's host places its root at the
/// document rectangle.
///
/// **Outputs** (`write(_:to:)`, by the path's extension): `.caml` — one file, images as
/// `data:` URIs; `.ca` — a bundle folder with `index.xml` (`geometryFlipped` when the scene's
/// host is flipped), `main.caml` and `assets/image-N.png` (or inline images with
/// `imageStorage = .dataURI`); `.wallpaper` — a folder with one `.ca` bundle per plane. Files
/// are written under a temporary name beside the destination and moved into place at the end,
/// so a failure leaves nothing half written; an existing destination folder is replaced only
/// when it is itself a scene folder.
///
/// Use a writer from one thread (it reads layers, as a host does).
public final class CAMLWriter {
    /// Where a bundle's images go.
    public enum ImageStorage: Sendable {
        /// PNG files in the bundle's `assets/` folder.
        case assets
        /// `data:image/png;base64,…` URIs inside the document (each at most 8 MiB).
        case dataURI
    }

    /// Where `.ca` and `.wallpaper` outputs put images; `.caml` files and strings always
    /// embed them.
    public var imageStorage: ImageStorage
    /// What the last call left out or changed (file "" for text written in memory), in order.
    public private(set) var warnings: [CAMLWarning] = []

    public init(imageStorage: ImageStorage = .assets) {
        self.imageStorage = imageStorage
    }

    /// The scene as one CAML document (planes of a `.wallpaper` as sublayers of its container).
    public func string(for scene: CAMLScene) throws(CAMLWriteError) -> String {
        warnings = []
        if scene.isFlipped { note("the scene's host is flipped; a bare document cannot say so (write a .ca bundle)") }
        return try render(Self.singleDocument(of: scene), assets: CAMLAssetStore(mode: .dataURI), file: "")
    }

    /// `layer` and its sublayers, mask and animations as one CAML document.
    public func string(for layer: CALayer) throws(CAMLWriteError) -> String {
        warnings = []
        return try render(CAMLWriteDocument(root: layer), assets: CAMLAssetStore(mode: .dataURI), file: "")
    }

    /// `string(for:)` as UTF-8.
    public func data(for scene: CAMLScene) throws(CAMLWriteError) -> Data { Data(try string(for: scene).utf8) }

    /// `string(for:)` as UTF-8.
    public func data(for layer: CALayer) throws(CAMLWriteError) -> Data { Data(try string(for: layer).utf8) }

    /// Writes `scene` to `url`: a `.caml` file, a `.ca` bundle or a `.wallpaper` folder, by
    /// the extension.
    /// - Throws: `CAMLWriteError` (`.unsupportedOutput` for another extension, `.unwritableFile`,
    ///   `.imageEncodingFailed`, `.imageTooLarge`).
    public func write(_ scene: CAMLScene, to url: URL) throws(CAMLWriteError) {
        warnings = []
        switch url.pathExtension.lowercased() {
        case "wallpaper":
            let planes = Self.planeDocuments(of: scene)
            try CAMLFileOutput.replaceFolder(at: url) { (folder: URL) throws(CAMLWriteError) in
                var names: Set<String> = []
                for (i, p) in planes.enumerated() {
                    var name = p.bundleName ?? "Plane-\(i + 1).ca"
                    if names.contains(name) { name = "Plane-\(i + 1)-" + name }
                    names.insert(name)
                    try writeBundle(p.doc, flipped: p.flipped, into: folder.appendingPathComponent(name), url: url)
                }
            }
        case "ca", "caml":
            let doc = Self.singleDocument(of: scene)
            if scene.isFlipped, url.pathExtension.lowercased() == "caml" {
                note("the scene's host is flipped; a bare document cannot say so (write a .ca bundle)")
            }
            try write(doc, flipped: scene.isFlipped, to: url)
        default:
            throw CAMLWriteError(.unsupportedOutput, path: url.path,
                                 "write to a .caml file, a .ca bundle or a .wallpaper folder")
        }
    }

    /// Writes `layer`'s tree to `url` (`.caml` or `.ca`), its host unflipped.
    public func write(_ layer: CALayer, to url: URL) throws(CAMLWriteError) {
        warnings = []
        try write(CAMLWriteDocument(root: layer), flipped: false, to: url)
    }

    private func write(_ doc: CAMLWriteDocument, flipped: Bool, to url: URL) throws(CAMLWriteError) {
        switch url.pathExtension.lowercased() {
        case "caml":
            let text = try render(doc, assets: CAMLAssetStore(mode: .dataURI), file: url.path)
            try CAMLFileOutput.writeFile(Data(text.utf8), to: url)
        case "ca":
            try CAMLFileOutput.replaceFolder(at: url) { (folder: URL) throws(CAMLWriteError) in
                try writeBundle(doc, flipped: flipped, into: folder, url: url)
            }
        default:
            throw CAMLWriteError(.unsupportedOutput, path: url.path, "write a layer tree to a .caml file or a .ca bundle")
        }
    }

    /// `index.xml`, `main.caml` and `assets/` in the (new, empty) folder `folder`.
    private func writeBundle(_ doc: CAMLWriteDocument, flipped: Bool, into folder: URL, url: URL) throws(CAMLWriteError) {
        let assets = CAMLAssetStore(mode: imageStorage == .assets ? .files : .dataURI)
        let text = try render(doc, assets: assets, file: url.path)
        try CAMLFileOutput.createFolder(folder)
        try CAMLFileOutput.writeFile(Data(CAMLFileOutput.indexXML(flipped: flipped).utf8),
                                     to: folder.appendingPathComponent("index.xml"), atomically: false)
        try CAMLFileOutput.writeFile(Data(text.utf8), to: folder.appendingPathComponent("main.caml"), atomically: false)
        if !assets.files.isEmpty { try CAMLFileOutput.createFolder(folder.appendingPathComponent("assets")) }
        for f in assets.files {
            try CAMLFileOutput.writeFile(f.data, to: folder.appendingPathComponent(f.path), atomically: false)
        }
    }

    /// The document's text; its warnings are added to `warnings` under `file`.
    private func render(_ doc: CAMLWriteDocument, assets: CAMLAssetStore, file: String) throws(CAMLWriteError) -> String {
        let writer = CAMLDocumentWriter(assets: assets)
        let root: CAMLXMLNode
        do { root = try writer.write(doc) } catch {
            throw CAMLWriteError(error.kind, path: file, error.message)
        }
        warnings += writer.warnings.map { CAMLWarning(file: file, line: 0, $0) }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        root.render(into: &text)
        return text
    }

    private func note(_ message: String) { warnings.append(CAMLWarning(file: "", line: 0, message)) }
}
