// Display marks. The backing store itself (bounds × contentsScale pixels, drawn through
// `draw(in:)`) is made by the render side; here the model only records what needs drawing.

extension CALayer {
    /// Marks the whole layer (even with empty bounds) as needing display.
    final func markNeedsDisplayAll() {
        needsDisplayFlag = true
        registerForCommit()   // display happens in the commit
        dirtyRect = state.bounds.isEmpty ? dirtyRect : dirtyRect.union(state.bounds)
    }

    /// Marks `rect` (bounds coordinates) as needing display; an empty, null or non-finite rect
    /// marks nothing.
    final func markNeedsDisplay(_ rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty, rect.isFiniteValue else { return }
        needsDisplayFlag = true
        registerForCommit()
        dirtyRect = dirtyRect.union(rect)
    }

    final func displayIfMarked() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        pendingDisplayRect = dirtyRect
        dirtyRect = .null
        display()
        pendingDisplayRect = .null
    }

    /// `display()`'s default: the delegate's `display(_:)`, whose default in turn draws the
    /// backing store; without a delegate, the backing store is drawn directly.
    final func displayThroughDelegate() {
        if let delegate { delegate.display(self) } else { drawBackingStore() }
    }
}
