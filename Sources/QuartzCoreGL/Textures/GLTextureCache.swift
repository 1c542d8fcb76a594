import CQuartzEGL
import Foundation
import QuartzCore

/// GL textures of `TextureResource`s, keyed by (`id`, `generation`) and kept between frames
/// under a byte budget: least recently used first out, and any texture not drawn for
/// `maxIdleFrames` frames. A new generation of an id replaces the old one at once (a redrawn
/// backing store never keeps two copies).
///
/// A texture wider or taller than `GL_MAX_TEXTURE_SIZE` is uploaded from the first of its mip
/// levels that fits (box-filtered halves, as trilinear filtering uses), so it draws smaller in
/// detail but never fails; `levelOffset` says how many levels were skipped.
///
/// Small textures drawn without mip levels (`atlas: true`, at most `GLAtlas.largestSide` a
/// side) share atlas pages (`GLAtlas`), so quads drawing different bitmaps batch; trilinear
/// (mipmapped) textures and larger ones have a texture each. The budget counts whole pages;
/// over it, the least recently used texture or page goes (a page with every bitmap in it).
/// The atlas is off while the budget is under `minimumPagesForAtlas` pages.
final class GLTextureCache {
    struct Key: Hashable { var id: UInt64; var generation: UInt64 }
    struct Entry {
        /// The texture: the bitmap's own, or its atlas page.
        let name: GLuint
        /// Level 0's size as uploaded.
        let width: Int, height: Int
        /// Where level 0 is in the texture `name` (the whole of it when not in the atlas).
        let region: TextureRegion
        /// Its place in an atlas page, or nil for a texture of its own.
        let slot: GLAtlas.Slot?
        /// Mip levels of the resource skipped to fit the maximum size.
        let levelOffset: Int
        var hasMipmaps: Bool
        var bytes: Int
        var lastUse: UInt64
        var lastFrame: UInt64
        /// Deleted after this frame (a one-off bitmap).
        var transient = false
    }

    private let gl: GLFunctions
    private let maxSize: Int
    private var entries: [Key: Entry] = [:]
    private var generations: [UInt64: UInt64] = [:]
    private var clock: UInt64 = 0
    private var frame: UInt64 = 0
    private(set) var bytes = 0
    let atlas: GLAtlas
    static let minimumPagesForAtlas = 4
    /// `QUARTZCORE_GL_ATLAS=0` gives every texture its own (benchmarks before/after the atlas).
    static let atlasEnabled = ProcessInfo.processInfo.environment["QUARTZCORE_GL_ATLAS"] != "0"
    /// The most texture memory kept between frames, in bytes.
    var budgetBytes = 256 << 20
    /// The budget on a software renderer (llvmpipe): its textures are host memory, a second
    /// copy of bitmaps the renderer's caches hold too, and uploading one again is a copy.
    static let softwareBudgetBytes = 64 << 20
    /// `QUARTZCORE_GL_TEXTURE_BUDGET_MIB=N` sets the budget (benchmarks of memory).
    static let budgetOverrideMiB = ProcessInfo.processInfo.environment["QUARTZCORE_GL_TEXTURE_BUDGET_MIB"]
        .flatMap { Int($0) }.map { min(max($0, 0), 1 << 20) }
    static let maxIdleFrames: UInt64 = 120
    /// Called once per texture that had to be reduced to fit (a sentence).
    var report: (String) -> Void = { _ in }

    init(gl: GLFunctions, maxTextureSize: Int) {
        self.gl = gl; maxSize = maxTextureSize
        atlas = GLAtlas(gl: gl, maxTextureSize: maxTextureSize)
    }

    var count: Int { entries.count }
    /// Textures kept in atlas pages, and the pages.
    var atlasCounts: (entries: Int, pages: Int) { (entries.values.filter { $0.slot != nil }.count, atlas.pages.count) }

