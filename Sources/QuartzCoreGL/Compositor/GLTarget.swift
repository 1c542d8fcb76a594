import CQuartzEGL

/// A texture with a framebuffer drawing into it: a pass's buffer. Pixel (i, j) of the texture
/// is pass point (originX + i, originY + j); rows are not flipped (row 0 is GL's row 0), so a
/// read-back buffer comes out top row first, as `PixelBuffer` wants it.
final class GLTarget {
    let width: Int, height: Int
    private(set) var texture: GLuint = 0
    private(set) var framebuffer: GLuint = 0
    var originX = 0, originY = 0
    /// A copy of the destination for blend modes drawn in the shader (made on first use).
    var scratch: GLuint = 0

    init(_ gl: GLFunctions, width: Int, height: Int) throws(GLError) {
        self.width = width; self.height = height
        texture = Self.makeTexture(gl, width, height)
        gl.genFramebuffers(1, &framebuffer)
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = gl.checkFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            release(gl)
            throw .framebufferIncomplete(UInt32(status))
        }
    }

    static func makeTexture(_ gl: GLFunctions, _ width: Int, _ height: Int) -> GLuint {
        var name: GLuint = 0
        gl.genTextures(1, &name)
        gl.bindTexture(GLenum(GL_TEXTURE_2D), name)
        gl.texImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0,
                      GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        for (p, v) in [(GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
                       (GL_TEXTURE_MIN_FILTER, GL_LINEAR), (GL_TEXTURE_MAG_FILTER, GL_LINEAR),
                       (GL_TEXTURE_MAX_LEVEL, 0)] {
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(p), GLint(v))
        }
        return name
    }

    /// Binds the framebuffer and its viewport.
    func bind(_ gl: GLFunctions) {
        gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        gl.viewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// Exchanges this target's texture with `other`'s (same size): after an effect drew into
    /// `other`, this target holds the result.
    func swapTexture(with other: GLTarget, _ gl: GLFunctions) {
        swap(&texture, &other.texture)
        for t in [self, other] {
            gl.bindFramebuffer(GLenum(GL_FRAMEBUFFER), t.framebuffer)
            gl.framebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), t.texture, 0)
        }
    }

    func release(_ gl: GLFunctions) {
        if framebuffer != 0 { gl.deleteFramebuffers(1, &framebuffer); framebuffer = 0 }
        if texture != 0 { gl.deleteTextures(1, &texture); texture = 0 }
        if scratch != 0 { gl.deleteTextures(1, &scratch); scratch = 0 }
    }
}

/// Pass buffers reused from frame to frame by size (a frame's passes usually repeat).
final class GLTargetPool {
    private var free: [GLTarget] = []
    /// The most buffers kept between frames.
    static let capacity = 16

    func take(_ gl: GLFunctions, width: Int, height: Int) throws(GLError) -> GLTarget {
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            return free.remove(at: i)
        }
        return try GLTarget(gl, width: width, height: height)
    }

    func give(_ t: GLTarget, _ gl: GLFunctions) {
        free.append(t)
        while free.count > Self.capacity { free.removeFirst().release(gl) }
    }

    func removeAll(_ gl: GLFunctions) { for t in free { t.release(gl) }; free = [] }
}
