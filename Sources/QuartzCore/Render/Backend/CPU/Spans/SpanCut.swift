/// The cut rule of a pixel against the quad's four edges, from the signed distances `d` of its
/// centre (positive inside): a hard edge (bit k of `hard`) cuts at the centre (outside when
/// d < 0); a soft edge (bit k of `soft`) leaves the pixel wholly outside when d ≤ −half,
/// wholly inside when d ≥ half and crosses it between. An edge may be both (a layer's hard
/// edge under its own antialiased rounded clip: cut at the centre, else partly covering).
/// One rule for the
/// fixed-point edge pixels (`SpanEdges.coverage8`, Int64) and the Double model
/// (`SpanOutline.coverage`).
enum SpanCut {
    /// The result for a pixel outside the quad.
    static let outside = -1

    /// `outside`, or the bit set of the soft edges that cross the pixel (0: wholly inside).
    @inline(__always) static func mask<T: SIMDScalar & Comparable & SignedNumeric>(
        _ d: SIMD4<T>, hard: Int, soft: Int, half: SIMD4<T>
    ) -> Int {
        var cut = 0
        for k in 0..<4 {
            if hard & (1 << k) != 0, d[k] < 0 { return outside }
            if soft & (1 << k) != 0 {
                if d[k] <= -half[k] { return outside }
                if d[k] < half[k] { cut |= 1 << k }
            }
        }
        return cut
    }
}
