import CQuartzEGL
import CoreGraphics
import QuartzCore

/// Everything a `GLCompositor` keeps in its context: the programs, the instance stream, the
/// texture cache, pass buffers and rasterised vector quads. Used with the context current.
final class GLRenderer {
    let context: GLContext
    var gl: GLFunctions { context.gl }
    let quadProgram: GLProgram
    let blurProgram: GLProgram
    let matrixProgram: GLProgram
    private(set) var vertexArray: GLuint = 0
    private(set) var instanceBuffer: GLuint = 0
    let textures: GLTextureCache
    let targets = GLTargetPool()
    /// Rasterised path quads kept between frames (`GLRenderer+Raster`).
    var rasters: [RasterKey: RasterEntry] = [:]
    /// Draw calls of the last frame (the batching test reads it).
    var drawCalls = 0
    /// Root pixels uploaded, redrawn and read back in the last frame (the partial-redraw test).
    var redrawnPixels = 0
    /// Root pixels uploaded in the last frame (none over an opaque background or a cleared
    /// target, which is cleared on the GPU).
    var uploadedPixels = 0
    /// `glReadPixels` calls since the renderer was made: the root's read-back and captured
    /// passes (a window surface presents with none).
    var readbacks = 0
    /// The largest texture or pass side drawn: GL_MAX_TEXTURE_SIZE, or less when a test lowers it.
    let maxTextureSize: Int
    var frame: UInt64 = 0
    /// The CPU backend, for the quads drawn as bitmaps (`GLRenderer+Raster`).
    let cpu = CPUCompositor(threadCount: 1)
    /// Instances per draw call at most (the stream is re-filled beyond).
    static let maximumBatch = 16384

    init(context: GLContext, maxTextureSize limit: Int? = nil, report: @escaping (String) -> Void) throws(GLError) {
        self.context = context
        maxTextureSize = min(context.maxTextureSize, max(16, limit ?? .max))
        let gl = context.gl
        quadProgram = try GLProgram(gl, vertex: QuadShader.vertex, fragment: QuadShader.fragment,
                                    uniforms: ["uOrigin", "uSize", "uTex", "uMaskTex", "uDst", "uTexSize", "uMode", "uDstOrigin"])
        blurProgram = try GLProgram(gl, vertex: EffectShaders.vertex, fragment: EffectShaders.blur,
                                    uniforms: ["uSrc", "uDir", "uTaps", "uStep", "uWeights", "uShadow", "uColor"])
        matrixProgram = try GLProgram(gl, vertex: EffectShaders.vertex, fragment: EffectShaders.colorMatrix,
                                      uniforms: ["uSrc", "uM", "uC"])
        textures = GLTextureCache(gl: gl, maxTextureSize: maxTextureSize)
        textures.report = report
        if Self.isSoftware(context.renderer) { textures.budgetBytes = GLTextureCache.softwareBudgetBytes }
        if let mib = GLTextureCache.budgetOverrideMiB { textures.budgetBytes = mib << 20 }
        gl.genVertexArrays(1, &vertexArray)
        gl.genBuffers(1, &instanceBuffer)
        gl.bindVertexArray(vertexArray)
        gl.bindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        let stride = GLsizei(MemoryLayout<QuadInstance>.stride)
        for i in 0..<QuadShader.attributeCount {
            gl.enableVertexAttribArray(GLuint(i))
            gl.vertexAttribPointer(GLuint(i), 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                   UnsafeRawPointer(bitPattern: i * 16))
            gl.vertexAttribDivisor(GLuint(i), 1)
        }
        gl.bindVertexArray(0)
    }

    /// Draws the frame: every pass but the root into a buffer of its own, in `order`, then the
    /// root over `target`'s pixels, read back into it (`GLRenderer+Root`).
    func render(_ byID: [RenderPassID: RenderPass], order: [RenderPassID], root: RenderPass,
                into target: inout PixelBuffer) throws {
        try withPasses(byID, order: order, root: root) { outputs in
            try drawRoot(root, outputs: outputs, into: &target)
        }
    }

    /// A frame's passes by id and the order to draw them in (the root, the last pass, last).
    /// Throws for an empty list, a repeated id, or a cycle (`CPUCompositor.drawingOrder`).
    static func passGraph(_ passes: [RenderPass]) throws
        -> (root: RenderPass, byID: [RenderPassID: RenderPass], order: [RenderPassID]) {
        guard let root = passes.last else { throw CompositorError.noPasses }
        var byID: [RenderPassID: RenderPass] = [:]
        for pass in passes {
            guard byID.updateValue(pass, forKey: pass.id) == nil else { throw CompositorError.duplicatePass(pass.id) }
        }
        return (root, byID, try CPUCompositor.drawingOrder(root: root.id, passes: byID))
    }

    /// Draws every pass but the root into a buffer of its own, in `order`, then `drawRoot` with
    /// those buffers; ends the frame (buffers back to the pool, caches aged) after it.
    func withPasses(_ byID: [RenderPassID: RenderPass], order: [RenderPassID], root: RenderPass,
                    drawRoot: ([RenderPassID: GLTarget]) throws -> Void) throws {
        drawCalls = 0
        var outputs: [RenderPassID: GLTarget] = [:]
        defer {
            for t in outputs.values { targets.give(t, gl) }
            textures.endFrame()
            endRasterFrame()
            frame += 1
        }
        for id in order where id != root.id {
            let pass = byID[id]!
            guard let box = PixelBox(enclosing: pass.outputRect) else { continue }
            guard box.width <= maxTextureSize, box.height <= maxTextureSize else {
                throw CompositorError.passTooLarge(id)
            }
            let t = try targets.take(gl, width: box.width, height: box.height)
            t.originX = box.x0; t.originY = box.y0
            outputs[id] = t
            t.bind(gl)
            gl.clearColor(0, 0, 0, 0)
            gl.clear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try drawQuads(pass.quads.array[...], into: t, outputs: outputs)
            if let effect = pass.effect { try apply(effect, to: t) }
            if let capture = pass.capture { capture.texture = readTexture(t) }
        }
        try drawRoot(outputs)
    }

    /// The target's pixels as a texture resource (a rasterized layer's cached bitmap).
    func readTexture(_ t: GLTarget) -> TextureResource? {
        guard var buffer = PixelBuffer(width: t.width, height: t.height) else { return nil }
        readbacks += 1
        t.bind(gl)
        buffer.words.withUnsafeMutableBytes { bytes in
            gl.readPixels(0, 0, GLsizei(t.width), GLsizei(t.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                          bytes.baseAddress)
        }
        return buffer.words.withUnsafeBytes {
            TextureResource(bytes: $0, width: t.width, height: t.height, bytesPerRow: t.width * 4)
        }
    }

    /// Whether GL_RENDERER names a renderer running on the CPU (Mesa's llvmpipe and softpipe,
    /// SwiftShader), whose textures are process memory next to the renderer's own copies.
    static func isSoftware(_ renderer: String) -> Bool {
        ["llvmpipe", "softpipe", "swiftshader"].contains { renderer.lowercased().contains($0) }
    }

    /// Deletes everything this renderer made (before its context goes).
    func release() {
        textures.removeAll()
        targets.removeAll(gl)
        rasters = [:]
        gl.deleteBuffers(1, &instanceBuffer)
        gl.deleteVertexArrays(1, &vertexArray)
        for p in [quadProgram, blurProgram, matrixProgram] { gl.deleteProgram(p.id) }
    }
}
