// The affine runs' interior loop (issue 17, `SpanQuad.runBilinear`): pixel i of a run samples
// 16.16 position (u + i·su, v + i·sv), eight pixels per AVX2 iteration through
// `cpu_span_over8`. Where the run's positions and texel offsets fit 32 bits (every texture up
// to 16384² does) they are vectors stepped eight pixels at a time, the offsets leaving the
// vector only to address the loads; otherwise each lane's address is computed in 64 bits.
#ifndef CPIXMAN_SPAN_AFFINE_H
#define CPIXMAN_SPAN_AFFINE_H
#include "span_wide.h"

#if defined(__x86_64__)
// Whether a run can be drawn in 32-bit lanes (`cpu_span_bilinear_over_run32`): every position
// less half a texel lies in [0, 2^31) (the run's ends bound them: positions move along a
// line), and so does the byte offset of every texel read.
static inline int cpu_span_run_fits32(long n, int64_t u, int64_t v, int64_t su, int64_t sv, ptrdiff_t stride) {
    int64_t du, dv, u0, v0, u1, v1;
    if (n < 1 || __builtin_sub_overflow(u, 0x8000, &u0) || __builtin_sub_overflow(v, 0x8000, &v0)
        || __builtin_mul_overflow((int64_t)(n - 1), su, &du) || __builtin_mul_overflow((int64_t)(n - 1), sv, &dv)
        || __builtin_add_overflow(u0, du, &u1) || __builtin_add_overflow(v0, dv, &v1)) return 0;
    int64_t ulo = u0 < u1 ? u0 : u1, uhi = u0 < u1 ? u1 : u0, vlo = v0 < v1 ? v0 : v1, vhi = v0 < v1 ? v1 : v0;
    if (ulo < 0 || vlo < 0 || uhi > INT32_MAX || vhi > INT32_MAX) return 0;
    return cpu_span_texels_fit32(uhi >> 16, vhi >> 16, stride);
}

// Eight pixels `d` at positions less half a texel `fu`, `fv` (32-bit lanes, every one
// reading inside the texture) through `cpu_span_sample_over8`.
CPU_SPAN_WIDE __m256i cpu_span_block32(__m256i d, __m256i fu, __m256i fv, const uint8_t *base, ptrdiff_t stride,
                                       __m256i rowBytes, __m256i m16, int faded) {
    __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srli_epi32(fv, 16), rowBytes),
                                   _mm256_and_si256(_mm256_srli_epi32(fu, 14), _mm256_set1_epi32(~3)));
    __m256i wx, wy, t[4];
    cpu_span_weights8(fu, fv, &wx, &wy);
    cpu_span_load8(base, off, stride, t);
    return cpu_span_sample_over8(d, t, wx, wy, m16, faded);
}

// Pixels 0..<n of a run that `cpu_span_run_fits32`, scaled by `mask` when `faded`. Positions
// less half a texel step eight pixels at a time in 32-bit lanes (wrapping adds are exact, the
// true values lying in [0, 2^31)). Where n mod 8 ≠ 0 the last eight pixels are drawn first
// from the destination as it is, kept, and stored after the loop: the loop's last block
// overlaps them and computes the same bytes for the overlap, so the run needs no masked
// stores (slow on AMD: a twentieth of the loop). Runs under eight pixels are masked.
CPU_SPAN_WIDE void cpu_span_bilinear_over_run32(uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
                                                const uint8_t *base, ptrdiff_t stride, uint32_t mask, int faded) {
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i ku = _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)su));
    const __m256i kv = _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)sv));
    const __m256i du = _mm256_set1_epi32((int32_t)(su * 8)), dv = _mm256_set1_epi32((int32_t)(sv * 8));
    const __m256i rowBytes = _mm256_set1_epi32((int32_t)stride), m16 = _mm256_set1_epi16((short)mask);
    __m256i fu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(u - 0x8000)), ku);
    __m256i fv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(v - 0x8000)), kv);
    if (n < 8) {
        // Lanes past the run read pixel 0's texels (theirs may lie outside the texture).
        const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), steps);
        fu = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(fu, _mm256_setzero_si256()), fu, keep);
        fv = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(fv, _mm256_setzero_si256()), fv, keep);
        __m256i d = _mm256_maskload_epi32((const int *)dst, keep);
        _mm256_maskstore_epi32((int *)dst, keep, cpu_span_block32(d, fu, fv, base, stride, rowBytes, m16, faded));
        return;
    }
    long last = n - 8, whole = n & ~7L;
    __m256i tail = _mm256_setzero_si256();
    if (whole != n) {
        __m256i tu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(u - 0x8000 + last * su)), ku);
        __m256i tv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)(v - 0x8000 + last * sv)), kv);
        tail = cpu_span_block32(_mm256_loadu_si256((const __m256i *)(dst + last)), tu, tv, base, stride, rowBytes,
                                m16, faded);
    }
    for (long i = 0; i < whole; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), cpu_span_block32(d, fu, fv, base, stride, rowBytes, m16, faded));
        fu = _mm256_add_epi32(fu, du); fv = _mm256_add_epi32(fv, dv);
    }
    if (whole != n) _mm256_storeu_si256((__m256i *)(dst + last), tail);
}

