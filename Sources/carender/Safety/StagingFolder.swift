import Foundation

/// A private folder beside an output, where the output is built before it is put in place.
///
/// Made with `mkdtemp` (an exclusive create under an unpredictable name, mode 0700), so nobody
/// else can plant a link or a file in it, and nothing is ever opened through a name someone else
/// could have prepared. The folder is named `.NAME.carender-XXXXXX` (NAME cut to keep the name
/// legal) and locked (`flock`) while this process lives; a folder of that pattern whose lock is
/// free was left by a killed run and is removed by the next run to the same output.
final class StagingFolder {
    let url: URL
    let target: URL
    private var lock: Int32

    /// Creates the target's missing parent folders, removes stale staging folders of the same
    /// target and makes a new one.
    init(for target: URL) throws(OutputError) {
        self.target = target
        let parent = target.deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw OutputError("cannot create the folder \(printable(parent.path)): \(error.localizedDescription)")
        }
        let prefix = Self.prefix(for: target)
        Self.removeStale(in: parent, prefix: prefix, target: target)
        var template = Array(parent.appendingPathComponent(prefix + "XXXXXX").path.utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw OutputError("cannot create a file in \(printable(parent.path)): \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        url = URL(fileURLWithPath: path)
        lock = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if lock >= 0 { _ = flock(lock, LOCK_EX | LOCK_NB) }
    }

    /// `.NAME.carender-`, NAME cut to 200 bytes (at a character boundary) so the folder name
    /// stays under the 255-byte limit.
    static func prefix(for target: URL) -> String {
        var name = target.lastPathComponent
        while name.utf8.count > 200 { name.removeLast() }
        return "." + name + ".carender-"
    }

    /// Removes folders `prefix` + 6 characters in `parent` that are real folders of ours and
    /// that no live run holds locked; one left in the middle of moving frames into `target`
    /// first puts the target folder back as it was (`recoverInterruptedMove`).
    static func removeStale(in parent: URL, prefix: String, target: URL? = nil) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6 {
            let path = parent.appendingPathComponent(name).path
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR, st.st_uid == geteuid() else { continue }
            let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }   // a live run holds it
            if let target { recoverInterruptedMove(from: URL(fileURLWithPath: path), into: target) }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The frames a killed run was moving into the existing folder `target` are undone: each
    /// old frame kept aside (`.previous/NAME`) goes back over its name, and each frame that was
    /// new to the folder (listed in `.new-frames` before the first move) is removed, so the
    /// folder is as it was before that run.
    static func recoverInterruptedMove(from staging: URL, into target: URL) {
        let aside = staging.appendingPathComponent(".previous")
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: aside.path, isDirectory: &isDir), isDir.boolValue else { return }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: aside.path)) ?? [] where FrameWriter.isFrameName(name) {
            rename(aside.appendingPathComponent(name).path, target.appendingPathComponent(name).path)
        }
        let list = (try? String(contentsOf: staging.appendingPathComponent(".new-frames"), encoding: .utf8)) ?? ""
        for name in list.split(separator: "\n").map(String.init) where FrameWriter.isFrameName(name) {
            unlink(target.appendingPathComponent(name).path)
        }
        note("put \(printable(target.path)) back as it was before a run that was killed while moving its frames in")
    }

    /// Renames the staged file `name` over the target. `rename` replaces the target's own
    /// directory entry and never writes through it.
    func commitFile(_ name: String) throws(OutputError) {
        checkNotInterrupted()
        guard rename(url.appendingPathComponent(name).path, target.path) == 0 else {
            throw OutputError("cannot move the finished file to \(printable(target.path)): \(String(cString: strerror(errno)))")
        }
    }

    /// The last moment an interrupt still leaves nothing: a signal that came before this point
    /// (even during the last frame's encoding) removes the folder and ends the run, exit 130; one
    /// after it finds the output in place, and the run ends 0.
    func checkNotInterrupted() {
        if ProcessInfo.processInfo.environment["CARENDER_FAULT"] == "signal-before-publish" { raise(SIGTERM) }
        guard interrupted != 0 else { return }
        remove()
        checkInterrupted(nil)
    }

    /// Deletes the folder and all it holds.
    func remove() {
        try? FileManager.default.removeItem(at: url)
        if lock >= 0 { close(lock); lock = -1 }
    }

    deinit { if lock >= 0 { close(lock) } }
}

/// An output that cannot be written (exit 73).
struct OutputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
