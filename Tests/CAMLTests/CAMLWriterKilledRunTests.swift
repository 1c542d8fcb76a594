import Testing
import Foundation
import QuartzCore
@testable import CAML

/// A `.ca` replacement killed after each of its steps (the leftover folders made on disk as the
/// kill leaves them) is recovered by the next run: the user's files are back in the folder, the
/// writer's leftovers are gone, nothing else is deleted (docs/SECURITY.md).
@Suite struct CAMLWriterKilledRunTests {
    let fm = FileManager.default

    /// A parent folder holding `out.ca` as a user has it: the old scene (index.xml, main.caml,
    /// assets/image-0.png) with the user's notes.txt, photos/a.jpg and assets/readme.txt.
    func setUp() throws -> (root: URL, out: URL) {
        let root = fm.temporaryDirectory.appendingPathComponent("caml-killed-\(UUID().uuidString)")
        let out = root.appendingPathComponent("out.ca")
        try fm.createDirectory(at: out.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try fm.createDirectory(at: out.appendingPathComponent("photos"), withIntermediateDirectories: true)
        for name in Self.scene + Self.user { try write("old " + name, out.appendingPathComponent(name)) }
        return (root, out)
    }

    static let scene = ["index.xml", "main.caml", "assets/image-0.png"]
    static let user = ["notes.txt", "photos/a.jpg", "assets/readme.txt"]
    /// What `CAMLFolderMerge.carryOver` moves for them: a folder the new scene lacks goes whole.
    static let carried = ["notes.txt", "photos", "assets/readme.txt"]

    func write(_ text: String, _ url: URL) throws {
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    /// A new scene's files written into `folder` (step 1).
    func newScene(in folder: URL) throws {
        for name in ["index.xml", "main.caml", "assets/image-0.png", "assets/image-1.png"] {
            try write("new " + name, folder.appendingPathComponent(name))
        }
    }

    func move(_ name: String, from: URL, to: URL) throws {
        try fm.createDirectory(at: to.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.moveItem(at: from.appendingPathComponent(name), to: to.appendingPathComponent(name))
    }

    /// What is left beside `out.ca` other than itself.
    func leftovers(_ root: URL) -> [String] {
        ((try? fm.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0 != "out.ca" }.sorted()
    }

    func expectUserFiles(_ out: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in Self.user {
            #expect(read(out.appendingPathComponent(name)) == "old " + name, "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test func killedAfterWritingTheNewScene() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0001")
        try newScene(in: tmp)
        let report = CAMLWriter.recoverInterruptedWrite(to: out)
        #expect(report.count == 1 && report[0].contains("interrupted"), "\(report)")
        expectUserFiles(out)
        #expect(read(out.appendingPathComponent("main.caml")) == "old main.caml")   // the old scene, untouched
        #expect(leftovers(root).isEmpty, "\(leftovers(root))")
    }

    @Test func killedWhileCarryingTheUsersFiles() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0002")
        try newScene(in: tmp)
        try move("notes.txt", from: out, to: tmp)           // carried so far: a file at the top…
        try move("assets/readme.txt", from: out, to: tmp)   // …and one inside assets
        CAMLWriter.recoverInterruptedWrite(to: out)
        expectUserFiles(out)
        #expect(read(out.appendingPathComponent("assets/image-0.png")) == "old assets/image-0.png")
        #expect(!fm.fileExists(atPath: out.appendingPathComponent("assets/image-1.png").path))
        #expect(leftovers(root).isEmpty, "\(leftovers(root))")
    }

    @Test func killedWithTheFolderMovedAside() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0003"), old = root.appendingPathComponent(".out.ca.old-AAAA0003")
        try newScene(in: tmp)
        for name in Self.carried { try move(name, from: out, to: tmp) }
        try fm.moveItem(at: out, to: old)                   // no out.ca on disk now
        CAMLWriter.recoverInterruptedWrite(to: out)
        expectUserFiles(out)
        #expect(read(out.appendingPathComponent("main.caml")) == "old main.caml")   // rolled back
        #expect(leftovers(root).isEmpty, "\(leftovers(root))")
    }

    @Test func killedBeforeRemovingTheOldFolder() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0004"), old = root.appendingPathComponent(".out.ca.old-AAAA0004")
        try newScene(in: tmp)
        for name in Self.carried { try move(name, from: out, to: tmp) }
        try fm.moveItem(at: out, to: old)
        try fm.moveItem(at: tmp, to: out)                   // the new folder is in place
        CAMLWriter.recoverInterruptedWrite(to: out)
        expectUserFiles(out)
        #expect(read(out.appendingPathComponent("main.caml")) == "new main.caml")   // finished
        #expect(leftovers(root).isEmpty, "\(leftovers(root))")
    }

    @Test func aFileThatCannotBePutBackIsKeptAndReported() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0005")
        try newScene(in: tmp)
        try write("carried notes", tmp.appendingPathComponent("notes.txt"))   // out.ca has a notes.txt too
        // A writer's name outside the writer's places is the user's: put back, never deleted.
        try write("user index", tmp.appendingPathComponent("photos/index.xml"))
        let report = CAMLWriter.recoverInterruptedWrite(to: out)
        #expect(read(out.appendingPathComponent("photos/index.xml")) == "user index")
        #expect(report.contains { $0.contains("not put back") }, "\(report)")
        #expect(read(tmp.appendingPathComponent("notes.txt")) == "carried notes")
        #expect(read(out.appendingPathComponent("notes.txt")) == "old notes.txt")
        #expect(leftovers(root) == [".out.ca.tmp-AAAA0005"])
    }

    @Test func aLiveRunsFoldersAreLeftAlone() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0006")
        try newScene(in: tmp)
        try move("notes.txt", from: out, to: tmp)
        let lock = FolderLock(try: tmp)
        #expect(lock.held)
        #expect(CAMLWriter.recoverInterruptedWrite(to: out).isEmpty)
        #expect(read(tmp.appendingPathComponent("notes.txt")) == "old notes.txt")
        lock.release()
        CAMLWriter.recoverInterruptedWrite(to: out)
        expectUserFiles(out)
    }

    /// The next write itself recovers first, then replaces the scene keeping the user's files.
    @Test func theNextWriteRecoversThenReplaces() throws {
        let (root, out) = try setUp()
        defer { try? fm.removeItem(at: root) }
        let tmp = root.appendingPathComponent(".out.ca.tmp-AAAA0007"), old = root.appendingPathComponent(".out.ca.old-AAAA0007")
        try newScene(in: tmp)
        for name in Self.carried { try move(name, from: out, to: tmp) }
        try fm.moveItem(at: out, to: old)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        try CAMLWriter().write(layer, to: out)
        expectUserFiles(out)
        #expect(read(out.appendingPathComponent("main.caml"))?.contains("<caml") == true)
        #expect(leftovers(root).isEmpty, "\(leftovers(root))")
    }
}
