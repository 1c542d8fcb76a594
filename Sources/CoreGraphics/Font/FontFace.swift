import CQuartzFreeType
import Foundation

/// One FreeType face (a font file, or font data held in memory) and the facts read from it once.
///
/// FreeType objects are not thread-safe, so every call into FreeType (opening, closing, glyph
/// lookups, outlines) holds `FontFace.lock`; the calls are short. Faces opened from files are
/// shared through `FontFace.shared(path:index:)`, so many `CGFont`s of one font cost one face.
final class FontFace: @unchecked Sendable {
    /// Guards the FreeType library and every face.
    static let lock = NSLock()
    /// The process's FreeType library; created on first use, never released. Touch it only
    /// while holding `lock`.
    nonisolated(unsafe) private static var library: FT_Library?
    nonisolated(unsafe) private static var cache: [String: FontFace] = [:]

    /// nil only for `FontFace.none`.
    let face: FT_Face?
    /// Font bytes for a face made from data: FreeType reads them in place for the face's life.
    private let memory: UnsafeMutableRawBufferPointer?
    /// The file and face index, for faces opened from a file.
    let file: (path: String, index: Int)?
    let metrics: FontMetrics

    private init(face: FT_Face, memory: UnsafeMutableRawBufferPointer?, file: (String, Int)?) {
        self.face = face; self.memory = memory; self.file = file
        metrics = FontFace.lock.withLock { FontMetrics(face) }
    }

    /// A face with no glyphs and zero metrics, for a system with no fonts at all: text then
    /// measures and draws as nothing instead of crashing.
    private init() { face = nil; memory = nil; file = nil; metrics = .empty }
    static let none = FontFace()

    deinit {
        if let face { FontFace.lock.withLock { _ = FT_Done_Face(face) } }
        memory?.deallocate()
    }

    private static func withLibrary<R>(_ body: (FT_Library) -> R?) -> R? {
        lock.withLock {
            if library == nil {
                var created: FT_Library?
                guard FT_Init_FreeType(&created) == 0 else { return nil }
                library = created
            }
            return library.flatMap(body)
        }
    }

    /// The face at `index` in the font file at `path` (shared), or nil if FreeType cannot read it.
    static func shared(path: String, index: Int) -> FontFace? {
        let key = "\(index):\(path)"
        if let face = lock.withLock({ cache[key] }) { return face }
        let opened: FT_Face? = withLibrary { library in
            var face: FT_Face?
            return FT_New_Face(library, path, FT_Long(index), &face) == 0 ? face : nil
        }
        guard let opened else { return nil }
        let made = FontFace(face: opened, memory: nil, file: (path, index))
        return lock.withLock {
            if let existing = cache[key] { return existing }  // another thread opened it too
            cache[key] = made
            return made
        }
    }

    /// A face read from font data (TrueType, OpenType, Type 1…), or nil if FreeType cannot
    /// read it. The bytes are copied; nothing is cached.
    static func fromData(_ data: Data) -> FontFace? {
        guard !data.isEmpty else { return nil }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        _ = memory.initializeMemory(as: UInt8.self, from: data)
        let opened: FT_Face? = withLibrary { library in
            var face: FT_Face?
            let bytes = memory.baseAddress!.assumingMemoryBound(to: FT_Byte.self)
            return FT_New_Memory_Face(library, bytes, FT_Long(data.count), 0, &face) == 0 ? face : nil
        }
        guard let opened else { memory.deallocate(); return nil }
        return FontFace(face: opened, memory: memory, file: nil)
    }

    /// Runs `body` with the face while holding the FreeType lock; `fallback` for `FontFace.none`.
    func withFace<R>(or fallback: R, _ body: (FT_Face) -> R) -> R {
        guard let face else { return fallback }
        return FontFace.lock.withLock { body(face) }
    }
}
