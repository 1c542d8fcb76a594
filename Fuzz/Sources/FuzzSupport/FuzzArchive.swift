import Foundation

/// A folder tree packed into one fuzz input, so a fuzzer can mutate a whole `.ca` bundle or
/// `.wallpaper` (index.xml, documents, images) at once. The format is text-friendly: each file
/// starts with a line `@file RELATIVE/PATH` and runs to the next such line; bytes before the
/// first are ignored. `scripts/fuzz.sh` packs the real scenes into seeds this way.
public enum FuzzArchive {
    public static let marker = Array("\n@file ".utf8)
    static let maximumFiles = 48
    static let maximumDepth = 5

    /// The files of `bytes` (path → contents); paths that could leave the folder, or hold
    /// characters other than letters, digits and `._-@~ `, are dropped.
    public static func unpack(_ bytes: [UInt8]) -> [(path: String, contents: [UInt8])] {
        let data = [UInt8]("\n".utf8) + bytes
        var starts: [Int] = []
        var i = 0
        while i + marker.count <= data.count {
            if data[i] == marker[0], Array(data[i..<i + marker.count]) == marker { starts.append(i); i += marker.count } else { i += 1 }
        }
        var files: [(String, [UInt8])] = []
        for (n, s) in starts.enumerated() where files.count < maximumFiles {
            let end = n + 1 < starts.count ? starts[n + 1] : data.count
            let body = data[(s + marker.count)..<end]
            guard let newline = body.firstIndex(of: UInt8(ascii: "\n")) else { continue }
            guard let path = String(bytes: body[body.startIndex..<newline], encoding: .utf8),
                  isSafe(path) else { continue }
            files.append((path, Array(body[(newline + 1)...])))
        }
        return files
    }

    static func isSafe(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= maximumDepth else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part != "." && part != ".." && part.count <= 120
                && part.unicodeScalars.allSatisfy { c in
                    CharacterSet.alphanumerics.contains(c) && c.isASCII || "._-@~ ".unicodeScalars.contains(c)
                }
        }
    }

    /// Writes the files under `folder`, replacing what an earlier input left there.
    public static func write(_ files: [(path: String, contents: [UInt8])], into folder: URL) {
        let fm = FileManager.default
        try? fm.removeItem(at: folder)
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for f in files {
            let url = folder.appendingPathComponent(f.path)
            try? fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A path used as both a file and a folder: the later one loses; fine for fuzzing.
            fm.createFile(atPath: url.path, contents: Data(f.contents))
        }
    }
}
