import Foundation

/// A `.ca` bundle's `index.xml`: a property list naming the root document (`rootDocument`) and
/// the document's host flip (`geometryFlipped`). Missing or unreadable → `main.caml`, unflipped
/// (with a warning when the file exists but cannot be read). Other keys (guides, looping,
/// touches…) are editor settings and are ignored.
struct CAMLBundleIndex {
    var rootDocument: String?
    var geometryFlipped = false
    /// Largest `index.xml` read (a real one is under 2 KB).
    static let maximumByteCount = 1 << 20

    init(bundle: URL, context: CAMLReadContext) {
        let url = bundle.appendingPathComponent("index.xml")
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumByteCount else {
            context.log.warn(url.path, 0, "index.xml is \(size) bytes, over the \(Self.maximumByteCount) read; "
                             + "ignored: main.caml read, unflipped")
            return
        }
        guard let data = try? Data(contentsOf: url) else { return }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
              let dict = plist as? [String: Any] else {
            context.log.warn(url.path, 0, "index.xml is not a readable property list; main.caml read, unflipped")
            return
        }
        if let name = dict["rootDocument"] as? String, !name.isEmpty, !name.contains("..") { rootDocument = name }
        if let flip = dict["geometryFlipped"] as? Bool { geometryFlipped = flip }
        else if let flip = dict["geometryFlipped"] as? NSNumber { geometryFlipped = flip.boolValue }
    }
}
