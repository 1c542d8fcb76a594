import CEGL
import QuartzCore

/// GL textures of `TextureResource`s, keyed by (`id`, `generation`) and kept between frames
/// under a byte budget: least recently used first out, and any texture not drawn for
/// `maxIdleFrames` frames. A new generation of an id replaces the old one at once (a redrawn
/// backing store never keeps two copies).
///
/// A texture wider or taller than `GL_MAX_TEXTURE_SIZE` is uploaded from the first of its mip
/// levels that fits (box-filtered halves, as trilinear filtering uses), so it draws smaller in
/// detail but never fails; `levelOffset` says how many levels were skipped.
final class GLTextureCache {
    struct Key: Hashable { var id: UInt64; var generation: UInt64 }
    struct Entry {
        let name: GLuint
        /// Level 0's size as uploaded.
        let width: Int, height: Int
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
    /// The most texture memory kept between frames, in bytes.
    var budgetBytes = 256 << 20
    static let maxIdleFrames: UInt64 = 120
    /// Called once per texture that had to be reduced to fit (a sentence).
    var report: (String) -> Void = { _ in }

    init(gl: GLFunctions, maxTextureSize: Int) { self.gl = gl; maxSize = maxTextureSize }

    var count: Int { entries.count }

    /// The texture for `resource`, uploaded on first use; with mip levels when `mipmapped`.
    func texture(for resource: TextureResource, mipmapped: Bool, transient: Bool = false) -> Entry {
        clock += 1
        let key = Key(id: resource.id, generation: resource.generation)
        if var e = entries[key] {
            e.lastUse = clock; e.lastFrame = frame
            if mipmapped && !e.hasMipmaps { uploadMipmaps(resource, &e) }
            entries[key] = e
            return e
        }
        if let old = generations[resource.id], old != resource.generation {
            // Deleted after the frame: a batch not yet drawn may still name it.
            remove(Key(id: resource.id, generation: old), later: true)
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
        var e = Entry(name: name, width: level0.width, height: level0.height, levelOffset: offset,
                      hasMipmaps: false, bytes: level0.width * level0.height * 4, lastUse: clock, lastFrame: frame)
        if mipmapped { uploadMipmaps(resource, &e) }
        e.transient = transient
        entries[key] = e
        generations[resource.id] = resource.generation
        bytes += e.bytes
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

    /// Drops idle textures, then the least recently used until within the budget. Call once a
    /// frame, after drawing.
    func endFrame() {
        if !deferred.isEmpty { gl.deleteTextures(GLsizei(deferred.count), deferred); deferred = [] }
        let idle = entries.filter { $0.value.transient || frame - $0.value.lastFrame > Self.maxIdleFrames }
        for key in idle.keys { remove(key) }
        frame += 1
        guard bytes > budgetBytes else { return }
        for (key, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > budgetBytes else { break }
            remove(key)
        }
    }

    private var deferred: [GLuint] = []

    private func remove(_ key: Key, later: Bool = false) {
        guard let e = entries.removeValue(forKey: key) else { return }
        var name = e.name
        if later { deferred.append(name) } else { gl.deleteTextures(1, &name) }
        bytes -= e.bytes
        if generations[key.id] == key.generation { generations[key.id] = nil }
    }

    /// Deletes every texture (the context is going away or was lost).
    func removeAll() {
        for key in Array(entries.keys) { remove(key) }
        if !deferred.isEmpty { gl.deleteTextures(GLsizei(deferred.count), deferred); deferred = [] }
    }
}