    /// The texture for `resource`, uploaded on first use; with mip levels when `mipmapped`;
    /// in an atlas page when `atlas` allows it and it is small enough.
    func texture(for resource: TextureResource, mipmapped: Bool, transient: Bool = false, atlas shared: Bool = false) -> Entry {
        clock += 1
        let key = Key(id: resource.id, generation: resource.generation)
        if var e = entries[key] {
            if mipmapped && e.slot != nil {
                // Atlas pages have no mip levels: the bitmap moves to a texture of its own.
                remove(key, later: true)
                return texture(for: resource, mipmapped: true, transient: transient)
            }
            e.lastUse = clock; e.lastFrame = frame
            if let slot = e.slot { atlas.touch(slot.page, clock: clock, frame: frame) }
            if mipmapped && !e.hasMipmaps { uploadMipmaps(resource, &e) }
            entries[key] = e
            return e
        }
        if let old = generations[resource.id], old != resource.generation {
            // Deleted after the frame: a batch not yet drawn may still name it.
            remove(Key(id: resource.id, generation: old), later: true)
        }
        if shared, Self.atlasEnabled, !mipmapped, budgetBytes >= Self.minimumPagesForAtlas * atlas.pageBytes {
            let pages = atlas.pages.count
            if let slot = atlas.insert(resource, clock: clock, frame: frame) {
                bytes += (atlas.pages.count - pages) * atlas.pageBytes
                let region = TextureRegion(x: slot.x, y: slot.y, width: slot.width, height: slot.height,
                                           textureWidth: atlas.side, textureHeight: atlas.side)
                let e = Entry(name: slot.page, width: slot.width, height: slot.height, region: region, slot: slot,
                              levelOffset: 0, hasMipmaps: false, bytes: 0, lastUse: clock, lastFrame: frame,
                              transient: transient)
                entries[key] = e
                generations[resource.id] = resource.generation
                return e
            }
        }
        var offset = 0
        while max(resource.width, resource.height) >> offset > maxSize { offset += 1 }
        if offset > 0 {
            report("a \(resource.width) × \(resource.height) texture exceeds GL_MAX_TEXTURE_SIZE (\(maxSize)); "
                   + "drawn from its \(resource.width >> offset) × \(resource.height >> offset) mip level")
        }
        let level0 = resource.mipLevel(offset)
        var name: GLuint = 0
        gl.genTextures(1, &name)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), name)
        for (p, v) in [(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                       (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR)] {
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(p), GLint(v))
        }
        upload(level0, level: 0)
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), 0)
        var e = Entry(name: name, width: level0.width, height: level0.height,
                      region: TextureRegion(whole: level0.width, level0.height), slot: nil, levelOffset: offset,
                      hasMipmaps: false, bytes: level0.width * level0.height * 4, lastUse: clock, lastFrame: frame)
        if mipmapped { uploadMipmaps(resource, &e) }
        e.transient = transient
        entries[key] = e
        generations[resource.id] = resource.generation
        bytes += e.bytes
        return e
    }

    /// The texture kept for `key`, marked used, or nil when it was never uploaded or is gone.
    func cached(_ key: Key) -> Entry? {
        guard var e = entries[key] else { return nil }
        clock += 1
        e.lastUse = clock; e.lastFrame = frame
        if let slot = e.slot { atlas.touch(slot.page, clock: clock, frame: frame) }
        entries[key] = e
        return e
    }

    /// Uploads levels 1… (the resource's own box-filtered mip chain, so trilinear filtering
    /// blends the same levels as the CPU backend).
    private func uploadMipmaps(_ resource: TextureResource, _ e: inout Entry) {
        gl.bindTexture(GLenum(GL_TEXTURE_2D), e.name)
        let last = resource.maximumMipLevel
        var level = 1
        while e.levelOffset + level <= last {
            let image = resource.mipLevel(e.levelOffset + level)
            upload(image, level: level)
            bytes += image.width * image.height * 4; e.bytes += image.width * image.height * 4
            level += 1
        }
        gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(level - 1))
        e.hasMipmaps = true
    }

    private func upload(_ image: TextureResource, level: Int) {
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(image.stride / 4))
        image.withUnsafeBytes { bytes in
            gl.texImage2D(GLenum(GL_TEXTURE_2D), GLint(level), GL_RGBA8, GLsizei(image.width), GLsizei(image.height),
                          0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
    }

    /// Drops idle textures, then the least recently used (textures of their own, or whole atlas
    /// pages) until within the budget; empty pages go when idle. Call once a frame, after drawing.
    func endFrame() {
        flushDeferred()
        let idle = entries.filter { $0.value.transient || frame - $0.value.lastFrame > Self.maxIdleFrames }
        for key in idle.keys { remove(key) }
        for (name, page) in atlas.pages where page.packer.isEmpty && frame - page.lastFrame > Self.maxIdleFrames {
            deletePage(name)
        }
        frame += 1
        guard bytes > budgetBytes else { return }
        // Least recently used first: a texture of its own (its key) or a page (its name).
        var candidates: [(lastUse: UInt64, key: Key?, page: GLuint)] =
            entries.filter { $0.value.slot == nil }.map { ($0.value.lastUse, $0.key, 0) }
        candidates += atlas.pages.map { ($0.value.lastUse, nil, $0.key) }
        for c in candidates.sorted(by: { $0.lastUse < $1.lastUse }) {
            guard bytes > budgetBytes else { break }
            if let key = c.key { remove(key) } else { deletePage(c.page) }
        }
    }

    private var deferred: [GLuint] = []
    private var deferredSlots: [GLAtlas.Slot] = []

    private func flushDeferred() {
        if !deferred.isEmpty { gl.deleteTextures(GLsizei(deferred.count), deferred); deferred = [] }
        for slot in deferredSlots { atlas.free(slot) }
        deferredSlots = []
    }

    /// `later`: the texture (or atlas slot) is released after the frame, as a batch not yet
    /// drawn may still sample it.
    private func remove(_ key: Key, later: Bool = false) {
        guard let e = entries.removeValue(forKey: key) else { return }
        if let slot = e.slot {
            if later { deferredSlots.append(slot) } else { atlas.free(slot) }
        } else {
            var name = e.name
            if later { deferred.append(name) } else { gl.deleteTextures(1, &name) }
        }
        bytes -= e.bytes
        if generations[key.id] == key.generation { generations[key.id] = nil }
    }

    /// Deletes an atlas page and forgets every bitmap in it.
    private func deletePage(_ name: GLuint) {
        guard atlas.pages[name] != nil else { return }
        for (key, e) in entries where e.slot?.page == name {
            entries[key] = nil
            if generations[key.id] == key.generation { generations[key.id] = nil }
        }
        deferredSlots.removeAll { $0.page == name }
        atlas.deletePage(name)
        bytes -= atlas.pageBytes
    }

    /// Deletes every texture (the context is going away or was lost).
    func removeAll() {
        for key in Array(entries.keys) { remove(key) }
        flushDeferred()
        for name in Array(atlas.pages.keys) { deletePage(name) }
    }
}
