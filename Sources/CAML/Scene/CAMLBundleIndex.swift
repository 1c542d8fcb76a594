import Foundation
import QuartzCore

/// A `.ca` bundle's `index.xml`: a property list naming the root document (`rootDocument`) and
/// the document's host flip (`geometryFlipped`). Missing → `main.caml`, unflipped. One that
/// exists but cannot be used — unreadable, no property list, no dictionary, no usable
/// `rootDocument`, a `geometryFlipped` that is no boolean — gets a warning naming the file and
/// what was used instead, never silence. Other keys (guides, looping, touches…) are editor
/// settings and are ignored.
struct CAMLBundleIndex {
    var rootDocument: String?
    var geometryFlipped = false
    /// Largest `index.xml` read (a real one is under 2 KB).
    static let maximumByteCount = 1 << 20

    init(bundle: URL, context: CAMLReadContext) {
        let url = bundle.appendingPathComponent("index.xml")
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        func warn(_ problem: String) { context.log.warn(url.path, 0, "index.xml \(problem)") }
        let data: Data
        switch AssetFolders.readDocument(url.path, limit: Self.maximumByteCount) {
        case .data(let d): data = d
        case .failure(_, overLimit: true):
            warn("is over the \(Self.maximumByteCount) bytes read; ignored: main.caml read, unflipped"); return
        case .failure(let why, _): warn("\(why); ignored: main.caml read, unflipped"); return
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let dict = plist as? [String: Any] else {
            warn("is not a readable property list; main.caml read, unflipped"); return
        }
        switch dict["rootDocument"] {
        case let name as String where !name.isEmpty && !name.contains("..") && !name.hasPrefix("/"): rootDocument = name
        case nil: warn("names no rootDocument; main.caml read")
        case let other?: warn("rootDocument '\(other)' is no file name inside the bundle; main.caml read")
        }
        switch dict["geometryFlipped"] {
        case nil: break
        case let flip as Bool: geometryFlipped = flip
        case let flip as NSNumber: geometryFlipped = flip.boolValue
        case let other?: warn("geometryFlipped '\(other)' is not a boolean; unflipped")
        }
    }
}
