import Foundation
import CoreGraphics

/// Writes frames so that no partial output is left behind: a single PNG is written atomically
/// (temporary file + rename); a sequence is written into a hidden temporary folder beside the
/// target and moved into place only when every frame is done.
final class FrameWriter {
    let target: URL
    let isSequence: Bool
    private var staging: URL?

    init(output: String, frameCount: Int) throws(UsageError) {
        target = URL(fileURLWithPath: output)
        isSequence = !output.lowercased().hasSuffix(".png")
        if !isSequence && frameCount != 1 {
            throw UsageError(message: "a .png output takes one frame; give a folder for \(frameCount) frames")
        }
    }

    /// Prepares the staging folder (sequences).
    func begin() throws {
        guard isSequence else { return }
        let parent = target.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let dir = parent.appendingPathComponent(".\(target.lastPathComponent).partial-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        staging = dir
    }

    func write(_ image: CGImage, index: Int) throws {
        if let staging {
            try image.write(pngTo: staging.appendingPathComponent(String(format: "frame-%05d.png", index)))
        } else {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try image.write(pngTo: target)   // atomic
        }
    }

    /// Moves the finished sequence into place. Into an existing folder, each frame file is
    /// renamed over the one of the same name; other files there are left alone.
    func finish() throws {
        guard let staging else { return }
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: target.path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw UsageError(message: "\(target.path) exists and is not a folder") }
            for name in try fm.contentsOfDirectory(atPath: staging.path).sorted() {
                let dst = target.appendingPathComponent(name)
                if rename(staging.appendingPathComponent(name).path, dst.path) != 0 {
                    throw UsageError(message: "cannot move \(name) into \(target.path): \(String(cString: strerror(errno)))")
                }
            }
            try fm.removeItem(at: staging)
        } else {
            try fm.moveItem(at: staging, to: target)
        }
        self.staging = nil
    }

    /// Removes any partial output.
    func abandon() {
        if let staging { try? FileManager.default.removeItem(at: staging) }
        staging = nil
    }
}

/// A one-line progress bar on standard error (only when it is a terminal and there are
/// several frames).
struct ProgressBar {
    let total: Int
    let enabled: Bool
    init(total: Int) { self.total = total; enabled = total > 1 && isatty(2) != 0 }
    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30, filled = width * done / max(total, 1)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write("\r[\(bar)] \(done)/\(total)".data(using: .utf8)!)
        if done == total { FileHandle.standardError.write("\n".data(using: .utf8)!) }
    }
}
