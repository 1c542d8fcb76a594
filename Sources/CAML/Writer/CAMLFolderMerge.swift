import Foundation

/// Replacing a scene folder removes only the scene: before the new folder takes the old one's
/// place, every entry of the old folder that is not a file the writer writes (`index.xml`,
/// `main.caml`, `assets/image-N.png`, and `.ca` bundles made of only those) and that the new
/// folder does not have is moved into the new folder, at any depth. A user's notes, photos or
/// `Wallpaper.plist` beside the scene survive a conversion onto it.
enum CAMLFolderMerge {
    /// `moved` collects each move made, so that a failure later can undo them.
    static func carryOver(from old: URL, into new: URL, moved: inout [(from: URL, to: URL)]) throws {
        let fm = FileManager.default
        for name in try fm.contentsOfDirectory(atPath: old.path) {
            let from = old.appendingPathComponent(name), to = new.appendingPathComponent(name)
            let inAssets = old.lastPathComponent == "assets"
            var toIsDir: ObjCBool = false, fromIsDir = false
            var st = stat()
            if lstat(from.path, &st) == 0 { fromIsDir = st.st_mode & S_IFMT == S_IFDIR }
            if fm.fileExists(atPath: to.path, isDirectory: &toIsDir) {
                if fromIsDir && toIsDir.boolValue { try carryOver(from: from, into: to, moved: &moved) }
                continue   // the writer's new file of the same name replaces it
            }
            if isWritten(name, inAssets: inAssets, isDirectory: fromIsDir, at: from) { continue }
            try fm.moveItem(at: from, to: to)
            moved.append((from, to))
        }
    }

    /// A name the writer writes, or a folder holding only such names.
    static func isWritten(_ name: String, inAssets: Bool, isDirectory: Bool, at url: URL) -> Bool {
        if isDirectory {
            guard name == "assets" || name.hasSuffix(".ca"),
                  let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return false }
            return names.allSatisfy { n in
                var st = stat()
                let path = url.appendingPathComponent(n)
                let dir = lstat(path.path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
                return isWritten(n, inAssets: name == "assets", isDirectory: dir, at: path)
            }
        }
        if inAssets {
            guard name.hasPrefix("image-"), name.hasSuffix(".png") else { return false }
            return name.dropFirst(6).dropLast(4).allSatisfy(\.isNumber)
        }
        return name == "index.xml" || name == "main.caml"
    }
}
