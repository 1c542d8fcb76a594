import CQuartzEGL
import CoreGraphics
import QuartzCore

/// The root pass: drawn over the target's own pixels, and only over the part its quads can
/// reach. After damage tracking (`Damage.restrict`) every root quad is clipped to the damaged
/// rectangle, so a frame where one layer changed uploads, redraws (under a scissor) and reads
/// back only that rectangle of the kept previous frame instead of the whole target.
///
/// A root larger than the GPU's textures (`maxTextureSize`) is drawn in tiles of at most that
/// side, each a pooled buffer of a fixed size, so any frame the target can hold is drawn.
extension GLRenderer {
    func drawRoot(_ root: RenderPass, outputs: [RenderPassID: GLTarget], into target: inout PixelBuffer) throws {
        redrawnPixels = 0
        uploadedPixels = 0
        guard let rect = PixelBox(enclosing: root.outputRect) else { return }
        let frame = PixelBox(x0: rect.x0, y0: rect.y0, x1: rect.x0 + min(rect.width, target.width),
                             y1: rect.y0 + min(rect.height, target.height))
        // One flat array for the whole root (no copy when the list is a single segment).
        let quads = root.quads.array
        guard !frame.isEmpty, let region = Self.reach(of: quads, in: frame) else { return }
        redrawnPixels = region.width * region.height
        // An opaque background over the whole region replaces every pixel: nothing to upload,
        // and it is a clear to its colour rather than a quad shaded over the whole frame.
        let background = Self.background(of: quads, over: region)
        let side = max(1, maxTextureSize)
        let tileW = min(frame.width, side), tileH = min(frame.height, side)
        for y0 in stride(from: frame.y0, to: frame.y1, by: tileH) {
            for x0 in stride(from: frame.x0, to: frame.x1, by: tileW) {
                let tile = PixelBox(x0: x0, y0: y0, x1: min(x0 + tileW, frame.x1), y1: min(y0 + tileH, frame.y1))
                let part = tile.intersection(region)
                guard !part.isEmpty else { continue }
                // Edge tiles use the full tile size too, so the pool keeps one buffer size.
                let t = try targets.take(gl, width: tileW, height: tileH)
                defer { targets.give(t, gl) }
                t.originX = tile.x0; t.originY = tile.y0
                try draw(quads, part: part, frame: frame, tile: t, outputs: outputs, background: background,
                         target: &target)
            }
        }
    }

