// The CPU backend's edge pixels (issue 17): the pixels of a row that a texture quad's outline
// crosses, a run of them per call instead of a Swift loop per pixel (a fifth of the sprites
// frame went there, each edge pixel ten times an interior one). Bit for bit the Swift rules it
// stands in for (`SpanEdges.coverage8`, `TexelSource.sample`, `SpanPixel.over`; tested against
// them): 16.16 distances stepped along the row, the covered area in integers, pixman's bilinear
// weights and rounding. Edge pixels are a mix of outside, inside and cut pixels that no branch
// predicts, so the coverage takes no branch: the cut rule is eight compares against per-quad
// thresholds, both area formulas are computed and one chosen, every texel address is clamped
// into the bounds (the direct read where the footprint lies inside; texels outside are zeroed
// under the transparent rule); the one branch per pixel skips the blend where the mask or every
// texel read is 0 (OVER of a zero source is the destination, exactly). Only a pixel two edges
// cross (a corner of the quad) is handed back: its area is a polygon clip. The row limits' products (`SpanColumns`)
// are here too, as Swift's SIMD code for them compiled to a tenth of the frame.
#ifndef CPIXMAN_SPAN_EDGE_H
#define CPIXMAN_SPAN_EDGE_H
#include <stdint.h>
#include <stddef.h>

// A quad's edges and texture as the edge loop reads them (`SpanEdgeKernel` fills it once a quad).
typedef struct {
    // Per edge: the distance's change per column; the pixel is outside when d <= out, the edge
    // crosses it when d < in (`SpanCut`); the area's constants (`SpanEdges`).
    int64_t step[4], out[4], in[4], linear[4], apex[4], slope[4], corner[4];
    const uint8_t *base;
    ptrdiff_t stride;
    // Texel bounds, inclusive.
    int64_t lox, loy, hix, hiy;
    uint32_t opacity8;
    // Bilinear (else nearest); clamp (else transparent) outside the bounds.
    int32_t bilinear, clamp;
} cpu_edge_quad;

#define CPU_EDGE_LANES 0x00FF00FF00FF00FFull

static inline uint64_t cpu_edge_spread(uint32_t p) {
    uint64_t q = p;
    return (q & 0x00FF00FFull) | (q & 0xFF00FF00ull) << 24;
}

// Every 16-bit lane times m / 255, rounded (`SpanPixel.mul8`).
static inline uint64_t cpu_edge_mul8(uint64_t l, uint64_t m) {
    uint64_t t = l * m + 0x0080008000800080ull;
    return ((t + ((t >> 8) & CPU_EDGE_LANES)) >> 8) & CPU_EDGE_LANES;
}

// `s` (lanes) OVER `d`, saturating (`SpanPixel.over`).
static inline uint32_t cpu_edge_over(uint32_t d, uint64_t s) {
    uint64_t r = cpu_edge_mul8(cpu_edge_spread(d), 255 - (s >> 48)) + s;
    uint64_t carry = (r >> 8) & 0x0001000100010001ull;
    uint64_t l = (r | carry * 0xFF) & CPU_EDGE_LANES;
    return (uint32_t)((l & 0x00FF00FFull) | ((l >> 24) & 0xFF00FF00ull));
}

// Σ texel × 8-bit weights >> 16, two channels per product (`SpanPixel.bilinear`).
static inline uint32_t cpu_edge_bilinear(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint64_t wx, uint64_t wy) {
    uint64_t dx = wx << 1, dy = wy << 1;
    uint64_t wxy = dx * dy, wxiy = dx * (256 - dy), wixy = (256 - dx) * dy, wixiy = (256 - dx) * (256 - dy);
    const uint64_t ab = 0xFF0000FFull;
    uint64_t f = (tl & ab) * wixiy + (tr & ab) * wxiy + (bl & ab) * wixy + (br & ab) * wxy;
    uint64_t r = f & 0x0000FF0000FF0000ull;
#define CPU_EDGE_RG(p) ((((uint64_t)(p) << 16) & 0x000000FF00000000ull) | ((uint64_t)(p) & 0x0000FF00ull))
    uint64_t g = CPU_EDGE_RG(tl) * wixiy + CPU_EDGE_RG(tr) * wxiy + CPU_EDGE_RG(bl) * wixy + CPU_EDGE_RG(br) * wxy;
#undef CPU_EDGE_RG
    r |= ((g >> 16) & 0x000000FF00000000ull) | (g & 0xFF000000ull);
    return (uint32_t)(r >> 16);
}