// Pixels 0..<n of any run: each lane's texel address in 64 bits; the last n mod 8 pixels go
// through one more iteration with masked loads and stores, its lanes past the run reading
// pixel 0's texels.
__attribute__((target("avx2"))) static inline void cpu_span_bilinear_over_run64(
    uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
    const uint8_t *base, ptrdiff_t stride, uint32_t mask) {
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (long i = 0; i < n; i += 8) {
        long live = n - i < 8 ? n - i : 8;
        // Weights in 32-bit lanes from the positions' low bits (wrapping there is harmless).
        __m256i pu = _mm256_add_epi32(_mm256_set1_epi32((int32_t)u), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)su)));
        __m256i pv = _mm256_add_epi32(_mm256_set1_epi32((int32_t)v), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int32_t)sv)));
        const uint8_t *p[8];
        for (int k = 0; k < 8; k++) {
            int64_t kk = k < live ? k : 0;
            int64_t x = (u + su * kk - 0x8000) >> 16, y = (v + sv * kk - 0x8000) >> 16;
            p[k] = base + y * stride + x * 4;
        }
        cpu_span_bilinear_over8(dst + i, pu, pv, p, stride, mask, live);
        u += su * 8; v += sv * 8;
    }
}

// Draws pixels 0..<n of a run at `dst`: pixel i samples 16.16 position (u + i·su, v + i·sv),
// every read inside the texture at `base` (`stride` bytes a row), the sample scaled by the
// 8-bit `mask` (255: unscaled), OVER the pixel. A run has no four- and one-pixel tail loops
// (they were a twentieth of the sprites' frame).
__attribute__((target("avx2"))) static inline void cpu_span_bilinear_over_wide(
    uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
    const uint8_t *base, ptrdiff_t stride, uint32_t mask) {
    if (!cpu_span_run_fits32(n, u, v, su, sv, stride)) return cpu_span_bilinear_over_run64(dst, n, u, v, su, sv, base, stride, mask);
    if (mask == 255) cpu_span_bilinear_over_run32(dst, n, u, v, su, sv, base, stride, mask, 0);
    else cpu_span_bilinear_over_run32(dst, n, u, v, su, sv, base, stride, mask, 1);
}
#else
static inline int cpu_span_run_fits32(long n, int64_t u, int64_t v, int64_t su, int64_t sv, ptrdiff_t stride) {
    (void)n; (void)u; (void)v; (void)su; (void)sv; (void)stride;
    return 0;
}
static inline void cpu_span_bilinear_over_run64(uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
                                                const uint8_t *base, ptrdiff_t stride, uint32_t mask) {
    (void)dst; (void)n; (void)u; (void)v; (void)su; (void)sv; (void)base; (void)stride; (void)mask;
}
static inline void cpu_span_bilinear_over_wide(uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
                                               const uint8_t *base, ptrdiff_t stride, uint32_t mask) {
    (void)dst; (void)n; (void)u; (void)v; (void)su; (void)sv; (void)base; (void)stride; (void)mask;
}
#endif
#endif
