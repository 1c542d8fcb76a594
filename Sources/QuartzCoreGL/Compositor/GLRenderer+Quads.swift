import CQuartzEGL
import CoreGraphics
import QuartzCore

/// A quad ready to draw: its instance, what it samples and how it blends.
struct PreparedQuad {
    var instance: QuadInstance
    var source: QuadSource
    var blendMode: BlendMode
}

/// What a quad samples, which decides the batch it may join.
enum QuadSource: Equatable {
    case none
    /// A texture; `width` × `height` is its level 0 as uploaded.
    case texture(GLuint, TextureFilter, width: Int, height: Int)
    /// A pass output multiplied by the alpha of another pass (both linear).
    case masked(GLuint, mask: GLuint, width: Int, height: Int)
}

extension GLRenderer {
    /// Draws `quads` back to front into `t`: consecutive quads with the same source (or none:
    /// solid colours join any run) and a fixed-function blend mode (source-over, plus) go in
    /// one instanced draw call; a quad with another blend mode is drawn alone against a copy
    /// of the destination.
    func drawQuads(_ quads: ArraySlice<DrawQuad>, into t: GLTarget, outputs: [RenderPassID: GLTarget]) throws {
        t.bind(gl)
        gl.useProgram(quadProgram.id)
        gl.uniform2f(quadProgram["uOrigin"], Float(t.originX), Float(t.originY))
        gl.uniform2f(quadProgram["uSize"], Float(t.width), Float(t.height))
        gl.uniform1i(quadProgram["uTex"], 0)
        gl.uniform1i(quadProgram["uMaskTex"], 1)
        gl.uniform1i(quadProgram["uDst"], 2)
        gl.uniform1i(quadProgram["uMode"], 0)
        gl.enable(GLenum(GL_BLEND))
        gl.bindVertexArray(vertexArray)
        var batch: [QuadInstance] = []
        batch.reserveCapacity(min(quads.count, Self.maximumBatch))
        var current: (QuadSource, BlendMode)?
        for quad in quads {
            guard let p = prepare(quad, in: t, outputs: outputs) else { continue }
            if GLBlendShader.id(p.blendMode) > 1 {
                flush(&batch, current)
                drawAgainstDestination(p, into: t)
                continue
            }
            if let c = current, !Self.joins(p, c) { flush(&batch, c); current = nil }
            // A solid quad keeps the run's texture; a textured quad gives a solid run its own.
            if current == nil || p.source != .none { current = (p.source, p.blendMode) }
            batch.append(p.instance)
            if batch.count >= Self.maximumBatch { flush(&batch, current) }
        }
        flush(&batch, current)
        gl.bindVertexArray(0)
    }

    /// Whether `p` may go in the batch drawn with `key`: the same blend mode, and the same
    /// source or one side sampling nothing (solid, rounded and border quads never read the
    /// bound textures, so they draw the same pixels in any batch).
    static func joins(_ p: PreparedQuad, _ key: (QuadSource, BlendMode)) -> Bool {
        p.blendMode == key.1 && (p.source == key.0 || p.source == .none || key.0 == .none)
    }

    private func flush(_ batch: inout [QuadInstance], _ key: (QuadSource, BlendMode)?) {
        guard let (source, mode) = key, !batch.isEmpty else { return }
        bind(source)
        gl.blendFunc(GLenum(GL_ONE), GLenum(mode == .plus ? GL_ONE : GL_ONE_MINUS_SRC_ALPHA))
        draw(batch)
        batch.removeAll(keepingCapacity: true)
    }

    private func draw(_ instances: [QuadInstance]) {
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        instances.withUnsafeBytes { bytes in
            gl.bufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
        }
        gl.drawArraysInstanced(GLenum(GL_TRIANGLES), 0, 6, GLsizei(instances.count))
        drawCalls += 1
    }

    private func bind(_ source: QuadSource) {
        switch source {
        case .none:
            return
        case .texture(let name, let filter, let w, let h):
            gl.activeTexture(GLenum(GL_TEXTURE0))
            gl.bindTexture(GLenum(GL_TEXTURE_2D), name)
            let (minF, magF) = switch filter {
            case .nearest: (GL_NEAREST, GL_NEAREST)
            case .linear: (GL_LINEAR, GL_LINEAR)
            case .trilinear: (GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR)
            }
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), minF)
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), magF)
            gl.uniform2f(quadProgram["uTexSize"], Float(w), Float(h))
        case .masked(let content, let mask, let w, let h):
            gl.activeTexture(GLenum(GL_TEXTURE1))
            gl.bindTexture(GLenum(GL_TEXTURE_2D), mask)
            gl.activeTexture(GLenum(GL_TEXTURE0))
            gl.bindTexture(GLenum(GL_TEXTURE_2D), content)
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            gl.texParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            gl.uniform2f(quadProgram["uTexSize"], Float(w), Float(h))
        }
    }

    /// A quad whose blend mode reads the destination: the pixels under its box are copied to
    /// the target's scratch texture, and the shader writes the blended result (no GL blending).
    private func drawAgainstDestination(_ p: PreparedQuad, into t: GLTarget) {
        if t.scratch == 0 { t.scratch = GLTarget.makeTexture(gl, t.width, t.height) }
        let x = Int(p.instance.box.x) - t.originX, y = Int(p.instance.box.y) - t.originY
        let w = Int(p.instance.box.z - p.instance.box.x), h = Int(p.instance.box.w - p.instance.box.y)
        gl.activeTexture(GLenum(GL_TEXTURE2))
        gl.bindTexture(GLenum(GL_TEXTURE_2D), t.scratch)
        gl.copyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(x), GLint(y), GLint(x), GLint(y), GLsizei(w), GLsizei(h))
        gl.activeTexture(GLenum(GL_TEXTURE0))
        bind(p.source)
        gl.disable(GLenum(GL_BLEND))
        gl.uniform1i(quadProgram["uMode"], GLBlendShader.id(p.blendMode))
        gl.uniform2i(quadProgram["uDstOrigin"], 0, 0)
        draw([p.instance])
        gl.uniform1i(quadProgram["uMode"], 0)
        gl.enable(GLenum(GL_BLEND))
    }
}
