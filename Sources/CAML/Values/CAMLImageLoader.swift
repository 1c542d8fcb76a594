import Foundation
import QuartzCore
import CoreGraphics

/// Resolves and decodes the images a scene names (`<CGImage src="…"/>`), once each.
///
/// `src` may be relative to the document's bundle (`assets/a.png`, also written `/assets/a.png`
/// by editors), an absolute path or `file:` URL, or a `data:` URI (base64 or percent-encoded).
/// Remote URLs are never fetched. A file is read only when it resolves (links and `..`
/// followed) inside the scene's folder or a folder the user allowed (`AssetFolders`);
/// anything else is refused with one warning. Images are cached by the file they resolve to, so
/// `./a.png` and `.//a.png` are one image. Files over `maximumFileByteCount`, data URIs over
/// `maximumDataURIByteCount`, images past `CGImage.decode`'s own limits, and images whose header
/// declares more pixels than are left of `maximumTotalPixelBytes` (counted as drawn: 4 bytes a
/// pixel; checked before any pixel is decoded) all give a warning and no image.
final class CAMLImageLoader {
    static let maximumFileByteCount = 64 << 20
    static let maximumDataURIByteCount = 8 << 20
    static let maximumTotalPixelBytes = 512 << 20

    /// The pixel budget of this loader (`maximumTotalPixelBytes` unless a test sets another).
    let budget: Int
    /// Where files may be read from (none: only `data:` URIs).
    let folders: AssetFolders

    init(folders: [URL] = [], budget: Int = CAMLImageLoader.maximumTotalPixelBytes) {
        self.budget = budget
        self.folders = AssetFolders(folders)
    }

    private var cache: [String: CGImage] = [:]
    private var failed: Set<String> = []
    private var totalPixelBytes = 0

    /// The image `src` names, relative to `base` (the bundle folder), or nil with a warning.
    func image(_ src: String, base: URL, warn: (String) -> Void) -> CGImage? {
        let spelling = src.hasPrefix("data:") ? src : base.path + "\u{0}" + src
        if failed.contains(spelling) { warn("image '\(short(src))' could not be read (see above); contents left empty"); return nil }
        let data: Data, key: String
        switch load(src, base: base) {
        case .success(let d, let resolved): data = d; key = resolved ?? spelling
        case .failure(let message):
            failed.insert(spelling); warn(message + "; contents left empty"); return nil
        case .cached(let resolved):
            if let hit = cache[resolved] { return hit }
            failed.insert(spelling)
            warn("image '\(short(src))' could not be read (see above); contents left empty"); return nil
        }
        let left = max(0, budget - totalPixelBytes) / 4
        do {
            let image = try CGImage.decode(from: data, maximumPixelCount: left)
            // Counted as drawn, not as decoded: the compositor keeps every image as premultiplied
            // ARGB32 (4 bytes a pixel), so a 1-bit grey PNG costs 32 times its decoded size.
            totalPixelBytes += image.width * image.height * 4
            cache[key] = image
            return image
        } catch .overPixelBudget(_, let width, let height, _) {
            failed.insert(spelling); failed.insert(key)
            warn("image '\(short(src))' skipped: its \(width)×\(height) pixels would bring the scene's images to "
                 + "\((totalPixelBytes + width * height * 4) >> 20) MiB drawn (4 bytes a pixel; at most \(budget >> 20) MiB)")
            return nil
        } catch {
            failed.insert(spelling); failed.insert(key)
            warn("image '\(short(src))' could not be decoded (\(error)); contents left empty")
            return nil
        }
    }

    private enum Loaded { case success(Data, resolved: String?), cached(String), failure(String) }

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
                // Editors write bundle paths as "/assets/a.png": the bundle's copy comes first.
                candidates.append(base.appendingPathComponent(String(p.drop { $0 == "/" })))
                candidates.append(URL(fileURLWithPath: p))
            } else {
                candidates.append(base.appendingPathComponent(p))
            }
        }
        switch folders.firstFile(in: candidates) {
        case .inside(let resolved):
            if cache[resolved] != nil || failed.contains(resolved) { return .cached(resolved) }
            switch folders.read(resolved, limit: Self.maximumFileByteCount) {
            case .data(let d): return .success(d, resolved: resolved)
            case .failure(let why, _): failed.insert(resolved); return .failure("image '\(short(src))' \(why)")
            }
        case .outside:
            return .failure("image '\(short(src))' is outside the scene's folder and was not read "
                            + "(allow its folder explicitly, e.g. carender --allow-outside-assets DIR)")
        case .missing:
            return .failure("image '\(short(src))' not found")
        }
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
            return .success(d, resolved: nil)
        }
        guard let text = payload.removingPercentEncoding else { return .failure("data: URI has invalid percent-encoding") }
        return .success(Data(text.utf8), resolved: nil)
    }

    private func short(_ src: String) -> String {
        src.count > 60 ? String(src.prefix(40)) + "…(\(src.count) characters)" : src
    }
}
