// Layout marks and passes, and autoresizing (macOS API kept for source compatibility).

extension CALayer {
    /// Marks the receiver and tells its ancestors (through sublayer links, up to the first
    /// already told) that a layer below them needs layout, so layout walks only those branches.
    final func markNeedsLayout() {
        needsLayoutFlag = true
        var child = self
        while let p = child.parent, !p.subtreeNeedsLayout, p.maskLayer !== child {
            p.subtreeNeedsLayout = true
            child = p
        }
        registerForCommit()   // layout happens in the commit
        layoutManager?.invalidateLayout(of: self)
    }

    /// Apple's `layoutIfNeeded()`: walks up while superlayers need layout, then lays out every
    /// marked layer of that subtree, parents before children (a parent's layout can move or
    /// resize its children, which may mark them). Returns how many layers the walk visited.
    @discardableResult
    final func layoutMarkedSubtree() -> Int {
        var top: CALayer = self
        while let p = top.parent, p.needsLayoutFlag, p.maskLayer !== top { top = p }
        return top.layoutRecursively()
    }

    /// Lays out the receiver if marked, then descends only into sublayers that are marked or
    /// have a marked layer below them (`subtreeNeedsLayout`); the sublayers of a layer just laid
    /// out are all looked at, as its layout may have marked any of them. A layer marked behind
    /// the walk is still laid out: marking registers it with the commit, which lays it out.
    private func layoutRecursively() -> Int {
        let laidOut = needsLayoutFlag
        if laidOut {
            needsLayoutFlag = false
            layoutSublayers()
        }
        guard laidOut || subtreeNeedsLayout else { return 1 }
        subtreeNeedsLayout = false
        var visited = 1
        for sub in sublayerList where sub.needsLayoutFlag || sub.subtreeNeedsLayout {
            visited += sub.layoutRecursively()
        }
        return visited
    }

    /// `layoutSublayers()`'s default: the delegate's `layoutSublayers(of:)` (whose default asks
    /// the layout manager), or the layout manager directly when there is no delegate.
    final func layoutThroughDelegate() {
        if let delegate { delegate.layoutSublayers(of: self) } else { layoutManager?.layoutSublayers(of: self) }
    }

    /// Apple's autoresizing rule (https://developer.apple.com/documentation/quartzcore/caautoresizingmask,
    /// with the distribution NSView documents for the same masks:
    /// https://developer.apple.com/documentation/appkit/nsview/autoresizingmask-swift.property):
    /// the superlayer's change in width (height) is shared equally among the flexible parts of
    /// the frame — min margin, size, max margin — named by the mask; with none flexible the
    /// frame does not move on that axis. The new frame is set through `frame`.
    final func autoresize(fromOldSuperlayerSize oldSize: CGSize) {
        let mask = state.autoresizingMask
        guard !mask.isEmpty, let newSize = parent?.state.bounds.size else { return }
        var f = computedFrame
        guard !f.isNull else { return }
        func share(_ delta: CGFloat, _ min: Bool, _ size: Bool, _ max: Bool, _ origin: inout CGFloat, _ length: inout CGFloat) {
            let parts = (min ? 1 : 0) + (size ? 1 : 0) + (max ? 1 : 0)
            guard parts > 0, delta != 0 else { return }
            let each = delta / CGFloat(parts)
            if min { origin += each }
            if size { length += each }
        }
        share(newSize.width - oldSize.width, mask.contains(.layerMinXMargin), mask.contains(.layerWidthSizable),
              mask.contains(.layerMaxXMargin), &f.origin.x, &f.size.width)
        share(newSize.height - oldSize.height, mask.contains(.layerMinYMargin), mask.contains(.layerHeightSizable),
              mask.contains(.layerMaxYMargin), &f.origin.y, &f.size.height)
        if f != computedFrame { frame = f }
    }
}
