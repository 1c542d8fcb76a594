import CQuartzPixman

/// `SpanOutline.columns(row:)` for the row loops, the same columns without its eight divisions
/// a row (a tenth of the sprites' frame): each sloped edge's limits are linear in the row's
/// centre, `reach + slope·yc`, with the quotients taken once per quad (`cpu_edge_row_limits`
/// in `CQuartzPixman/span_columns.h`). Products round differently from quotients, and a column is a
/// floor or a ceiling, so a row whose limit lies within the two roundings' error bound of a
/// whole column, a row a flat edge cuts off (whose result depends on the edges' order), and
/// anything not finite take `columns(row:)` itself: the columns are always exactly its
/// (`SpanColumnsTests`), as a row's texel positions are stepped from its interior's first column.
struct SpanColumns {
    let outline: SpanOutline
    /// The per-quad constants (kept at one address: copied per row they cost a memcpy).
    let constants: UnsafePointer<cpu_edge_columns>

    /// Calls `body` with the columns of `o`, valid only within it.
    @inline(__always) static func with<R>(_ o: SpanOutline, _ body: (SpanColumns) -> R) -> R {
        var k = constants(o)
        return withUnsafePointer(to: &k) { body(SpanColumns(outline: o, constants: $0)) }
    }

    static func constants(_ o: SpanOutline) -> cpu_edge_columns {
        var k = cpu_edge_columns()
        k.x0 = Double(o.region.x); k.x1 = Double(o.region.x + o.region.width)
        var reach = SIMD4<Double>(), full = reach, slope = reach, bound = reach, boundSlope = reach
        var flatReach = reach, flatFull = reach, side = SIMD4<Int32>()
        for i in 0..<4 {
            let nx = o.nx[i], ny = o.ny[i], c = o.c[i]
            let r = o.hard[i] == 1 ? 0 : -o.half[i], f = o.soft[i] == 1 ? o.half[i] : 0
            guard nx > 0 || nx < 0 else { flatReach[i] = r; flatFull[i] = f; continue }
            side[i] = nx > 0 ? 1 : -1
            let offset = c + 0.5 * nx
            reach[i] = (r - offset) / nx; full[i] = (f - offset) / nx; slope[i] = -ny / nx
            // The quotient and the products each err by a few units in the last place of
            // their operands' sizes over |nx| (11 at most, by the operations' count); 1e-14
            // is 45 of them.
            bound[i] = 1e-14 * (Swift.abs(r) + Swift.abs(f) + Swift.abs(c) + Swift.abs(nx) + 1) / Swift.abs(nx)
            boundSlope[i] = 1e-14 * Swift.abs(ny) / Swift.abs(nx)
        }
        func tuple<T>(_ v: SIMD4<T>) -> (T, T, T, T) { (v[0], v[1], v[2], v[3]) }
        k.reach = tuple(reach); k.full = tuple(full); k.slope = tuple(slope)
        k.bound = tuple(bound); k.boundSlope = tuple(boundSlope)
        k.nx = tuple(o.nx); k.ny = tuple(o.ny); k.c = tuple(o.c)
        k.flatReach = tuple(flatReach); k.flatFull = tuple(flatFull); k.side = tuple(side)
        return k
    }

    /// Columns of row `y` the quad may touch and those it covers wholly, as `columns(row:)`.
    @inline(__always) func row(_ y: Int) -> (candidates: Range<Int>, inner: Range<Int>) {
        fast(y) ?? outline.columns(row: y)
    }

    /// `row(y)` by the products, nil where they may differ from `columns(row:)`.
    @inline(__always) func fast(_ y: Int) -> (candidates: Range<Int>, inner: Range<Int>)? {
        var limits = (0.0, 0.0, 0.0, 0.0)
        let clear = withUnsafeMutablePointer(to: &limits) {
            cpu_edge_row_limits(constants, Double(y) + 0.5, SpanOutline.slack, UnsafeMutableRawPointer($0).assumingMemoryBound(to: Double.self))
        }
        guard clear != 0 else { return nil }
        return SpanOutline.columns(lo: limits.0, hi: limits.1, innerLo: limits.2, innerHi: limits.3,
                                   constants.pointee.x0, constants.pointee.x1)
    }
}
