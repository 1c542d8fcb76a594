// The CPU backend's widest span loop (issue 17): bilinear texture reads composited with OVER,
// eight pixels per AVX2 iteration, for the interior runs whose reads are all inside the
// texture (Swift's `SpanQuad.runVector` does the rest four at a time). Swift compiles for the
// x86-64 baseline (SSE2) and has no per-function target, so this one loop is C with a target
// attribute, chosen at run time from cpuid (`cpu_span_has_wide`). Its arithmetic is exactly
// that of `TexelSource.bilinear4` and `SpanVector` (pixman's rounding): Σ texel × 7-bit
// weights >> 14, the 8-bit mask by MUL_UN8, OVER by MUL_UN8 and a saturating add.
#ifndef CPIXMAN_SPAN_WIDE_H
#define CPIXMAN_SPAN_WIDE_H
#include <stdint.h>
#include <stddef.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// Whether the CPU and the OS (saved YMM state) run AVX2.
static inline int cpu_span_has_wide(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

// Two pixels' bilinear sums, one per 128-bit lane: `lo` and `hi` point at each pixel's top-left
// texel, `wy` and `wx` are that lane's 16-bit weights broadcast ([w…] and [128 − wx, wx]…).
__attribute__((target("avx2"))) static inline __m256i cpu_span_bilinear2(const uint8_t *lo, const uint8_t *hi,
                                                                           ptrdiff_t stride, __m256i wy, __m256i wx) {
    __m128i a = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)lo)),
                                              (const double *)(lo + stride)));
    __m128i b = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)hi)),
                                              (const double *)(hi + stride)));
    __m256i t = _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
    // Each lane: top texels' bytes (left, right) paired per channel in 16-bit lanes, then the bottom's.
    const __m256i top = _mm256_setr_epi8(0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1,
                                         0, -1, 4, -1, 1, -1, 5, -1, 2, -1, 6, -1, 3, -1, 7, -1);
    const __m256i bottom = _mm256_setr_epi8(8, -1, 12, -1, 9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1,
                                            8, -1, 12, -1, 9, -1, 13, -1, 10, -1, 14, -1, 11, -1, 15, -1);
    __m256i v = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(t, top), _mm256_sub_epi16(_mm256_set1_epi16(128), wy)),
                                 _mm256_mullo_epi16(_mm256_shuffle_epi8(t, bottom), wy));
    return _mm256_srli_epi32(_mm256_madd_epi16(v, wx), 14);
}

// Every byte times `m` / 255 rounded (MUL_UN8), for 16-bit lanes.
__attribute__((target("avx2"))) static inline __m256i cpu_span_mul_un8(__m256i x, __m256i m) {
    __m256i t = _mm256_add_epi16(_mm256_mullo_epi16(x, m), _mm256_set1_epi16(0x80));
    return _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
}

// Pixels dst[0..<live] (live ≤ 8), pixel k reading the 2×2 texels at p[k] with the weights of
// its 16.16 position (pu[k], pv[k]) (only their low bits: wrapping is harmless), the sample
// scaled by the 8-bit `mask` (255: unscaled), OVER the pixel. Lanes from `live` on are neither
// loaded nor stored (masked), so their p[k] need only be readable. Shared by the affine and
// perspective loops.
__attribute__((target("avx2"))) static inline void cpu_span_bilinear_over8(
    uint32_t *dst, __m256i pu, __m256i pv, const uint8_t *const *p, ptrdiff_t stride, uint32_t mask, long live) {
    const __m256i half = _mm256_set1_epi32(0x8000), seven = _mm256_set1_epi32(127);
    const __m256i m16 = _mm256_set1_epi16((short)mask);
    const __m256i alpha = _mm256_setr_epi8(6, -1, 6, -1, 6, -1, 6, -1, 14, -1, 14, -1, 14, -1, 14, -1,
                                           6, -1, 6, -1, 6, -1, 6, -1, 14, -1, 14, -1, 14, -1, 14, -1);
    const __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi16(255);
    __m256i wx = _mm256_and_si256(_mm256_srli_epi32(_mm256_sub_epi32(pu, half), 9), seven);
    __m256i wy = _mm256_and_si256(_mm256_srli_epi32(_mm256_sub_epi32(pv, half), 9), seven);
    __m256i wy2 = _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16));
    __m256i wx2 = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(128), wx), _mm256_slli_epi32(wx, 16));
    // Register j holds pixels j (low lane) and j + 4 (high lane), so the packs below
    // come out in order.
    __m256i r[4];
    for (int j = 0; j < 4; j++) {
        __m256i idx = _mm256_setr_epi32(j, j, j, j, j + 4, j + 4, j + 4, j + 4);
        r[j] = cpu_span_bilinear2(p[j], p[j + 4], stride, _mm256_permutevar8x32_epi32(wy2, idx),
                                  _mm256_permutevar8x32_epi32(wx2, idx));
    }
    __m256i s16 = _mm256_packus_epi16(_mm256_packus_epi32(r[0], r[1]), _mm256_packus_epi32(r[2], r[3]));
    __m256i slo = _mm256_unpacklo_epi8(s16, zero), shi = _mm256_unpackhi_epi8(s16, zero);
    if (mask != 255) {
        slo = cpu_span_mul_un8(slo, m16); shi = cpu_span_mul_un8(shi, m16);
    }
    const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)live), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i d = live == 8 ? _mm256_loadu_si256((const __m256i *)dst) : _mm256_maskload_epi32((const int *)dst, keep);
    __m256i dlo = cpu_span_mul_un8(_mm256_unpacklo_epi8(d, zero), _mm256_sub_epi16(full, _mm256_shuffle_epi8(slo, alpha)));
    __m256i dhi = cpu_span_mul_un8(_mm256_unpackhi_epi8(d, zero), _mm256_sub_epi16(full, _mm256_shuffle_epi8(shi, alpha)));
    __m256i out = _mm256_adds_epu8(_mm256_packus_epi16(dlo, dhi), _mm256_packus_epi16(slo, shi));
    if (live == 8) _mm256_storeu_si256((__m256i *)dst, out);
    else _mm256_maskstore_epi32((int *)dst, keep, out);
}

// Draws pixels 0..<n of a run at `dst`: pixel i samples 16.16 position (u + i·su, v + i·sv),
// every read inside the texture at `base` (`stride` bytes a row), the sample scaled by the
// 8-bit `mask` (255: unscaled), OVER the pixel. The last n mod 8 pixels go through one more
// iteration with masked destination loads and stores (its unused lanes read pixel 0's texels),
// so a run has no four- and one-pixel tail loops (a twentieth of the sprites' frame).
__attribute__((target("avx2"))) static inline void cpu_span_bilinear_over_wide(
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
#else
static inline int cpu_span_has_wide(void) { return 0; }
static inline void cpu_span_bilinear_over_wide(uint32_t *dst, long n, int64_t u, int64_t v, int64_t su, int64_t sv,
                                               const uint8_t *base, ptrdiff_t stride, uint32_t mask) {
    (void)dst; (void)n; (void)u; (void)v; (void)su; (void)sv; (void)base; (void)stride; (void)mask;
}
#endif
#endif