static inline uint32_t cpu_edge_load(const uint8_t *base, ptrdiff_t stride, int64_t x, int64_t y) {
    uint32_t t;
    __builtin_memcpy(&t, base + (ptrdiff_t)y * stride + (ptrdiff_t)x * 4, 4);
    return t;
}

static inline int64_t cpu_edge_clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

// 255 × the area of the pixel inside edge k alone (`SpanEdges.area8`), for |dk| < half: the
// linear part and the corner triangle both computed, one chosen (a corner of t ≤ 0 is 0, the
// t ≤ 0 branch of the Swift rule).
__attribute__((always_inline)) static inline uint32_t cpu_edge_area8(const cpu_edge_quad *q, int64_t dk, int k) {
    int64_t e = dk < 0 ? -dk : dk;
    int64_t lin = (int64_t)((uint64_t)dk * (uint64_t)q->slope[k] + (128ull << 32)) >> 32;
    lin = lin < 0 ? 0 : lin > 255 ? 255 : lin;
    int64_t t = q->apex[k] - e;
    t = t < 0 ? 0 : t;
    int64_t tt = (int64_t)((uint64_t)t * (uint64_t)t) >> 16;
    int64_t c = (int64_t)((uint64_t)tt * (uint64_t)q->corner[k] + (1ull << 31)) >> 32;
    c = c > 128 ? 128 : c;
    int64_t corner = dk > 0 ? 255 - c : c;
    return (uint32_t)(e <= q->linear[k] ? lin : corner);
}

// The four texels (or the one, nearest) the bilinear colour at 16.16 (u, v) reads under the
// edge rule (`TexelSource.sample`): each coordinate clamped into the bounds, texels outside
// them zeroed under the transparent rule. Returns whether any is not 0 (else the colour is 0).
__attribute__((always_inline)) static inline int cpu_edge_texels(const cpu_edge_quad *q, int bilinear, int clamp,
                                                                 int64_t u, int64_t v, uint32_t t[4]) {
    if (!bilinear) {
        int64_t x = (int64_t)((uint64_t)u - 1) >> 16, y = (int64_t)((uint64_t)v - 1) >> 16;
        t[0] = cpu_edge_load(q->base, q->stride, cpu_edge_clamp(x, q->lox, q->hix), cpu_edge_clamp(y, q->loy, q->hiy));
        if (!clamp) t[0] &= -(uint32_t)(x >= q->lox && x <= q->hix && y >= q->loy && y <= q->hiy);
        return t[0] != 0;
    }
    u = (int64_t)((uint64_t)u - 0x8000); v = (int64_t)((uint64_t)v - 0x8000);
    int64_t x = u >> 16, y = v >> 16;
    int64_t x0 = cpu_edge_clamp(x, q->lox, q->hix), x1 = cpu_edge_clamp(x + 1, q->lox, q->hix);
    int64_t y0 = cpu_edge_clamp(y, q->loy, q->hiy), y1 = cpu_edge_clamp(y + 1, q->loy, q->hiy);
    const uint8_t *r0 = q->base + (ptrdiff_t)y0 * q->stride, *r1 = q->base + (ptrdiff_t)y1 * q->stride;
    __builtin_memcpy(&t[0], r0 + x0 * 4, 4); __builtin_memcpy(&t[1], r0 + x1 * 4, 4);
    __builtin_memcpy(&t[2], r1 + x0 * 4, 4); __builtin_memcpy(&t[3], r1 + x1 * 4, 4);
    if (!clamp) {
        uint32_t ix0 = -(uint32_t)(x >= q->lox && x <= q->hix), ix1 = -(uint32_t)(x + 1 >= q->lox && x + 1 <= q->hix);
        uint32_t iy0 = -(uint32_t)(y >= q->loy && y <= q->hiy), iy1 = -(uint32_t)(y + 1 >= q->loy && y + 1 <= q->hiy);
        t[0] &= ix0 & iy0; t[1] &= ix1 & iy0; t[2] &= ix0 & iy1; t[3] &= ix1 & iy1;
    }
    return (t[0] | t[1] | t[2] | t[3]) != 0;
}

