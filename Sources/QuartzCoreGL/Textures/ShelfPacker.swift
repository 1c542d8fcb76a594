/// Rectangles packed into one atlas page (`GLAtlas`): shelves (rows) stacked from the top,
/// each holding rectangles no taller than itself side by side. A freed rectangle's span goes
/// back to its shelf (merged with free neighbours), so a page whose bitmaps change every frame
/// is filled again in the same places; an emptied top shelf gives its height back.
///
/// Pure bookkeeping in whole pixels (no GL), so it is tested on its own.
package struct ShelfPacker {
    package let width: Int, height: Int
    /// Shelf heights are rounded up to this, so bitmaps of nearly equal height share shelves.
    static let heightStep = 4

    struct Shelf {
        var y: Int, height: Int
        /// Free spans of x, sorted and disjoint.
        var free: [Range<Int>]
    }
    private(set) var shelves: [Shelf] = []
    /// The first row no shelf holds.
    private(set) var top = 0
    /// Rectangles allocated and not freed.
    package private(set) var count = 0

    package init(width: Int, height: Int) { self.width = width; self.height = height }

    package var isEmpty: Bool { count == 0 }

    /// The top-left corner of a free `w` × `h` rectangle, now taken, or nil when none fits.
    /// The lowest shelf that fits and wastes at most half its height is taken first, then a
    /// new shelf, then any shelf tall enough.
    package mutating func allocate(width w: Int, height h: Int) -> (x: Int, y: Int)? {
        guard w > 0, h > 0, w <= width, h <= height else { return nil }
        if let spot = take(w, h, where: { $0.height >= h && $0.height <= h * 2 }) { return spot }
        let rounded = min((h + Self.heightStep - 1) / Self.heightStep * Self.heightStep, height - top)
        if rounded >= h {
            let y = top
            shelves.append(Shelf(y: y, height: rounded, free: [0..<width]))
            top += rounded
            return take(w, h, where: { $0.y == y })
        }
        return take(w, h, where: { $0.height >= h })
    }

    private mutating func take(_ w: Int, _ h: Int, where fits: (Shelf) -> Bool) -> (x: Int, y: Int)? {
        for s in shelves.indices where fits(shelves[s]) {
            guard let f = shelves[s].free.firstIndex(where: { $0.count >= w }) else { continue }
            let span = shelves[s].free[f]
            if span.count == w { shelves[s].free.remove(at: f) } else { shelves[s].free[f] = span.lowerBound + w..<span.upperBound }
            count += 1
            return (span.lowerBound, shelves[s].y)
        }
        return nil
    }

    /// Gives back the rectangle allocated at (`x`, `y`) with width `w`.
    package mutating func free(x: Int, y: Int, width w: Int) {
        guard let s = shelves.firstIndex(where: { $0.y == y }) else { return }
        var spans = shelves[s].free
        let i = spans.firstIndex(where: { $0.lowerBound > x }) ?? spans.count
        var span = x..<x + w
        if i < spans.count, spans[i].lowerBound == span.upperBound { span = span.lowerBound..<spans[i].upperBound; spans.remove(at: i) }
        if i > 0, spans[i - 1].upperBound == span.lowerBound { span = spans[i - 1].lowerBound..<span.upperBound; spans.remove(at: i - 1) }
        spans.insert(span, at: spans.firstIndex(where: { $0.lowerBound > span.lowerBound }) ?? spans.count)
        shelves[s].free = spans
        count -= 1
        // Empty shelves at the top give their rows back.
        while let last = shelves.last, last.free == [0..<width] {
            shelves.removeLast()
            top = last.y
        }
    }

    /// Pixels not in any shelf (the room left for new shelves).
    package var rowsLeft: Int { height - top }
}
