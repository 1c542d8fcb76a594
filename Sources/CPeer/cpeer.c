// Plain C peers for cabench (see include/cpeer.h).
#include "cpeer.h"

#include <pixman.h>
#include <string.h>

void cpeer_copy_argb32(uint32_t *dst, const uint32_t *src, int width, int height, int stride) {
    const size_t row = (size_t)width * 4;
    for (int y = 0; y < height; y++) {
        memcpy((char *)dst + (size_t)y * stride, (const char *)src + (size_t)y * stride, row);
    }
}

// x * a / 255 for bytes, exact with rounding (the usual (t + (t >> 8)) >> 8 trick).
static inline uint32_t mul_div_255(uint32_t x, uint32_t a) {
    uint32_t t = x * a + 0x80;
    return (t + (t >> 8)) >> 8;
}

void cpeer_over_argb32(uint32_t *dst, const uint32_t *src, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        uint32_t *d = (uint32_t *)((char *)dst + (size_t)y * stride);
        const uint32_t *s = (const uint32_t *)((const char *)src + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t sp = s[x], dp = d[x];
            uint32_t ia = 255 - (sp >> 24);
            uint32_t a = (sp >> 24) + mul_div_255(dp >> 24, ia);
            uint32_t r = ((sp >> 16) & 0xff) + mul_div_255((dp >> 16) & 0xff, ia);
            uint32_t g = ((sp >> 8) & 0xff) + mul_div_255((dp >> 8) & 0xff, ia);
            uint32_t b = (sp & 0xff) + mul_div_255(dp & 0xff, ia);
            d[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
}

int cpeer_pixman_composite_argb32(int over, uint32_t *dst, uint32_t *src, int width, int height, int stride) {
    pixman_image_t *s = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, src, stride);
    pixman_image_t *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, dst, stride);
    int result = (s && d) ? 0 : -1;
    if (result == 0) {
        pixman_image_composite32(over ? PIXMAN_OP_OVER : PIXMAN_OP_SRC, s, NULL, d,
                                 0, 0, 0, 0, 0, 0, width, height);
    }
    if (s) pixman_image_unref(s);
    if (d) pixman_image_unref(d);
    return result;
}
