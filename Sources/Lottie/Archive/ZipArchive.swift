import Foundation
import CQuartzZlib

/// The entries of a zip archive (a `.lottie` file), read from its central directory
/// (PKWARE APPNOTE 4.3.12–4.3.16): stored and deflated entries only, no encryption, no zip64.
/// Sizes are checked before inflating, so a hostile archive cannot claim unbounded memory: each
/// entry is taken out at most once (many assets naming one entry share its bytes), and all the
/// entries taken out of one archive together are at most `maximumTotalSize` bytes.
struct ZipArchive {
    struct Entry { let name: String; let method: UInt16; let compressedSize: Int; let size: Int; let headerOffset: Int }
    let data: Data
    let entries: [Entry]
    /// The largest entry inflated (bytes).
    static let maximumEntrySize = 256 << 20
    /// The most bytes taken out of one archive, all entries together.
    static let maximumTotalSize = 256 << 20
    /// What may still be taken out (bytes); an entry is charged its declared size before inflating.
    private(set) var remaining: Int
    /// Entries already taken out (nil: damaged or refused), by name.
    private var extracted: [String: Data?] = [:]

    init(_ data: Data, maximumTotalSize: Int = Self.maximumTotalSize) throws(LottieError) {
        self.data = data
        remaining = maximumTotalSize
        let bytes = [UInt8](data)
        func u16(_ o: Int) -> Int { o + 2 <= bytes.count ? Int(bytes[o]) | Int(bytes[o + 1]) << 8 : 0 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        // The end-of-central-directory record is in the last 22 + 65535 bytes.
        var eocd = -1
        var o = bytes.count - 22
        while o >= max(0, bytes.count - 22 - 65535) {
            if u32(o) == 0x0605_4b50 { eocd = o; break }
            o -= 1
        }
        guard eocd >= 0 else { throw LottieError("not a zip archive: no end-of-central-directory record") }
        let count = u16(eocd + 10)
        var p = u32(eocd + 16)
        var entries: [Entry] = []
        for _ in 0..<count {
            guard p + 46 <= bytes.count, u32(p) == 0x0201_4b50 else { throw LottieError("zip central directory is damaged") }
            let nameLength = u16(p + 28), extra = u16(p + 30), comment = u16(p + 32)
            guard p + 46 + nameLength <= bytes.count else { throw LottieError("zip central directory is damaged") }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            entries.append(Entry(name: name, method: UInt16(u16(p + 10)), compressedSize: u32(p + 20),
                                 size: u32(p + 24), headerOffset: u32(p + 42)))
            p += 46 + nameLength + extra + comment
        }
        self.entries = entries
    }

    /// The bytes of the entry named `name`; nil when absent, damaged, too large (alone, or over
    /// what is left of the archive's total) or compressed by a method other than deflate.
    mutating func contents(of name: String) -> Data? {
        if let done = extracted[name] { return done }
        guard let e = entries.first(where: { $0.name == name }), e.size >= 0, e.size <= Self.maximumEntrySize,
              e.size <= remaining else { return nil }
        remaining -= e.size
        let bytes = extract(e)
        extracted[name] = bytes
        return bytes
    }

    /// Whether `name` is an entry too large for what is left of the archive's total.
    func isOverTotal(_ name: String) -> Bool {
        extracted[name] == nil && entries.contains { $0.name == name && $0.size > remaining }
    }

    private func extract(_ e: Entry) -> Data? {
        let o = e.headerOffset
        guard o >= 0, o + 30 <= data.count else { return nil }
        let b = data.startIndex
        func u16(_ i: Int) -> Int { Int(data[b + i]) | Int(data[b + i + 1]) << 8 }
        let start = o + 30 + u16(o + 26) + u16(o + 28)
        guard start >= 0, e.compressedSize >= 0, start + e.compressedSize <= data.count else { return nil }
        let raw = data.subdata(in: (b + start)..<(b + start + e.compressedSize))
        switch e.method {
        case 0: return raw
        case 8: return Self.inflate(raw, size: e.size)
        default: return nil
        }
    }

    static func inflate(_ raw: Data, size: Int) -> Data? {
        var out = [UInt8](repeating: 0, count: max(size, 1))
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = [UInt8](raw)
        let result: Int32 = input.withUnsafeMutableBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { outp in
                stream.next_in = inp.baseAddress
                stream.avail_in = uInt(inp.count)
                stream.next_out = outp.baseAddress
                stream.avail_out = uInt(outp.count)
                return CQuartzZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END, Int(stream.total_out) == size else { return nil }
        return Data(out.prefix(size))
    }
}

extension LottieAnimation {
    /// Reads a `.lottie` archive (https://dotlottie.io/spec/): the animation named first in
    /// `manifest.json` (else the first JSON under `animations/` or `a/`), with its images.
    init(archive data: Data) throws(LottieError) {
        var zip = try ZipArchive(data)
        var animationName: String?
        if let m = zip.contents(of: "manifest.json"),
           let manifest = try? JSONValue.parse(m),
           let id = manifest["animations"]?.array?.first?["id"]?.string {
            animationName = ["animations/\(id).json", "a/\(id).json"].first { n in zip.entries.contains { $0.name == n } }
        }
        if animationName == nil {
            animationName = zip.entries.first { ($0.name.hasPrefix("animations/") || $0.name.hasPrefix("a/")) && $0.name.hasSuffix(".json") }?.name
        }
        guard let name = animationName, let json = zip.contents(of: name) else {
            throw LottieError("the .lottie archive holds no readable animation")
        }
        try self.init(data: json)
        var warned: Set<String> = []
        for asset in assets.values where asset.layers == nil {
            guard let p = asset.imagePath, !p.hasPrefix("data:") else { continue }
            let file = (p as NSString).lastPathComponent
            guard let entry = zip.entries.first(where: { ($0.name.hasPrefix("images/") || $0.name.hasPrefix("i/")) && $0.name.hasSuffix("/" + file) }) else { continue }
            if let bytes = zip.contents(of: entry.name) {
                imageData[asset.id] = bytes
            } else if zip.isOverTotal(entry.name), warned.insert(entry.name).inserted {
                addWarning(LottieWarning(path: "", message: "image '\(entry.name)' not read: the archive's entries "
                    + "together would inflate past \(ZipArchive.maximumTotalSize >> 20) MiB"))
            }
        }
    }
}
