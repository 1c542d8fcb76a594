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
    let images = CAMLImageLoader()
    let options: CAMLReadOptions

    init(file: String, base: URL, options: CAMLReadOptions) {
        self.file = file; self.base = base; self.options = options
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

    public init(layerClasses: [String: () -> CALayer] = [:]) {
        self.layerClasses = layerClasses
    }
}
