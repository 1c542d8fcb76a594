import CQuartzEGL
import QuartzCore

/// Shared textures (pages) holding many small bitmaps, so quads drawing different bitmaps
/// share a texture and so a draw call (`GLTextureCache` puts small, unmipmapped textures here).
///
/// Each bitmap is stored with a one-texel border repeating its edge texels, and the shader
/// clamps its samples to the bitmap's own texels (`QuadInstance.sourceClamp`), so bilinear
/// filtering never reads a neighbour: the pixels are those of a texture of its own with
/// `GL_CLAMP_TO_EDGE`. Pages are `side` × `side` (2,048, or `GL_MAX_TEXTURE_SIZE` when less).
final class GLAtlas {
    struct Page {
        let name: GLuint
        var packer: ShelfPacker
        var lastUse: UInt64
        var lastFrame: UInt64
    }
    /// Where a bitmap is: its page and the top-left texel of its pixels (inside the border).
    struct Slot: Equatable { let page: GLuint; let x: Int, y: Int, width: Int, height: Int }

    private let gl: GLFunctions
    let side: Int
    private(set) var pages: [GLuint: Page] = [:]
    /// The border around each bitmap, in texels.
    static let border = 1

    init(gl: GLFunctions, maxTextureSize: Int) {
        self.gl = gl
        side = min(2048, maxTextureSize)
    }

    /// The largest bitmap side stored here; larger ones get a texture of their own.
    var largestSide: Int { side / 4 }
    var pageBytes: Int { side * side * 4 }

    /// Stores `image` (its level 0) in a page, opening a new page when none has room; nil
    /// when it is too large for a page.
    func insert(_ image: TextureResource, clock: UInt64, frame: UInt64) -> Slot? {
        let w = image.width + 2 * Self.border, h = image.height + 2 * Self.border
        guard image.width <= largestSide, image.height <= largestSide else { return nil }
        // The most recently used page with room first: bitmaps drawn together stay together.
        for name in pages.keys.sorted(by: { pages[$0]!.lastUse > pages[$1]!.lastUse }) {
            if let p = pages[name]!.packer.allocate(width: w, height: h) {
                return place(image, page: name, at: p, clock: clock, frame: frame)
            }
        }
        let name = GLTarget.makeTexture(gl, side, side)
        var packer = ShelfPacker(width: side, height: side)
        guard let p = packer.allocate(width: w, height: h) else { return nil }
        pages[name] = Page(name: name, packer: packer, lastUse: clock, lastFrame: frame)
        return place(image, page: name, at: p, clock: clock, frame: frame)
    }

    private func place(_ image: TextureResource, page: GLuint, at p: (x: Int, y: Int), clock: UInt64, frame: UInt64) -> Slot {
        touch(page, clock: clock, frame: frame)
        upload(image, page: page, x: p.x, y: p.y)
        return Slot(page: page, x: p.x + Self.border, y: p.y + Self.border, width: image.width, height: image.height)
    }

    func touch(_ page: GLuint, clock: UInt64, frame: UInt64) {
        pages[page]?.lastUse = clock
        pages[page]?.lastFrame = frame
    }

    /// Gives the slot's rectangle back to its page.
    func free(_ slot: Slot) {
        pages[slot.page]?.packer.free(x: slot.x - Self.border, y: slot.y - Self.border, width: slot.width + 2 * Self.border)
    }

    /// Deletes a page (its slots must be forgotten by the caller).
    func deletePage(_ name: GLuint) {
        guard pages.removeValue(forKey: name) != nil else { return }
        var n = name
        gl.deleteTextures(1, &n)
    }

    func removeAll() { for name in Array(pages.keys) { deletePage(name) } }

    /// The bitmap with its edge texels repeated one texel outward, in one upload.
    private func upload(_ image: TextureResource, page: GLuint, x: Int, y: Int) {
        let w = image.width, h = image.height, pw = w + 2, ph = h + 2
        var padded = [UInt32](repeating: 0, count: pw * ph)
        image.withUnsafeBytes { raw in
            let stride = image.stride / 4
            let src = raw.bindMemory(to: UInt32.self)
            padded.withUnsafeMutableBufferPointer { dst in
                for row in 0..<ph {
                    let sy = min(max(row - 1, 0), h - 1) * stride
                    let d = row * pw
                    dst[d] = src[sy]
                    for col in 0..<w { dst[d + 1 + col] = src[sy + col] }
                    dst[d + pw - 1] = src[sy + w - 1]
                }
            }
        }
        gl.bindTexture(GLenum(GL_TEXTURE_2D), page)
        gl.pixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        padded.withUnsafeBytes {
            gl.texSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLsizei(pw), GLsizei(ph), GLenum(GL_RGBA),
                             GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }
}
