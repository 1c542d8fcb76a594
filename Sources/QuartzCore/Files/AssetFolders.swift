import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders a document may read images from: its own (a CAML scene's `.wallpaper` or `.ca`
/// folder or `.caml` file's folder; a Lottie `.json` file's folder) and any the user allowed
/// (`carender --allow-outside-assets DIR`). Shared by the CAML and Lottie readers so both confine
/// images by one rule.
///
/// A path is confined by what it *resolves* to: `..` components, absolute paths, `file:` URLs
/// and symbolic links anywhere on the way are followed first (`realpath`), and the result must lie
/// inside one of the folders, themselves resolved. Only regular files are read, opened without
/// following a final link and without blocking (a FIFO or device is refused, never waited on).
package struct AssetFolders: Sendable {
    /// Resolved absolute paths, each ending in "/".
    package let roots: [String]

    package init(_ folders: [URL]) {
        roots = folders.compactMap { Self.resolve($0.path).map { $0.hasSuffix("/") ? $0 : $0 + "/" } }
    }

    /// The canonical absolute path of `path` (links, `.` and `..` resolved), or nil when it
    /// does not exist.
    package static func resolve(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    package func contains(_ resolved: String) -> Bool {
        roots.contains { resolved.hasPrefix($0) }
    }

    /// Where a file named by several candidate paths (first match wins) lies: the first that
    /// resolves to a regular file inside the folders, else whether one resolved outside them, so
    /// both image loaders (CAML and Lottie) refuse by the same rule and can say why.
    package enum Lookup { case inside(String), outside, missing }

    package func firstFile(in candidates: [URL]) -> Lookup {
        var outside = false
        for url in candidates {
            guard let resolved = Self.resolve(url.path) else { continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDir), !isDir.boolValue else { continue }
            guard contains(resolved) else { outside = true; continue }
            return .inside(resolved)
        }
        return outside ? .outside : .missing
    }

    /// The bytes, or why there are none (`overLimit`: the file is larger than the limit).
    package enum Read { case data(Data), failure(String, overLimit: Bool = false) }

    /// The bytes of the regular file at `resolved` (a path from `resolve`), at most `limit`.
    /// Opened with `O_NOFOLLOW | O_NONBLOCK`, so a link swapped in after resolving, a FIFO or a
    /// device fails instead of being followed or waited on; the size is checked on the open file,
    /// and the file actually opened must still lie inside the folders (a folder on the way
    /// swapped for a link between resolving and opening is caught here).
    package func read(_ resolved: String, limit: Int) -> Read {
        let fd = open(resolved, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure("cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        if let opened = Self.resolve("/proc/self/fd/\(fd)"), !contains(opened) {
            return .failure("moved outside the allowed folders while being opened; not read")
        }
        return Self.readOpened(fd, limit: limit)
    }

    /// The bytes of the regular file at `path` (links followed), at most `limit`: the size checked
    /// is that of the file actually opened, so a small link to a large file is refused too. Used
    /// for the documents themselves (`.caml`, Lottie `.json`).
    package static func readDocument(_ path: String, limit: Int) -> Read {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return .failure("cannot be opened (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        return readOpened(fd, limit: limit)
    }

    /// Reads the open regular file `fd` whole when `fstat` says it is at most `limit` bytes.
    private static func readOpened(_ fd: Int32, limit: Int) -> Read {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return .failure("is not a regular file") }
        let size = Int(st.st_size)
        guard size <= limit else { return .failure("is \(size) bytes; at most \(limit) are read", overLimit: true) }
        var data = Data(count: size)
        var done = 0
        let ok = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Bool in
            while done < size {
                let n = Glibc.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return n == 0 }
                done += n
            }
            return true
        }
        guard ok else { return .failure("cannot be read (\(String(cString: strerror(errno))))") }
        data.count = done
        return .data(data)
    }
}
