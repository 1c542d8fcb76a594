import Foundation

/// Atomic output: a file is written to a temporary name and renamed over the destination; a
/// bundle or `.wallpaper` folder is built under a temporary name beside the destination and
/// moved into place only once complete. A failure removes what was built and leaves the
/// destination as it was.
enum CAMLFileOutput {
    static func writeFile(_ data: Data, to url: URL, atomically: Bool = true) throws(CAMLWriteError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue {
            throw CAMLWriteError(.unwritableFile, path: url.path, "a folder is in the way; not replaced")
        }
        do { try data.write(to: url, options: atomically ? .atomic : []) } catch {
            throw CAMLWriteError(.unwritableFile, path: url.path, "cannot be written (\(error.localizedDescription))")
        }
    }

    static func createFolder(_ url: URL) throws(CAMLWriteError) {
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            throw CAMLWriteError(.unwritableFile, path: url.path, "the folder cannot be created (\(error.localizedDescription))")
        }
    }

    /// Builds a folder with `build` (given an empty temporary folder) and moves it to `url`,
    /// replacing a scene folder already there (one holding `main.caml`, `index.xml` or `.ca`
    /// bundles, or nothing); any other file or folder at `url` is an error. Only the scene's own
    /// files are replaced: everything else in the old folder is moved into the new one first
    /// (`CAMLFolderMerge`).
    ///
    /// A run killed half way leaves `.NAME.tmp-TAG` / `.NAME.old-TAG` beside `url`; the next
    /// replacement of `url` first puts the user's files from them back (`CAMLFolderRecovery`).
    /// Both folders are locked while this works, so a concurrent run never recovers them.
    static func replaceFolder(at url: URL, _ build: (URL) throws(CAMLWriteError) -> Void) throws(CAMLWriteError) {
        let fm = FileManager.default
        let parent = url.deletingLastPathComponent()
        CAMLFolderRecovery.recover(url)
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: url.path, isDirectory: &isDir)
        if exists {
            let names = (try? fm.contentsOfDirectory(atPath: url.path)) ?? ["?"]
            let isScene = isDir.boolValue && (names.isEmpty || names.contains("main.caml") || names.contains("index.xml")
                                              || names.contains { $0.hasSuffix(".ca") })
            guard isScene else {
                throw CAMLWriteError(.unwritableFile, path: url.path, "something that is not a scene folder is in the way; not replaced")
            }
        }
        let tag = UUID().uuidString.prefix(tagLength)
        let temporary = parent.appendingPathComponent(".\(url.lastPathComponent).tmp-\(tag)")
        try createFolder(parent)
        // Not `withIntermediateDirectories`, which accepts a folder (or a link to one) already
        // there: the temporary folder must be new.
        do { try fm.createDirectory(at: temporary, withIntermediateDirectories: false) } catch {
            throw CAMLWriteError(.unwritableFile, path: url.path, "the folder cannot be created (\(error.localizedDescription))")
        }
        let tmpLock = FolderLock(try: temporary)
        defer { tmpLock.release() }
        do { try build(temporary) } catch {
            try? fm.removeItem(at: temporary)
            throw error
        }
        let old = parent.appendingPathComponent(".\(url.lastPathComponent).old-\(tag)")
        var carried: [(from: URL, to: URL)] = []
        let oldLock = exists ? FolderLock(try: url) : nil   // the lock follows it to `old`
        defer { oldLock?.release() }
        do {
            if exists { try CAMLFolderMerge.carryOver(from: url, into: temporary, moved: &carried) }
            if exists { try fm.moveItem(at: url, to: old) }
            do { try fm.moveItem(at: temporary, to: url) } catch {
                if exists { try? fm.moveItem(at: old, to: url) }
                throw error
            }
            if exists { try? fm.removeItem(at: old) }
        } catch {
            // The user's files go back where they were before the new folder is dropped.
            for m in carried.reversed() { try? fm.moveItem(at: m.to, to: m.from) }
            try? fm.removeItem(at: temporary)
            throw CAMLWriteError(.unwritableFile, path: url.path, "cannot be moved into place (\(error.localizedDescription))")
        }
    }

    /// Characters of the random tag naming a replacement's `.NAME.tmp-TAG` and `.NAME.old-TAG`.
    static let tagLength = 8

    /// A bundle's `index.xml` property list: `rootDocument` and, when set, `geometryFlipped`.
    static func indexXML(flipped: Bool) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>rootDocument</key>
          <string>main.caml</string>\(flipped ? "\n  <key>geometryFlipped</key>\n  <true/>" : "")
        </dict>
        </plist>

        """
    }
}
