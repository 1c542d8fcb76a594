// The perspective span loop's interior (issue 17, `SpanProjective+Wide`): eight pixels per
// AVX2 iteration, each at its exact texel position. Along a row the homogeneous texel
// coordinates are linear in x (U = ua·xc + u0, V and W likewise, xc the pixel centre), and
// a pixel reads (U/W, V/W): two four-lane divisions per eight pixels instead of a scalar
// one each. The arithmetic is `SpanProjective.Line.texel`'s in the same order (no fused
// multiply-add), rounded to 16.16 as `SpanQuad.fixed`, so the bytes are those of the Swift
// pixel-by-pixel loop; the bilinear read and OVER are `cpu_span_bilinear_over8`'s.
#ifndef CPIXMAN_SPAN_PROJECTIVE_H
#define CPIXMAN_SPAN_PROJECTIVE_H
#include "span_wide.h"

#if defined(__x86_64__)
// Four pixel centres' positions along one axis, 16.16 rounded half up (all positive here).
__attribute__((target("avx2"))) static inline __m128i cpu_span_projective_fixed(__m256d a, __m256d b, __m256d xc,
                                                                                __m256d r) {
    __m256d t = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(a, xc), b), r);
    return _mm256_cvttpd_epi32(_mm256_add_pd(_mm256_mul_pd(t, _mm256_set1_pd(65536.0)), _mm256_set1_pd(0.5)));
}

// Draws pixels 0..<n (n a multiple of 8) of a row at `dst`, pixel i being column x0 + i:
// it reads texel (U/W, V/W) at its centre, every read inside the texture at `base`
// (`stride` bytes a row; the caller checks), scaled by the 8-bit `mask`, OVER the pixel.
// `fits32`: every read's byte offset fits 32 bits (`cpu_span_texels_fit32`), so the offsets
// are computed in vectors; otherwise each lane's address in 64 bits.
__attribute__((target("avx2"))) static inline void cpu_span_projective_over_wide(
    uint32_t *dst, long n, long x0, double ua, double va, double wa, double u0, double v0, double w0,
    const uint8_t *base, ptrdiff_t stride, uint32_t mask, int fits32) {
    const __m256d la = _mm256_setr_pd(0.5, 1.5, 2.5, 3.5), lb = _mm256_setr_pd(4.5, 5.5, 6.5, 7.5);
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d mua = _mm256_set1_pd(ua), mva = _mm256_set1_pd(va), mwa = _mm256_set1_pd(wa);
    const __m256d mu0 = _mm256_set1_pd(u0), mv0 = _mm256_set1_pd(v0), mw0 = _mm256_set1_pd(w0);
    const __m256i half = _mm256_set1_epi32(0x8000), rowBytes = _mm256_set1_epi32((int32_t)stride);
    const __m256i m16 = _mm256_set1_epi16((short)mask);
    for (long i = 0; i < n; i += 8) {
        __m256d x = _mm256_set1_pd((double)(x0 + i));
        __m256d xa = _mm256_add_pd(x, la), xb = _mm256_add_pd(x, lb);
        __m256d ra = _mm256_div_pd(one, _mm256_add_pd(_mm256_mul_pd(mwa, xa), mw0));
        __m256d rb = _mm256_div_pd(one, _mm256_add_pd(_mm256_mul_pd(mwa, xb), mw0));
        __m256i pu = _mm256_inserti128_si256(_mm256_castsi128_si256(cpu_span_projective_fixed(mua, mu0, xa, ra)),
                                             cpu_span_projective_fixed(mua, mu0, xb, rb), 1);
        __m256i pv = _mm256_inserti128_si256(_mm256_castsi128_si256(cpu_span_projective_fixed(mva, mv0, xa, ra)),
                                             cpu_span_projective_fixed(mva, mv0, xb, rb), 1);
        __m256i fu = _mm256_sub_epi32(pu, half), fv = _mm256_sub_epi32(pv, half);
        __m256i xs = _mm256_srai_epi32(fu, 16), ys = _mm256_srai_epi32(fv, 16);
        if (fits32) {
            __m256i wx, wy, t[4];
            cpu_span_weights8(fu, fv, &wx, &wy);
            cpu_span_load8(base, _mm256_add_epi32(_mm256_mullo_epi32(ys, rowBytes), _mm256_slli_epi32(xs, 2)), stride, t);
            cpu_span_over8(dst + i, t, wx, wy, m16, mask != 255, 8);
            continue;
        }
        int32_t us[8], vs[8];
        _mm256_storeu_si256((__m256i *)us, xs);
        _mm256_storeu_si256((__m256i *)vs, ys);
        const uint8_t *p[8];
        for (int k = 0; k < 8; k++) p[k] = base + (ptrdiff_t)vs[k] * stride + (ptrdiff_t)us[k] * 4;
        cpu_span_bilinear_over8(dst + i, pu, pv, p, stride, mask, 8);
    }
}
#else
static inline void cpu_span_projective_over_wide(uint32_t *dst, long n, long x0, double ua, double va, double wa,
                                                 double u0, double v0, double w0, const uint8_t *base,
                                                 ptrdiff_t stride, uint32_t mask, int fits32) {
    (void)dst; (void)n; (void)x0; (void)ua; (void)va; (void)wa; (void)u0; (void)v0; (void)w0;
    (void)base; (void)stride; (void)mask; (void)fits32;
}
#endif
#endif
