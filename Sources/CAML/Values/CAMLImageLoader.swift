import Foundation
import CoreGraphics

/// Resolves and decodes the images a scene names (`<CGImage src="…"/>`), once each.
///
/// `src` may be relative to the document's bundle (`assets/a.png`, also written `/assets/a.png`
/// by editors), an absolute path or `file:` URL, or a `data:` URI (base64 or percent-encoded).
/// Remote URLs are never fetched. Files over `maximumFileByteCount`, data URIs over
/// `maximumDataURIByteCount`, images past `CGImage.decode`'s own limits, and images once
/// `maximumTotalPixelBytes` of pixels (counted as drawn: 4 bytes a pixel) are held all give a
/// warning and no image.
final class CAMLImageLoader {
    static let maximumFileByteCount = 64 << 20
    static let maximumDataURIByteCount = 8 << 20
    static let maximumTotalPixelBytes = 512 << 20

    /// The pixel budget of this loader (`maximumTotalPixelBytes` unless a test sets another).
    let budget: Int
    init(budget: Int = CAMLImageLoader.maximumTotalPixelBytes) { self.budget = budget }

    private var cache: [String: CGImage] = [:]
    private var failed: Set<String> = []
    private var totalPixelBytes = 0

    /// The image `src` names, relative to `base` (the bundle folder), or nil with a warning.
    func image(_ src: String, base: URL, warn: (String) -> Void) -> CGImage? {
        let key = src.hasPrefix("data:") ? src : base.path + "\u{0}" + src
        if let hit = cache[key] { return hit }
        if failed.contains(key) { warn("image '\(short(src))' could not be read (see above); contents left empty"); return nil }
        let data: Data
        switch load(src, base: base) {
        case .success(let d): data = d
        case .failure(let message):
            failed.insert(key); warn(message + "; contents left empty"); return nil
        }
        do {
            let image = try CGImage.decode(from: data)
            // Counted as drawn, not as decoded: the compositor keeps every image as premultiplied
            // ARGB32 (4 bytes a pixel), so a 1-bit grey PNG costs 32 times its decoded size.
            let bytes = image.width * image.height * 4
            guard totalPixelBytes + bytes <= budget else {
                failed.insert(key)
                warn("image '\(short(src))' skipped: with it the scene's images would take "
                     + "\((totalPixelBytes + bytes) >> 20) MiB drawn (4 bytes a pixel; at most \(budget >> 20) MiB)")
                return nil
            }
            totalPixelBytes += bytes
            cache[key] = image
            return image
        } catch {
            failed.insert(key)
            warn("image '\(short(src))' could not be decoded (\(error)); contents left empty")
            return nil
        }
    }

    private enum Loaded { case success(Data), failure(String) }

    private func load(_ src: String, base: URL) -> Loaded {
        if src.hasPrefix("data:") { return dataURI(src) }
        let lower = src.lowercased()
        if lower.hasPrefix("http:") || lower.hasPrefix("https:") || lower.hasPrefix("ftp:") {
            return .failure("image '\(short(src))' is remote; remote images are never fetched")
        }
        var candidates: [URL] = []
        let path = lower.hasPrefix("file:") ? (URL(string: src)?.path ?? String(src.dropFirst(5))) : src
        let decoded = path.removingPercentEncoding ?? path
        for p in Set([path, decoded]).sorted() {
            if p.hasPrefix("/") {
                candidates.append(URL(fileURLWithPath: p))
                candidates.append(base.appendingPathComponent(String(p.drop { $0 == "/" })))
            } else {
                candidates.append(base.appendingPathComponent(p))
            }
        }
        for url in candidates {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue else { continue }
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= Self.maximumFileByteCount else {
                return .failure("image '\(short(src))' is \(size) bytes; at most \(Self.maximumFileByteCount) are read")
            }
            guard let d = try? Data(contentsOf: url) else { return .failure("image '\(short(src))' cannot be read") }
            return .success(d)
        }
        return .failure("image '\(short(src))' not found")
    }

    /// `data:[<type>][;base64],<payload>`.
    private func dataURI(_ src: String) -> Loaded {
        guard src.utf8.count <= Self.maximumDataURIByteCount else {
            return .failure("data: URI of \(src.utf8.count) bytes is over the \(Self.maximumDataURIByteCount)-byte limit")
        }
        guard let comma = src.firstIndex(of: ",") else { return .failure("data: URI without a comma") }
        let header = src[..<comma], payload = String(src[src.index(after: comma)...])
        if header.hasSuffix(";base64") {
            let cleaned = payload.filter { !$0.isWhitespace }
            guard let d = Data(base64Encoded: cleaned) ?? Data(base64Encoded: cleaned + String(repeating: "=", count: (4 - cleaned.count % 4) % 4)) else {
                return .failure("data: URI has invalid base64")
            }
            return .success(d)
        }
        guard let text = payload.removingPercentEncoding else { return .failure("data: URI has invalid percent-encoding") }
        return .success(Data(text.utf8))
    }

    private func short(_ src: String) -> String {
        src.count > 60 ? String(src.prefix(40)) + "…(\(src.count) characters)" : src
    }
}
