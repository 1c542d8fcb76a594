import CQuartzEGL
import Foundation
import QuartzCore

/// The GPU backend: draws render passes with OpenGL ES 3 over a headless EGL context
/// (`EGLSession`: the device platform, Mesa's surfaceless platform, or a pbuffer), then reads
/// the root back into the target. Same passes, same pixels as `CPUCompositor` within the
/// conformance suite's tolerance (see Sources/QuartzCoreGL/README.md for what differs).
///
/// Every quad is one instance of one shader (`QuadShader`); runs of quads with the same
/// texture and a fixed-function blend mode go in one draw call. Non-root passes are
/// framebuffers; effects are shader passes over them. Vector materials are rasterised by the
/// CPU backend into textures (paths cached between frames). Textures are cached by
/// (`id`, `generation`) under a byte budget.
///
/// Thread-safe: calls are serialised, and the context is current only during a call. A lost
/// context is made again once per frame; if that fails too, `draw` throws `GLError.contextLost`.
package final class GLCompositor: RenderBackend, @unchecked Sendable {
    private let lock = NSLock()
    private var renderer: GLRenderer?
    /// Why the last context went away, when it was lost and rebuilt (diagnostics, tests).
    package private(set) var recoveries = 0
    /// Receives sentences about degraded drawing (a texture reduced to fit); stderr by default.
    package var report: @Sendable (String) -> Void = { message in
        FileHandle.standardError.write(Data("QuartzCoreGL: \(message)\n".utf8))
    }

    /// The largest texture or pass side drawn, when lower than the GPU's (tests of the tiled
    /// root and of textures reduced to fit, without allocating 16,384-pixel textures).
    private let textureSizeLimit: Int?
    /// Test hook: contexts cannot be made any more (a GPU gone for good after a reset).
    private var refusesNewContexts = false

    /// A compositor with its context made now, or the reason none can be made here.
    /// `maximumTextureSize` lowers the GPU's limit (at least 16; tests).
    package init(maximumTextureSize: Int? = nil) throws(GLError) {
        textureSizeLimit = maximumTextureSize
        renderer = try Self.makeRenderer(limit: maximumTextureSize, report: { _ in })
        let forward: (String) -> Void = { [weak self] in self?.report($0) }
        renderer?.textures.report = forward
    }

    package var name: String { "gpu" }

    /// "EGL device platform: llvmpipe (LLVM 15.0.6, 256 bits), OpenGL ES 3.2 Mesa 22.3.6".
    package var deviceDescription: String {
        lock.lock(); defer { lock.unlock() }
        guard let r = renderer else { return "no context" }
        return "EGL \(r.context.session.platform) platform: \(r.context.renderer)"
    }

    /// Whether the context's renderer is a software rasteriser (llvmpipe, softpipe, SwiftShader).
    package var isSoftwareRenderer: Bool {
        lock.lock(); defer { lock.unlock() }
        return renderer.map { GLRenderer.isSoftware($0.context.renderer) } ?? false
    }

    /// GL_MAX_TEXTURE_SIZE of the context, or the lower limit given to `init`.
    package var maximumTextureSize: Int {
        lock.lock(); defer { lock.unlock() }
        return renderer?.maxTextureSize ?? 0
    }

    /// Root pixels uploaded, redrawn and read back in the last frame: the whole root for a
    /// full frame, the damaged rectangle after `Damage.restrict`.
    package var lastRedrawnPixels: Int {
        lock.lock(); defer { lock.unlock() }
        return renderer?.redrawnPixels ?? 0
    }

    /// Root pixels uploaded from the target in the last frame: none when the first quad is an
    /// opaque background over them, or when they are all transparent (cleared on the GPU).
    package var lastUploadedPixels: Int {
        lock.lock(); defer { lock.unlock() }
        return renderer?.uploadedPixels ?? 0
    }

    /// Draw calls of the last frame.
    package var lastDrawCalls: Int {
        lock.lock(); defer { lock.unlock() }
        return renderer?.drawCalls ?? 0
    }

    /// GL textures kept between frames, and their bytes.
    package var cachedTextures: (count: Int, bytes: Int) {
        lock.lock(); defer { lock.unlock() }
        return (renderer?.textures.count ?? 0, renderer?.textures.bytes ?? 0)
    }

    /// Bitmaps kept in the texture atlas, and its pages (`GLAtlas`).
    package var atlasUsage: (bitmaps: Int, pages: Int) {
        lock.lock(); defer { lock.unlock() }
        return renderer?.textures.atlasCounts ?? (0, 0)
    }

    /// The side of an atlas page in texels, and the largest bitmap side kept in one.
    package var atlasSides: (page: Int, largestBitmap: Int) {
        lock.lock(); defer { lock.unlock() }
        return (renderer?.textures.atlas.side ?? 0, renderer?.textures.atlas.largestSide ?? 0)
    }

    /// Sets the texture cache's budget in bytes.
    package func setTextureBudget(_ bytes: Int) {
        lock.lock(); defer { lock.unlock() }
        renderer?.textures.budgetBytes = bytes
    }

    /// Destroys the context under the compositor, as a GPU reset would (tests of recovery);
    /// `permanently`: no new context can be made either, so the next `draw` throws
    /// `GLError.contextLost` (a host then draws on the CPU, `FallbackBackend`).
    package func simulateContextLoss(permanently: Bool = false) {
        lock.lock(); defer { lock.unlock() }
        renderer?.context.destroy()
        refusesNewContexts = permanently
    }

    package func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws {
        let (root, byID, order) = try GLRenderer.passGraph(passes)
        lock.lock(); defer { lock.unlock() }
        var lost: String?
        for _ in 0..<2 {
            do {
                if renderer == nil {
                    do {
                        if refusesNewContexts { throw GLError.contextFailed("simulated: the GPU is gone") }
                        renderer = try Self.makeRenderer(limit: textureSizeLimit, report: { [weak self] in self?.report($0) })
                    } catch let error as GLError {
                        // After a loss, a context that cannot be made again is still the loss.
                        guard let lost else { throw error }
                        throw GLError.contextLost("\(lost); a new context failed: \(error)")
                    }
                }
                let r = renderer!
                try r.context.withCurrent { try r.render(byID, order: order, root: root, into: &target) }
                return
            } catch let error as GLError {
                guard case .contextLost(let why) = error, lost == nil else { throw error }
                // The old context's objects are gone with it: start again from nothing.
                renderer = nil
                recoveries += 1
                lost = why
            }
        }
    }

    private static func makeRenderer(limit: Int?, report: @escaping (String) -> Void) throws(GLError) -> GLRenderer {
        let session = try EGLSession.shared.get()
        let context = try GLContext(session: session)
        do {
            return try context.withCurrent { try GLRenderer(context: context, maxTextureSize: limit, report: report) }
        } catch let e as GLError { throw e } catch { throw .contextFailed("\(error)") }
    }

    deinit {
        if let r = renderer { _ = try? r.context.withCurrent { r.release() } }
    }
}
