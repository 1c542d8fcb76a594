import CoreGraphics
import Synchronization

/// Why a frame's passes could not be drawn.
package enum CompositorError: Error, Equatable {
    /// The pass list was empty (there is no root).
    case noPasses
    /// Two passes have the same id.
    case duplicatePass(RenderPassID)
    /// A quad reads a pass that is not in the list.
    case missingPass(RenderPassID)
    /// A pass depends on itself through its quads.
    case cycle(RenderPassID)
    /// A pass's buffer would exceed `TextureResource`'s limits.
    case passTooLarge(RenderPassID)
    /// The target memory description is invalid (size, stride).
    case invalidTarget
}

/// The reference backend: rasterises render passes into premultiplied ARGB32 memory on the CPU.
///
/// Passes run in dependency order (a pass before any pass whose quads read it), each non-root
/// pass into a buffer of its own sized to its `outputRect`, the root (the last pass) into the
/// target. Quads are composited back to front with Porter-Duff OVER on premultiplied colour.
/// Affine quads are drawn with cairo (shapes, rings, rounded clips, filtered images);
/// whole-pixel image copies and projective quads with pixman (see `CPUCompositor+Projective`).
/// Antialiasing is cairo's: edges cover pixels in proportion to their area.
package final class CPUCompositor: RenderBackend, Sendable {
    let threads: Mutex<Int?>
    /// Rasterised paths reused across frames (`VectorRasterCache`).
    let vectorCache = VectorRasterCache()
    /// Scaled textures drawn at device scale and reused across frames (`ResampleCache`).
    let resampleCache = ResampleCache()
    /// The offscreen-pass memory budget and last frame's peak (`+PassMemory`).
    let passMemory = Mutex(PassMemoryUse())

    /// `threadCount`: how many threads draw the root pass (see `threadCount`); nil chooses.
    package init(threadCount: Int? = nil) { threads = Mutex(threadCount.map { max(1, $0) }) }

    package var name: String { "cpu" }

    /// Draws `passes` over the current contents of `target` (clear it first for a fresh frame).
    /// Damage is applied before (`Damage.restrict`): every quad given is drawn.
    package func draw(_ passes: [RenderPass], into target: inout PixelBuffer) throws {
        let (w, h, stride) = (target.width, target.height, target.stride)
        try target.words.withUnsafeMutableBytes { bytes in
            try draw(passes, into: bytes.baseAddress!, width: w, height: h, bytesPerRow: stride)
        }
    }

    /// Draws `passes` over premultiplied ARGB32 memory that the caller owns (for example a
    /// `CGContext`'s `data` with `premultipliedFirst | byteOrder32Little`). `bytesPerRow` must be
    /// a multiple of 4 and at least `4 × width`.
    package func draw(_ passes: [RenderPass], into base: UnsafeMutableRawPointer, width: Int, height: Int,
                      bytesPerRow: Int) throws {
        guard width > 0, height > 0, width <= TextureResource.maximumDimension,
              height <= TextureResource.maximumDimension, bytesPerRow >= width * 4, bytesPerRow % 4 == 0
        else { throw CompositorError.invalidTarget }
        guard let root = passes.last else { throw CompositorError.noPasses }
        vectorCache.beginFrame()
        resampleCache.beginFrame()
        var byID: [RenderPassID: RenderPass] = [:]
        for pass in passes {
            guard byID.updateValue(pass, forKey: pass.id) == nil else { throw CompositorError.duplicatePass(pass.id) }
        }
        // Offscreen passes are drawn as the root reaches them, their buffers bounded (+PassMemory).
        var target: RasterTarget?
        if let rect = PixelRect(enclosing: root.outputRect) {
            let visible = rect.intersection(PixelRect(x: rect.x, y: rect.y, width: width, height: height))
            if !visible.isEmpty {
                target = RasterTarget(base: base, width: visible.width, height: visible.height,
                                      stride: bytesPerRow, originX: rect.x, originY: rect.y)
            }
        }
        try drawPasses(root: root, byID, into: target)
    }

    /// Pass ids reachable from `root`, each after every pass it reads (depth-first post-order).
    package static func drawingOrder(root: RenderPassID, passes: [RenderPassID: RenderPass]) throws -> [RenderPassID] {
        var order: [RenderPassID] = []
        var state: [RenderPassID: Bool] = [:]   // false: in progress, true: done
        func visit(_ id: RenderPassID) throws {
            if let done = state[id] {
                if done { return }
                throw CompositorError.cycle(id)
            }
            guard let pass = passes[id] else { throw CompositorError.missingPass(id) }
            state[id] = false
            for quad in pass.quads { for dep in quad.passDependencies { try visit(dep) } }
            state[id] = true
            order.append(id)
        }
        try visit(root)
        return order
    }
}

/// A finished pass: its pixels, and the pass-space point of pixel (0, 0).
struct PassOutput {
    var texture: TextureResource
    var originX: Int
    var originY: Int
}
