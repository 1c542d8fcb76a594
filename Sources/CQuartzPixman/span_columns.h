// The CPU backend's row limits (issue 17): per row of a texture or fill quad, the columns its
// outline may touch and the columns wholly inside it, from quotients taken once per quad and a
// product per row (`SpanColumns`), exactly as `SpanOutline.columns(row:)` divides them or the
// row is handed back to it. In C because Swift's SIMD code for these products compiled to a
// tenth of the sprites frame.
#ifndef CPIXMAN_SPAN_COLUMNS_H
#define CPIXMAN_SPAN_COLUMNS_H
#include <stdint.h>

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
