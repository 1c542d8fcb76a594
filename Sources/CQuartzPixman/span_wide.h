// The CPU backend's eight-pixel bilinear OVER kernel (issue 17), shared by the affine runs
// (`span_affine.h`) and the perspective interiors (`span_projective.h`): AVX2, for pixels whose
// reads are all inside the texture. Swift compiles for the x86-64 baseline (SSE2) and has no
// per-function target, so the kernel is C with target attributes, chosen at run time from
// cpuid (`cpu_span_has_wide`). Its arithmetic is exactly that of `TexelSource.bilinear4` and
// `SpanVector` (pixman's rounding): Σ texel × 7-bit weights >> 14, the 8-bit mask by MUL_UN8,
// OVER by MUL_UN8 and a saturating add.
#ifndef CPIXMAN_SPAN_WIDE_H
#define CPIXMAN_SPAN_WIDE_H
#include <stdint.h>
#include <stddef.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

// Inlined into each loop, so that its constants are loaded once per run and kept in registers.
#define CPU_SPAN_WIDE __attribute__((target("avx2"), always_inline)) static inline

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

// Every 16-bit lane times the one of `m` / 255 rounded (MUL_UN8): with t = x·m + 128 below
// 2^16, (t·257) >> 16 equals pixman's (t + (t >> 8)) >> 8, in one multiply instead of four steps.
CPU_SPAN_WIDE __m256i cpu_span_mul_un8(__m256i x, __m256i m) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(x, m), _mm256_set1_epi16(0x80)),
                              _mm256_set1_epi16(0x101));
}

// Eight pixels' weights from their 16.16 positions less half a texel (32-bit lanes; only bits
// 9…15 count, so wrapped lanes are harmless), negated so that 128 − w fits a signed byte:
// `wy` holds the bytes (w − 128, −w) in both words of each lane, `wx` the words (w − 128, −w).
CPU_SPAN_WIDE void cpu_span_weights8(__m256i fu, __m256i fv, __m256i *wx, __m256i *wy) {
    const __m256i seven = _mm256_set1_epi32(127);
    __m256i x = _mm256_and_si256(_mm256_srli_epi32(fu, 9), seven), y = _mm256_and_si256(_mm256_srli_epi32(fv, 9), seven);
    // Bytes (y − 128, −y) are the word 256·(−y) + (y + 128) = 128 − 255·y.
    __m256i y16 = _mm256_sub_epi32(_mm256_set1_epi32(128), _mm256_sub_epi32(_mm256_slli_epi32(y, 8), y));
    *wy = _mm256_or_si256(_mm256_and_si256(y16, _mm256_set1_epi32(0xFFFF)), _mm256_slli_epi32(y16, 16));
    // Words (x − 128, −x) are the dword 65536·(−x) + (x − 128 + 65536).
    *wx = _mm256_add_epi32(_mm256_sub_epi32(_mm256_set1_epi32(65408), _mm256_slli_epi32(x, 16)), x);
}

// Texel rows of pixels k and k + 4 (lanes 0 and 1), whose top-left texels are at `lo` and
// `hi`: each lane holds its pixel's top pair of texels, then its bottom pair.
CPU_SPAN_WIDE __m256i cpu_span_load2(const uint8_t *lo, const uint8_t *hi, ptrdiff_t stride) {
    __m128i a = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)lo)),
                                              (const double *)(lo + stride)));
    __m128i b = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)hi)),
                                              (const double *)(hi + stride)));
    return _mm256_inserti128_si256(_mm256_castsi128_si256(a), b, 1);
}

// The texel rows of eight pixels (register j: pixels j and j + 4, `cpu_span_load2`) whose
// top-left texels lie `off` bytes (32-bit lanes) from `base`. The offsets leave the vector
// only to address the loads.
CPU_SPAN_WIDE void cpu_span_load8(const uint8_t *base, __m256i off, ptrdiff_t stride, __m256i t[4]) {
    uint32_t o[8] __attribute__((aligned(32)));
    _mm256_store_si256((__m256i *)o, off);
    // Unrolled by hand: Swift's importer does not unroll a loop over `t`, which then lives on
    // the stack (a store and reload of every texel register).
    t[0] = cpu_span_load2(base + o[0], base + o[4], stride);
    t[1] = cpu_span_load2(base + o[1], base + o[5], stride);
    t[2] = cpu_span_load2(base + o[2], base + o[6], stride);
    t[3] = cpu_span_load2(base + o[3], base + o[7], stride);
}

// Two pixels' samples, one per lane, as 32-bit channels: `t` as `cpu_span_load2` gives it,
// `wy` and `wx` that lane's weights (`cpu_span_weights8`) broadcast. Top and bottom bytes are
// paired per channel and column, so one multiply-add of bytes gives each column's
// −(top·(128 − y) + bottom·y) (at most 32640: no saturation) and one of words, by the negated
// x weights, each channel's Σ texel·weights, whose >> 14 is the sample.
CPU_SPAN_WIDE __m256i cpu_span_bilinear2(__m256i t, __m256i wy, __m256i wx) {
    const __m256i pairs = _mm256_setr_epi8(0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15,
                                           0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15);
    __m256i v = _mm256_maddubs_epi16(_mm256_shuffle_epi8(t, pairs), wy);
    return _mm256_srli_epi32(_mm256_madd_epi16(v, wx), 14);
}

