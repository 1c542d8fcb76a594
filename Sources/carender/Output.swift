import Foundation
import CoreGraphics

/// Writes frames so that no partial output is left behind and nothing is written through a
/// name someone else prepared: everything is built in a private `StagingFolder` beside the
/// target. A single PNG or JPEG is renamed over the target; a new sequence folder is renamed into
/// place whole; into an existing folder the frames are moved all-or-nothing (a failed move puts
/// back every frame already moved), and an existing frame name that is not a regular file (a
/// link, a folder) is refused before rendering.
final class FrameWriter {
    enum Kind: Equatable { case png, jpeg, sequence }

    let target: URL
    let kind: Kind
    let frameCount: Int
    /// The number of the first frame written (`--frames A:B` keeps the whole render's names).
    let firstFrame: Int
    private var staging: StagingFolder?
    /// A sequence's frames are encoded and written here while the next ones composite.
    private let encoders = EncoderPool()

    init(output: String, frameCount: Int, firstFrame: Int = 0) throws(UsageError) {
        target = URL(fileURLWithPath: output)
        self.frameCount = frameCount; self.firstFrame = firstFrame
        switch OutputPath.format(of: output) {
        case .png: kind = .png
        case .jpeg: kind = .jpeg
        case .folder: kind = .sequence
        default: throw UsageError(message: "FrameWriter cannot write \(printable(output))")
        }
        if kind != .sequence && frameCount != 1 {
            throw UsageError(message: "a .\(target.pathExtension) output takes one frame; give a folder for \(frameCount) frames")
        }
    }

    static func frameName(_ index: Int) -> String { String(format: "frame-%05d.png", index) }

    /// Whether `name` is one of ours (`frame-NNNNN.png`), so recovery touches nothing else.
    static func isFrameName(_ name: String) -> Bool { name.wholeMatch(of: /frame-\d{5,}\.png/) != nil }

    /// Checks the target and makes the staging folder, so an unwritable output fails before
    /// any rendering.
    func begin(width: Int, height: Int) throws {
        if kind == .sequence {
            try OutputPath.checkFolder(target)
            try checkFrameNames()
        } else {
            try OutputPath.checkFile(target)
        }
        staging = try StagingFolder(for: target)
    }

    func write(_ image: CGImage, index: Int) throws {
        guard let staging else { throw OutputError("output not open") }
        switch kind {
        case .sequence:
            let url = staging.url.appendingPathComponent(Self.frameName(index))
            let frame = SendableImage(image)
            try encoders.run { try frame.image.write(pngTo: url) }
        case .png: try image.write(pngTo: staging.url.appendingPathComponent("frame.png"))
        case .jpeg:
            let data = try image.jpegData(quality: 0.92, backgroundColor: CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 1))
            try data.write(to: staging.url.appendingPathComponent("frame.jpg"))
        }
    }

    /// Puts the finished output in place.
    func finish() throws {
        guard let staging else { return }
        try encoders.waitForAll()
        defer { staging.remove(); self.staging = nil }
        switch kind {
        case .png: try staging.commitFile("frame.png")
        case .jpeg: try staging.commitFile("frame.jpg")
        case .sequence: try moveFrames(from: staging)
        }
    }

    /// Removes any partial output.
    func abandon() {
        try? encoders.waitForAll()
        staging?.remove()
        staging = nil
    }

    /// Each frame name already in the target folder must be a regular file (never a link
    /// someone planted, which `rename` would replace, or a folder).
    private func checkFrameNames() throws {
        for i in firstFrame..<firstFrame + frameCount {
            var st = stat()
            let path = target.appendingPathComponent(Self.frameName(i)).path
            if lstat(path, &st) == 0 && st.st_mode & S_IFMT != S_IFREG {
                throw OutputError("\(printable(path)) exists and is not a regular file; not replaced")
            }
        }
    }

    /// A new folder is renamed into place; into an existing one each frame is moved over its
    /// namesake, the old frame kept aside until all have moved, so a failure restores them all.
    private func moveFrames(from staging: StagingFolder) throws {
        staging.checkNotInterrupted()
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: target.path, isDirectory: &isDir) {
            let mask = umask(0); umask(mask)
            chmod(staging.url.path, 0o777 & ~mask)
            guard rename(staging.url.path, target.path) == 0 else {
                throw OutputError("cannot move the frames to \(printable(target.path)): \(String(cString: strerror(errno)))")
            }
            return
        }
        try checkFrameNames()
        // What a killed run's successor needs to undo this move (StagingFolder.recoverInterruptedMove):
        // the names new to the folder, written before the first move.
        let new = (firstFrame..<firstFrame + frameCount).map(Self.frameName)
            .filter { access(target.appendingPathComponent($0).path, F_OK) != 0 }
        do { try Data(new.joined(separator: "\n").utf8).write(to: staging.url.appendingPathComponent(".new-frames"), options: .atomic) }
        catch { throw OutputError("cannot write in \(printable(staging.url.path)): \(error.localizedDescription)") }
        let aside = staging.url.appendingPathComponent(".previous")
        try FileManager.default.createDirectory(at: aside, withIntermediateDirectories: false)
        var moved: [(name: String, hadOld: Bool)] = []
        // Hidden test hook: `CARENDER_FAULT=kill-mid-move` dies (SIGKILL) half-way through the move.
        let dieHalfWay = ProcessInfo.processInfo.environment["CARENDER_FAULT"] == "kill-mid-move"
        for i in firstFrame..<firstFrame + frameCount {
            if dieHalfWay, moved.count == frameCount / 2 { kill(getpid(), SIGKILL) }
            let name = Self.frameName(i)
            let dst = target.appendingPathComponent(name).path
            let old = aside.appendingPathComponent(name).path
            let hadOld = access(dst, F_OK) == 0
            let ok = (!hadOld || rename(dst, old) == 0) && rename(staging.url.appendingPathComponent(name).path, dst) == 0
            let reason = String(cString: strerror(errno))
            if !ok {
                if hadOld && access(old, F_OK) == 0 { rename(old, dst) }
                for m in moved.reversed() {
                    let d = target.appendingPathComponent(m.name).path
                    if m.hadOld { rename(aside.appendingPathComponent(m.name).path, d) } else { unlink(d) }
                }
                throw OutputError("cannot move \(name) into \(printable(target.path)): \(reason); the folder is as it was")
            }
            moved.append((name, hadOld))
        }
    }
}
