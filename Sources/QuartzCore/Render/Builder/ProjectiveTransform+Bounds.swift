extension ProjectiveTransform {
    /// The bounding box of `rect`'s four mapped corners; nil when a corner maps behind the eye
    /// (w ≤ 0) or the box is not finite.
    func boundingBox(of rect: CGRect) -> CGRect? {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)]
            .compactMap { map($0) }
        guard corners.count == 4 else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return box.isFiniteValue ? box : nil
    }
}