// Eight pixels `d`, OVER them the samples of texel rows `t` (`cpu_span_load8`) with weights
// `wx`, `wy` (`cpu_span_weights8`), scaled by the 8-bit mask in every word of `m16` when `faded`.
CPU_SPAN_WIDE __m256i cpu_span_sample_over8(__m256i d, const __m256i t[4], __m256i wx, __m256i wy, __m256i m16,
                                            int faded) {
    // Words: pixels 0, 1 | 4, 5 and 2, 3 | 6, 7, as the destination's bytes unpack.
    __m256i slo = _mm256_packus_epi32(cpu_span_bilinear2(t[0], _mm256_shuffle_epi32(wy, 0x00), _mm256_shuffle_epi32(wx, 0x00)),
                                      cpu_span_bilinear2(t[1], _mm256_shuffle_epi32(wy, 0x55), _mm256_shuffle_epi32(wx, 0x55)));
    __m256i shi = _mm256_packus_epi32(cpu_span_bilinear2(t[2], _mm256_shuffle_epi32(wy, 0xAA), _mm256_shuffle_epi32(wx, 0xAA)),
                                      cpu_span_bilinear2(t[3], _mm256_shuffle_epi32(wy, 0xFF), _mm256_shuffle_epi32(wx, 0xFF)));
    if (faded) { slo = cpu_span_mul_un8(slo, m16); shi = cpu_span_mul_un8(shi, m16); }
    const __m256i alpha = _mm256_setr_epi8(6, -1, 6, -1, 6, -1, 6, -1, 14, -1, 14, -1, 14, -1, 14, -1,
                                           6, -1, 6, -1, 6, -1, 6, -1, 14, -1, 14, -1, 14, -1, 14, -1);
    const __m256i zero = _mm256_setzero_si256(), full = _mm256_set1_epi16(255);
    __m256i dlo = cpu_span_mul_un8(_mm256_unpacklo_epi8(d, zero), _mm256_xor_si256(full, _mm256_shuffle_epi8(slo, alpha)));
    __m256i dhi = cpu_span_mul_un8(_mm256_unpackhi_epi8(d, zero), _mm256_xor_si256(full, _mm256_shuffle_epi8(shi, alpha)));
    return _mm256_adds_epu8(_mm256_packus_epi16(dlo, dhi), _mm256_packus_epi16(slo, shi));
}

// Pixels dst[0..<live] (live ≤ 8) through `cpu_span_sample_over8`. Lanes from `live` on are
// neither loaded nor stored (masked).
CPU_SPAN_WIDE void cpu_span_over8(uint32_t *dst, const __m256i t[4], __m256i wx, __m256i wy, __m256i m16,
                                  int faded, long live) {
    const __m256i keep = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)live), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    __m256i d = live == 8 ? _mm256_loadu_si256((const __m256i *)dst) : _mm256_maskload_epi32((const int *)dst, keep);
    __m256i out = cpu_span_sample_over8(d, t, wx, wy, m16, faded);
    if (live == 8) _mm256_storeu_si256((__m256i *)dst, out);
    else _mm256_maskstore_epi32((int *)dst, keep, out);
}

// Pixels dst[0..<live] (live ≤ 8), pixel k reading the 2×2 texels at p[k] with the weights of
// its 16.16 position (pu[k], pv[k]) (only their low bits: wrapping is harmless), the sample
// scaled by the 8-bit `mask` (255: unscaled), OVER the pixel. Lanes from `live` on are neither
// loaded nor stored (masked), so their p[k] need only be readable. For reads whose byte
// offsets do not fit 32 bits; the others go through `cpu_span_load8`.
CPU_SPAN_WIDE void cpu_span_bilinear_over8(uint32_t *dst, __m256i pu, __m256i pv, const uint8_t *const *p,
                                           ptrdiff_t stride, uint32_t mask, long live) {
    const __m256i half = _mm256_set1_epi32(0x8000);
    __m256i wx, wy, t[4];
    cpu_span_weights8(_mm256_sub_epi32(pu, half), _mm256_sub_epi32(pv, half), &wx, &wy);
    t[0] = cpu_span_load2(p[0], p[4], stride); t[1] = cpu_span_load2(p[1], p[5], stride);
    t[2] = cpu_span_load2(p[2], p[6], stride); t[3] = cpu_span_load2(p[3], p[7], stride);
    cpu_span_over8(dst, t, wx, wy, _mm256_set1_epi16((short)mask), mask != 255, live);
}

// Whether every read of a pixel whose top-left texel is at most (x, y) lies at a byte offset
// below 2^31 (`stride` bytes a row), so that `cpu_span_load8` can address it.
static inline int cpu_span_texels_fit32(int64_t x, int64_t y, ptrdiff_t stride) {
    int64_t row;
    if (x < 0 || y < 0 || x > INT32_MAX / 4 || y > INT32_MAX || stride < 1 || stride > INT32_MAX) return 0;
    // The last read: row y + 1, the eight bytes of texels x and x + 1.
    if (__builtin_mul_overflow(y + 1, (int64_t)stride, &row)) return 0;
    return row + x * 4 + 8 <= INT32_MAX;
}
#else
static inline int cpu_span_has_wide(void) { return 0; }
static inline int cpu_span_texels_fit32(int64_t x, int64_t y, ptrdiff_t stride) {
    (void)x; (void)y; (void)stride;
    return 0;
}
#endif
#endif
