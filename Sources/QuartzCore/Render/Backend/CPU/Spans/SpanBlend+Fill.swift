/// Solid quads, rounded rects and rings with a blend mode other than OVER (`SpanBlend`): the
/// coverage the OVER loop uses (`SpanFill+Coverage`), a pixel at a time, the colour composited
/// by the mode with the coverage as mask. One loop per mode.
extension SpanFill {
    func drawBlended(into target: RasterTarget) {
        let region = outline.region
        guard !region.isEmpty, region.x >= 0, region.y >= 0, region.x + region.width <= target.width,
              region.y + region.height <= target.height, color != 0 else { return }
        _ = blendMode.withSpanBlend(BlendedFillRows(fill: self, target: target))
    }

    fileprivate func blendRows<B: SpanBlendMode, C: SpanRowShape, H: SpanRowShape>(_ coverage: Coverage<C, H>,
                                                                                into target: RasterTarget, _: B.Type) {
        let region = outline.region
        let solid = SpanSolid(word: color, wide: SIMD4<Float>(cairoShorts) * (1 / 65535))
        for y in region.y..<(region.y + region.height) {
            let r = coverage.row(y)
            guard !r.candidates.isEmpty else { continue }
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            for x in r.candidates where !r.holeInner.contains(x) {
                var cov: UInt32 = 255
                if !r.isFull(x) {
                    cov = coverage.edge(x, r)
                    guard cov > 0 else { continue }
                }
                row[x] = B.blend(row[x], solid, mask: cov)
            }
        }
    }
}

extension SpanFill {
    /// The colour cairo hands pixman for `color` at `opacity` (`cairoSetColor`), 16 bits per
    /// channel (blue, green, red, alpha): straight channels and alpha × opacity limited to
    /// 0…1, premultiplied in double, × 65535 rounded.
    static func cairoShorts(_ color: PremultipliedColor, opacity: Double) -> SIMD4<UInt16> {
        let s = color.straight
        let a = min(max(s.a * opacity, 0), 1)
        func short(_ v: Double) -> UInt16 { UInt16(v * 65535 + 0.5) }
        return SIMD4(short(s.b * a), short(s.g * a), short(s.r * a), short(a))
    }
}

private struct BlendedFillRows: SpanBlendVisitor {
    let fill: SpanFill, target: RasterTarget

    func visit<B: SpanBlendMode>(_: B.Type) { fill.withCoverage(BlendedCoverageRows<B>(fill: fill, target: target)) }
}

private struct BlendedCoverageRows<B: SpanBlendMode>: SpanCoverageVisitor {
    let fill: SpanFill, target: RasterTarget

    func visit<C: SpanRowShape, H: SpanRowShape>(_ coverage: SpanFill.Coverage<C, H>) {
        fill.blendRows(coverage, into: target, B.self)
    }
}
