import Foundation
import QuartzCore

/// What every part of the reader shares while one scene is read: where the current document is
/// (for messages and for resolving images), the warning log and the image cache.
final class CAMLReadContext {
    /// The document being read (a path, for messages).
    var file: String
    /// The folder its `src` paths are relative to.
    var base: URL
    let log = CAMLWarningLog()
    let images: CAMLImageLoader
    let options: CAMLReadOptions

    /// `root` is the scene's own folder, from which (and from `options.allowedAssetFolders`)
    /// images may be read; nil for contexts that read no images (states applied later).
    init(file: String, base: URL, root: URL? = nil, options: CAMLReadOptions) {
        self.file = file; self.base = base; self.options = options
        images = CAMLImageLoader(folders: root.map { [$0] + options.allowedAssetFolders } ?? [])
    }

    func warn(_ element: CAMLElement?, _ message: String) {
        log.warn(file, element?.line ?? 0, message)
    }

    /// Runs `body` with layer diagnostics (values QuartzCore rejects: NaN geometry, wrong types)
    /// turned into warnings at `element`'s line.
    func capturingDiagnostics<R>(at element: CAMLElement?, _ body: () -> R) -> R {
        let box = DiagnosticBox()
        let result = CADiagnostics.withHandler({ d in box.append(d) }) { body() }
        for d in box.take() { warn(element, d.message) }
        return result
    }
}

/// Diagnostics reported during one call (the handler must be Sendable).
private final class DiagnosticBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [CALayerDiagnostic] = []
    func append(_ d: CALayerDiagnostic) { lock.lock(); if items.count < 100 { items.append(d) }; lock.unlock() }
    func take() -> [CALayerDiagnostic] { lock.lock(); defer { items = []; lock.unlock() }; return items }
}

/// Options for reading scenes.
public struct CAMLReadOptions {
    /// Makers of layer classes by CAML element name, beyond `CALayer` (always known), e.g.
    /// `["CAShapeLayer": { CAShapeLayer() }]`. Elements naming a class not listed here are read
    /// as `CALayer`, keeping the attributes CALayer has, with a warning.
    public var layerClasses: [String: () -> CALayer]
    /// Folders outside the scene's own from which its images may also be read. By default a
    /// scene reads images only from its own folder (the `.wallpaper` or `.ca` folder, or the
    /// folder holding a `.caml` file, or `baseURL` for scenes read from memory); a `src` that
    /// resolves elsewhere (through `..`, an absolute path or a symbolic link) is refused with a
    /// warning. See docs/SECURITY.md.
    public var allowedAssetFolders: [URL]

    public init(layerClasses: [String: () -> CALayer] = [:], allowedAssetFolders: [URL] = []) {
        self.layerClasses = layerClasses
        self.allowedAssetFolders = allowedAssetFolders
    }
}
