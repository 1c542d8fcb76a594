/// The snapshots a frame's builder has visited in static subtrees (FrameBuilder+Reuse): what a
/// subtree kept for reuse is checked by. A reused entry's snapshots are appended as its array,
/// shared, not copied: a frame that reuses 10,000 still layers under a parent that will not be
/// kept (one of its sublayers moves) would otherwise copy and retain 10,000 references.
struct VisitList {
    private enum Chunk {
        case one(LayerSnapshot)
        case many([LayerSnapshot])
    }
    /// A position in the list (`mark`), to count, read or drop what came after it.
    struct Mark { fileprivate let chunk: Int, count: Int }

    private var chunks: [Chunk] = []
    private(set) var count = 0

    var mark: Mark { Mark(chunk: chunks.count, count: count) }

    mutating func append(_ s: LayerSnapshot) { chunks.append(.one(s)); count += 1 }

    mutating func append(shared snapshots: [LayerSnapshot]) {
        guard !snapshots.isEmpty else { return }
        chunks.append(.many(snapshots)); count += snapshots.count
    }

    func count(since m: Mark) -> Int { count - m.count }

    mutating func remove(since m: Mark) {
        chunks.removeSubrange(m.chunk...)
        count = m.count
    }

    func snapshots(since m: Mark) -> [LayerSnapshot] {
        var out: [LayerSnapshot] = []
        out.reserveCapacity(count - m.count)
        for c in chunks[m.chunk...] {
            switch c {
            case .one(let s): out.append(s)
            case .many(let list): out.append(contentsOf: list)
            }
        }
        return out
    }
}