    /// Uploads the target's pixels of `part` (pass pixels) into `t` (or clears them: to
    /// `background`, the first quad's colour, which it then stands for; to transparent when the
    /// target's are), draws the quads over them under a scissor, and reads the same pixels back.
    private func draw(_ quads: [DrawQuad], part: PixelBox, frame: PixelBox, tile t: GLTarget,
                      outputs: [RenderPassID: GLTarget], background: SIMD4<Float>?, target: inout PixelBuffer) throws {
        let rowLength = GLint(target.width)
        // Buffer pixel (i, j) is pass pixel (frame.x0 + i, frame.y0 + j).
        let first = (part.y0 - frame.y0) * target.width + (part.x0 - frame.x0)
        let x = GLint(part.x0 - t.originX), y = GLint(part.y0 - t.originY)
        let w = GLsizei(part.width), h = GLsizei(part.height)
        gl.enable(GLenum(GL_SCISSOR_TEST))
        gl.scissor(x, y, w, h)
        defer { gl.disable(GLenum(GL_SCISSOR_TEST)) }
        if let c = background {
            clear(t, to: c)
        } else if Self.isTransparent(target, part, frame: frame) {
            // A cleared frame: clearing on the GPU costs no transfer.
            clear(t, to: .zero)
        } else { target.words.withUnsafeBytes { bytes in
            uploadedPixels += part.width * part.height
            gl.bindTexture(GLenum(GL_TEXTURE_2D), t.texture)
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), rowLength)
            gl.texSubImage2D(GLenum(GL_TEXTURE_2D), 0, x, y, w, h, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                             bytes.baseAddress! + first * 4)
            gl.pixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        } }
        try drawQuads(background == nil ? quads[...] : quads.dropFirst(), into: t, outputs: outputs)
        try checkFrameErrors()
        t.bind(gl)
        readbacks += 1
        target.words.withUnsafeMutableBytes { bytes in
            gl.pixelStorei(GLenum(GL_PACK_ROW_LENGTH), rowLength)
            gl.readPixels(x, y, w, h, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress! + first * 4)
            gl.pixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
        }
    }

    /// The colour of the first quad when it is an opaque background over all of `region`
    /// (`overwrites`): drawn as a clear to it, not a quad shaded over every pixel.
    static func background(of quads: [DrawQuad], over region: PixelBox) -> SIMD4<Float>? {
        guard overwrites(quads.first, region), case .solidColor(let c) = quads[0].material else { return nil }
        return QuadInstance.vector(c, opacity: 1)
    }

    /// Clears `t` (within the scissor, if one is set) to `c`, given R, G, B, A; stored as
    /// B, G, R, A, as the shader writes.
    func clear(_ t: GLTarget, to c: SIMD4<Float>) {
        t.bind(gl)
        gl.clearColor(c.z, c.y, c.x, c.w)
        gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }

    /// Throws what the frame's GL calls ran into: out of memory, or the context lost.
    func checkFrameErrors() throws {
        let error = gl.getError()
        if error == GLenum(GL_OUT_OF_MEMORY) { throw GLError.outOfMemory }
        if error == 0x0507 { throw GLError.contextLost("GL_CONTEXT_LOST during the frame") }
    }

    /// Whether every pixel of `part` (pass pixels; buffer pixel (0, 0) is `frame`'s corner) is
    /// transparent black: reading stops at the first that is not.
    static func isTransparent(_ target: PixelBuffer, _ part: PixelBox, frame: PixelBox) -> Bool {
        target.words.withUnsafeBufferPointer { words in
            for row in part.y0..<part.y1 {
                let start = (row - frame.y0) * target.width + (part.x0 - frame.x0)
                var any: UInt32 = 0
                for i in start..<start + part.width { any |= words[i] }
                if any != 0 { return false }
            }
            return true
        }
    }

    /// Whether `q` draws every pixel of `region` fully opaque whatever was there: an opaque
    /// solid colour, source-over, moved by whole or fractional translation only, its rect (and
    /// clip) containing the region, no rounded clip. Its pixels then get coverage 1 and alpha
    /// 1 (the shader's edge ramps end half a pixel inside), so OVER leaves nothing of the old.
    static func overwrites(_ q: DrawQuad?, _ region: PixelBox) -> Bool {
        guard let q, case .solidColor(let c) = q.material, c.alpha >= 1, isFinite(c),
              q.state.opacity >= 1, q.state.blendMode == .sourceOver, q.state.roundedClip == nil else { return false }
        let t = q.state.transform
        guard t.m11 == 1, t.m12 == 0, t.m13 == 0, t.m21 == 0, t.m22 == 1, t.m23 == 0, t.m33 == 1 else { return false }
        var covered = q.rect.standardized.offsetBy(dx: CGFloat(t.m31), dy: CGFloat(t.m32))
        if let clip = q.state.clip { covered = covered.intersection(clip.standardized) }
        return !covered.isNull && covered.contains(region.cgRect)
    }

    /// The pixels of `frame` the quads may change: each quad's device clip, or where there is
    /// none its transformed box (one pixel wider for antialiasing, as `prepare` rasterises it).
    /// nil when no quad reaches the frame. Stops at the first quad covering the whole frame
    /// (a background), so a full redraw costs one box.
    static func reach(of quads: [DrawQuad], in frame: PixelBox) -> PixelBox? {
        var region: PixelBox?
        for q in quads {
            let box: PixelBox?
            if let clip = q.state.clip {
                box = PixelBox(enclosing: clip)
            } else {
                // Unbounded (a corner behind the eye, numbers out of range): the whole frame.
                box = pixelBox(q.state.transform, q.rect.standardized) ?? frame
            }
            guard let b = box?.intersection(frame), !b.isEmpty else { continue }
            region = region.map { PixelBox(x0: min($0.x0, b.x0), y0: min($0.y0, b.y0),
                                           x1: max($0.x1, b.x1), y1: max($0.y1, b.y1)) } ?? b
            if region == frame { break }
        }
        return region
    }
}
