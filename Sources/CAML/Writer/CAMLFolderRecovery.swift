import Foundation

/// Puts back what a killed run of `CAMLFileOutput.replaceFolder` left half done, before the
/// next write to the same folder. A replacement of OUT uses two folders beside it, named by one
/// random tag: `.OUT.tmp-TAG` (the new scene, then the user's files carried into it) and
/// `.OUT.old-TAG` (OUT moved aside). A kill after each step leaves:
/// 1. the new scene written into tmp    → tmp (only files the writer writes); OUT as it was
/// 2. the user's files carried into tmp → tmp holds some of them, OUT the rest
/// 3. OUT renamed to old                → old and tmp, no OUT
/// 4. tmp renamed to OUT                → OUT (new, with the user's files) and old (the old scene)
/// Recovery moves every file that is not one the writer writes (`CAMLFolderMerge.isWritten`)
/// back into the user's folder, renames old back to OUT when OUT is missing, and deletes a
/// leftover folder only when all it still holds is writer's files. It never deletes anything
/// else: a file it cannot place (the name is taken) stays where it is and is reported. A run
/// still at work holds a lock (`flock`) on its folders; those are left alone.
enum CAMLFolderRecovery {
    /// Recovers every interrupted replacement of `url`; returns one line per thing done or left.
    @discardableResult
    static func recover(_ url: URL) -> [String] {
        let fm = FileManager.default
        let parent = url.deletingLastPathComponent(), name = url.lastPathComponent
        guard let names = try? fm.contentsOfDirectory(atPath: parent.path) else { return [] }
        var tags: Set<String> = []
        for n in names {
            for kind in ["tmp", "old"] {
                let prefix = ".\(name).\(kind)-"
                if n.hasPrefix(prefix), n.count == prefix.count + CAMLFileOutput.tagLength { tags.insert(String(n.dropFirst(prefix.count))) }
            }
        }
        var report: [String] = []
        for tag in tags.sorted() {
            let tmp = parent.appendingPathComponent(".\(name).tmp-\(tag)"), old = parent.appendingPathComponent(".\(name).old-\(tag)")
            let locks = [tmp, old].compactMap { ownFolder($0) ? FolderLock(try: $0) : nil }
            defer { locks.forEach { $0.release() } }
            guard locks.allSatisfy(\.held) else { continue }   // a live run is at work
            let hasTmp = ownFolder(tmp), hasOld = ownFolder(old)
            guard hasTmp || hasOld else { continue }
            report.append("\(url.path): an earlier run was interrupted; recovering from its folders (\(tag))")
            if hasOld, !exists(url) {
                if hasTmp { restore(from: tmp, into: old, report: &report) }
                if rename(old.path, url.path) != 0 {
                    report.append("\(old.path): cannot be renamed back to \(url.lastPathComponent) (\(String(cString: strerror(errno)))); left as it is")
                    continue
                }
            }
            for leftover in [tmp, old] where ownFolder(leftover) {
                if exists(url) { restore(from: leftover, into: url, report: &report) }
                if onlyWritten(leftover) {
                    try? fm.removeItem(at: leftover)
                } else {
                    report.append("\(leftover.path): holds files that could not be put back; left for you")
                }
            }
        }
        return report
    }

    /// Moves each entry of `from` that the writer does not write into `into` at the same place,
    /// descending into folders both have. Writer's names count only where the writer puts them
    /// (`writerPlace`: the top, `assets`, `.ca` bundles); in any other folder every file is the user's.
    private static func restore(from: URL, into: URL, writerPlace: Bool = true, report: inout [String]) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: from.path) else { return }
        for n in names {
            let s = from.appendingPathComponent(n), d = into.appendingPathComponent(n)
            let dir = isFolder(s), writerFolder = writerPlace && (n == "assets" || n.hasSuffix(".ca"))
            if writerPlace, written(n, in: from, isDirectory: dir) { continue }
            if dir, isFolder(d) || (!exists(d) && writerFolder && (try? fm.createDirectory(at: d, withIntermediateDirectories: false)) != nil) {
                restore(from: s, into: d, writerPlace: writerFolder, report: &report)
            } else if exists(d) {
                report.append("\(s.path): not put back, \(d.path) exists")
            } else if rename(s.path, d.path) != 0 {
                report.append("\(s.path): cannot be put back (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Whether everything in `folder` is a file the writer writes where it writes it, or a
    /// folder holding only such files or nothing (one whose files were put back).
    private static func onlyWritten(_ folder: URL, writerPlace: Bool = true) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        return names.allSatisfy { n in
            let u = folder.appendingPathComponent(n), dir = isFolder(u)
            return (writerPlace && written(n, in: folder, isDirectory: dir))
                || (dir && onlyWritten(u, writerPlace: writerPlace && (n == "assets" || n.hasSuffix(".ca"))))
        }
    }

    private static func written(_ name: String, in folder: URL, isDirectory: Bool) -> Bool {
        CAMLFolderMerge.isWritten(name, inAssets: folder.lastPathComponent == "assets", isDirectory: isDirectory,
                                  at: folder.appendingPathComponent(name))
    }

    private static func exists(_ u: URL) -> Bool { var st = stat(); return lstat(u.path, &st) == 0 }

    private static func isFolder(_ u: URL) -> Bool {
        var st = stat()
        return lstat(u.path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// A real folder (not a link) owned by this user: only those are ours to recover.
    private static func ownFolder(_ u: URL) -> Bool {
        var st = stat()
        return lstat(u.path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_uid == geteuid()
    }
}

/// An exclusive `flock` on a folder, held by a replacement while it works, so a concurrent
/// run's recovery leaves its folders alone (the lock stays with the folder through renames).
final class FolderLock {
    private var fd: Int32
    private(set) var held = false

    /// Takes the lock without waiting; `held` says whether it was free.
    init(try url: URL) {
        fd = open(url.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        held = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    func release() {
        if fd >= 0 { close(fd); fd = -1 }
        held = false
    }

    deinit { release() }
}

extension CAMLWriter {
    /// Puts back what a killed write of a `.ca` or `.wallpaper` folder to `url` left beside it
    /// (`.NAME.tmp-TAG`, `.NAME.old-TAG`): the user's files return to `url`, `url` itself is
    /// renamed back if the kill left it aside, and leftover folders holding only the writer's
    /// files are removed. `write(_:to:)` does this itself first; call it earlier to decide on
    /// `url` as the user left it. Returns one line per thing done or left in place.
    public static func recoverInterruptedWrite(to url: URL) -> [String] {
        CAMLFolderRecovery.recover(url)
    }
}
