import Foundation

/// What `-o OUT` names, by its extension, and the checks made on it before any rendering.
enum OutputPath {
    enum Format: Equatable { case png, jpeg, pdf, video(VideoContainer), folder }

    /// The format OUT's extension asks for; nil for an extension carender does not write
    /// (`-o x.avi` is refused rather than becoming a folder of PNGs named `x.avi`). A path
    /// without an extension, or ending in "/", is a folder of PNGs.
    static func format(of output: String) -> Format? {
        if output.hasSuffix("/") { return .folder }
        let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
        switch ext {
        case "": return .folder
        case "png": return .png
        case "jpg", "jpeg": return .jpeg
        case "pdf": return .pdf
        default: return VideoContainer(rawValue: ext).map { .video($0) }
        }
    }

    static let writtenExtensions = ".png, .jpg, .pdf, .mp4, .mov, .mkv, .webm, .gif, or a folder (no extension, or a trailing /)"

    /// Names the file system cannot hold, checked before rendering.
    static func checkName(_ target: URL) throws(OutputError) {
        if target.lastPathComponent.utf8.count > 255 || target.path.utf8.count >= 4000 {
            throw OutputError("the name \(printable(target.lastPathComponent.prefix(40) + "…")) is too long for the file system")
        }
    }

    /// A file output: absent, a regular file, or a link the user named (replaced, not followed).
    static func checkFile(_ target: URL) throws(OutputError) {
        try checkName(target)
        var st = stat()
        guard lstat(target.path, &st) == 0 else { return }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFLNK else {
            throw OutputError("\(printable(target.path)) exists and is not a regular file; not replaced")
        }
    }

    /// A folder output: absent or a folder.
    static func checkFolder(_ target: URL) throws(OutputError) {
        try checkName(target)
        var st = stat()
        guard stat(target.path, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw OutputError("\(printable(target.path)) exists and is not a folder")
        }
        guard access(target.path, W_OK) == 0 else {
            throw OutputError("\(printable(target.path)) is not writable")
        }
    }
}
