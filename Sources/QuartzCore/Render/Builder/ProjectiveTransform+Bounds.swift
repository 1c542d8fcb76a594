extension ProjectiveTransform {
    /// The bounding box of `rect`'s four mapped corners; nil when a corner maps behind the eye
    /// (w ≤ 0) or the box is not finite. No allocation: damage, culling and the work estimate
    /// call it for every quad of every frame.
    func boundingBox(of rect: CGRect) -> CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        @inline(__always) func add(_ x: CGFloat, _ y: CGFloat) -> Bool {
            let h = homogeneous(x: Double(x), y: Double(y))
            guard h.w > 0 else { return false }
            let px = h.x / h.w, py = h.y / h.w
            guard px.isFinite, py.isFinite else { return false }
            minX = min(minX, px); maxX = max(maxX, px)
            minY = min(minY, py); maxY = max(maxY, py)
            return true
        }
        guard add(rect.minX, rect.minY), add(rect.maxX, rect.minY), add(rect.minX, rect.maxY),
              add(rect.maxX, rect.maxY) else { return nil }
        let box = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        return box.isFiniteValue ? box : nil
    }
}
