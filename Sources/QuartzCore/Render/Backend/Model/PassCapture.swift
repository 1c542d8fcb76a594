import Foundation

/// Where the compositor leaves a pass's finished pixels for a cache to keep (a rasterized
/// layer's bitmap, `shouldRasterize`). Thread-safe; written once by the backend that draws the
/// pass, read by the builder of a later frame.
package final class PassCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: TextureResource?

    package init() {}

    /// The pass's output (premultiplied, covering exactly the pass's `outputRect`), once drawn.
    package var texture: TextureResource? {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