// The colour at 16.16 (u, v) from its texels (`cpu_edge_texels`).
__attribute__((always_inline)) static inline uint32_t cpu_edge_colour(int bilinear, int64_t u, int64_t v, const uint32_t t[4]) {
    if (!bilinear) return t[0];
    u = (int64_t)((uint64_t)u - 0x8000); v = (int64_t)((uint64_t)v - 0x8000);
    return cpu_edge_bilinear(t[0], t[1], t[2], t[3], (uint64_t)(u >> 9) & 0x7F, (uint64_t)(v >> 9) & 0x7F);
}

// `TexelSource.sample` (for the tests).
static inline uint32_t cpu_edge_sample(const cpu_edge_quad *q, int bilinear, int clamp, int64_t u, int64_t v) {
    uint32_t t[4];
    cpu_edge_texels(q, bilinear, clamp, u, v, t);
    return cpu_edge_colour(bilinear, u, v, t);
}

// Pixels 0..<n at `dst`; pixel i has the edge distances d0 + step × (k0 + i) and samples 16.16
// (u0 + su × (k0 + i), v0 + sv × (k0 + i)) (wrapping, as Swift's &+ and &*); its coverage
// (0…255) × the quad's opacity is its mask for OVER. Returns the index of the first pixel two
// edges cross (not drawn), or n.
__attribute__((always_inline)) static inline long cpu_edge_run_impl(
    uint32_t *dst, long n, int64_t k0, const int64_t *d0, int64_t u0, int64_t v0, int64_t su, int64_t sv,
    const cpu_edge_quad *q, int bilinear, int clamp) {
    uint64_t a = (uint64_t)d0[0] + (uint64_t)q->step[0] * (uint64_t)k0;
    uint64_t b = (uint64_t)d0[1] + (uint64_t)q->step[1] * (uint64_t)k0;
    uint64_t c = (uint64_t)d0[2] + (uint64_t)q->step[2] * (uint64_t)k0;
    uint64_t e = (uint64_t)d0[3] + (uint64_t)q->step[3] * (uint64_t)k0;
    uint64_t u = (uint64_t)u0 + (uint64_t)su * (uint64_t)k0, v = (uint64_t)v0 + (uint64_t)sv * (uint64_t)k0;
    const uint32_t opacity = q->opacity8;
    for (long i = 0; i < n; i++) {
        int64_t da = (int64_t)a, db = (int64_t)b, dc = (int64_t)c, de = (int64_t)e;
        int outside = (da <= q->out[0]) | (db <= q->out[1]) | (dc <= q->out[2]) | (de <= q->out[3]);
        unsigned cut = (unsigned)(da < q->in[0]) | (unsigned)(db < q->in[1]) << 1
            | (unsigned)(dc < q->in[2]) << 2 | (unsigned)(de < q->in[3]) << 3;
        if (__builtin_expect(!outside && (cut & (cut - 1)) != 0, 0)) return i;
        int k = __builtin_ctz(cut | 8);
        int64_t dk = k == 0 ? da : k == 1 ? db : k == 2 ? dc : de;
        uint32_t area = cpu_edge_area8(q, dk, k);
        uint32_t cov = outside ? 0 : cut ? area : 255;
        uint32_t w = cov * opacity + 0x7F, m = ((w >> 8) + w) >> 8;
        uint32_t t[4];
        // Skipped, as OVER of a zero source: a zero mask (outside), or texels all 0 (a sprite's
        // transparent border, where most edge pixels read).
        if (cpu_edge_texels(q, bilinear, clamp, (int64_t)u, (int64_t)v, t) & (m != 0)) {
            uint32_t s = cpu_edge_colour(bilinear, (int64_t)u, (int64_t)v, t);
            dst[i] = cpu_edge_over(dst[i], cpu_edge_mul8(cpu_edge_spread(s), m));
        }
        a += (uint64_t)q->step[0]; b += (uint64_t)q->step[1]; c += (uint64_t)q->step[2]; e += (uint64_t)q->step[3];
        u += (uint64_t)su; v += (uint64_t)sv;
    }
    return n;
}

