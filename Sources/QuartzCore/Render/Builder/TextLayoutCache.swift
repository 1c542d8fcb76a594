import Foundation
import Synchronization
import CoreText

/// Text layer layouts already made, by everything they depend on (`TextLayerLayout`), so a
/// text layer redrawn without a change to its text — moved, faded, recoloured, in an animated
/// subtree — is not laid out again. Shared by every host (layouts are immutable).
///
/// Two generations of at most `generationSize` entries: a lookup finds an entry in either and
/// promotes it; when the current one fills, it becomes the previous one and the oldest
/// generation is dropped. So memory is bounded and layouts in use every frame stay.
final class TextLayoutCache: Sendable {
    static let shared = TextLayoutCache()
    static let generationSize = 2048

    private struct Generations {
        var current: [TextLayerLayout: TextBlock] = [:]
        var previous: [TextLayerLayout: TextBlock] = [:]
    }
    private let generations = Mutex(Generations())

    /// The block for `key`, laid out now (outside the lock) when it is not kept.
    func block(for key: TextLayerLayout) -> TextBlock {
        if let hit = generations.withLock({ g -> TextBlock? in
            if let b = g.current[key] { return b }
            guard let b = g.previous.removeValue(forKey: key) else { return nil }
            Self.insert(key, b, into: &g)
            return b
        }) { return hit }
        let block = key.make()
        generations.withLock { Self.insert(key, block, into: &$0) }
        return block
    }

    private static func insert(_ key: TextLayerLayout, _ block: TextBlock, into g: inout Generations) {
        if g.current.count >= generationSize { g.previous = g.current; g.current = [:] }
        g.current[key] = block
    }
}