// `cpu_edge_run_impl` with the quad's filter and edge rule, one specialised loop for each.
static inline long cpu_edge_run(uint32_t *dst, long n, int64_t k0, const int64_t *d0, int64_t u0, int64_t v0,
                                int64_t su, int64_t sv, const cpu_edge_quad *q) {
    if (q->bilinear) {
        if (q->clamp) return cpu_edge_run_impl(dst, n, k0, d0, u0, v0, su, sv, q, 1, 1);
        return cpu_edge_run_impl(dst, n, k0, d0, u0, v0, su, sv, q, 1, 0);
    }
    if (q->clamp) return cpu_edge_run_impl(dst, n, k0, d0, u0, v0, su, sv, q, 0, 1);
    return cpu_edge_run_impl(dst, n, k0, d0, u0, v0, su, sv, q, 0, 0);
}

// A row's column limits (`SpanColumns`): per sloped edge, where a pixel may be touched
// (`reach`) and is wholly inside (`full`) at row centre yc are reach + slope·yc and
// full + slope·yc, within `bound + boundSlope·|yc|` of the divided ones; `side` 1 where the
// edge bounds a row on the left, −1 on the right, 0 where it is flat (nx = 0), whose distance
// ny·yc + c + ½nx must reach `flatReach` and `flatFull`.
typedef struct {
    double x0, x1;
    double reach[4], full[4], slope[4], bound[4], boundSlope[4];
    double nx[4], ny[4], c[4], flatReach[4], flatFull[4];
    int32_t side[4];
} cpu_edge_columns;

static inline int cpu_edge_clear(double v, double lo, double hi, double tolerance) {
    if (v < lo || v > hi) return 1;
    if (!(v >= lo)) return 0;
    double f = v - (double)(int64_t)v;
    f = f < 0 ? -f : f;
    return f > tolerance && f < 1 - tolerance;
}

// Row yc's limits with their slack `e` (lo − e, hi + e, innerLo + e, innerHi − e, as
// `SpanOutline.columns(row:)` rounds them) into `out`; 0 where they may round otherwise than
// the divided ones (within the tolerance of a whole column), or a flat edge cuts the row off.
static inline int cpu_edge_row_limits(const cpu_edge_columns *k, double yc, double e, double *out) {
#pragma clang fp contract(off)
    double lo = k->x0, hi = k->x1, innerLo = k->x0, innerHi = k->x1, tolerance = 1e-9;
    double ayc = yc < 0 ? -yc : yc;
    for (int i = 0; i < 4; i++) {
        if (k->side[i] == 0) {
            double base = k->ny[i] * yc + k->c[i] + 0.5 * k->nx[i];
            if (!(base >= k->flatReach[i]) || !(base >= k->flatFull[i])) return 0;
            continue;
        }
        double r = k->reach[i] + k->slope[i] * yc, f = k->full[i] + k->slope[i] * yc;
        double b = k->bound[i] + k->boundSlope[i] * ayc;
        tolerance = b > tolerance ? b : tolerance;
        if (k->side[i] > 0) {
            lo = r > lo ? r : lo; innerLo = f > innerLo ? f : innerLo;
        } else {
            hi = r < hi ? r : hi; innerHi = f < innerHi ? f : innerHi;
        }
    }
    if (!(tolerance < 0.25)) return 0;
    out[0] = lo - e; out[1] = hi + e; out[2] = innerLo + e; out[3] = innerHi - e;
    double l = k->x0 - 3, h = k->x1 + 3;
    return cpu_edge_clear(out[0], l, h, tolerance) & cpu_edge_clear(out[1], l, h, tolerance)
        & cpu_edge_clear(out[2], l, h, tolerance) & cpu_edge_clear(out[3], l, h, tolerance);
}
#endif
