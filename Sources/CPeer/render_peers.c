// Render peers for cabench's fillrate, sprites, transformed and perspective scenes (see include/cpeer.h):
// what a native program would write with cairo or pixman to draw the same frame.
#include "cpeer.h"

#include <cairo.h>
#include <math.h>
#include <pixman.h>
#include <stdlib.h>
#include <string.h>

static pixman_color_t color_of(uint32_t word) {
    // 8-bit premultiplied components to pixman's 16-bit ones (x * 257 keeps 255 at 65535).
    pixman_color_t c = {
        .red = (uint16_t)(((word >> 16) & 0xff) * 257), .green = (uint16_t)(((word >> 8) & 0xff) * 257),
        .blue = (uint16_t)((word & 0xff) * 257), .alpha = (uint16_t)((word >> 24) * 257),
    };
    return c;
}

static void fill(pixman_image_t *d, int width, int height, uint32_t background) {
    pixman_color_t c = color_of(background);
    pixman_box32_t box = {0, 0, width, height};
    pixman_image_fill_boxes(PIXMAN_OP_SRC, d, &c, 1, &box);
}

/// The frame wrapped and filled with `background`, and `image` as a padded bilinear source, for
/// the transformed-image peers; 0 (nothing left to release) when pixman cannot wrap a buffer.
static int begin_frame(uint32_t *dst, int width, int height, int stride, uint32_t background,
                       const uint32_t *image, int iw, int ih, pixman_image_t **d, pixman_image_t **src) {
    *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, dst, stride);
    *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, iw, ih, (uint32_t *)image, iw * 4);
    if (!*d || !*src) {
        if (*d) pixman_image_unref(*d);
        if (*src) pixman_image_unref(*src);
        return 0;
    }
    fill(*d, width, height, background);
    pixman_image_set_filter(*src, PIXMAN_FILTER_BILINEAR, NULL, 0);
    pixman_image_set_repeat(*src, PIXMAN_REPEAT_PAD);
    return 1;
}

/// Memory for the masks, grown as needed and reused from quad to quad (free `bytes` at the end).
typedef struct quad_mask_scratch {
    uint32_t *bytes;
    size_t size;
} quad_mask_scratch;

/// The quad with device corners (x, y), in order, as an a8 mask (two antialiased triangles
/// scaled by `opacity`) over its pixel box within the `width` × `height` frame, written to
/// `box` as x, y, width, height. NULL when the box is empty, or when memory ran out (then
/// *failed is -1). The caller unrefs the mask.
static pixman_image_t *quad_mask(const double x[4], const double y[4], double opacity, int width, int height,
                                 quad_mask_scratch *scratch, int box[4], int *failed);

int cpeer_cairo_sprites(uint32_t *dst, int width, int height, int stride, uint32_t background,
                        const uint32_t *image, int iw, int ih, const cpeer_sprite *sprites, int count) {
    cairo_surface_t *target = cairo_image_surface_create_for_data((unsigned char *)dst, CAIRO_FORMAT_ARGB32,
                                                                  width, height, stride);
    cairo_surface_t *src = cairo_image_surface_create_for_data((unsigned char *)image, CAIRO_FORMAT_ARGB32,
                                                               iw, ih, iw * 4);
    int result = -1;
    if (cairo_surface_status(target) == CAIRO_STATUS_SUCCESS && cairo_surface_status(src) == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(target);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgba(cr, ((background >> 16) & 0xff) / 255.0, ((background >> 8) & 0xff) / 255.0,
                              (background & 0xff) / 255.0, 1.0);
        cairo_paint(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        cairo_pattern_t *pattern = cairo_pattern_create_for_surface(src);
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR);
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
        for (int i = 0; i < count; i++) {
            const cpeer_sprite *s = &sprites[i];
            cairo_matrix_t m = {.xx = s->a, .yx = s->b, .xy = s->c, .yy = s->d, .x0 = s->tx, .y0 = s->ty};
            cairo_save(cr);
            cairo_transform(cr, &m);
            cairo_translate(cr, -iw / 2.0, -ih / 2.0);
            cairo_set_source(cr, pattern);
            cairo_rectangle(cr, 0, 0, iw, ih);
            cairo_clip(cr);
            cairo_paint_with_alpha(cr, s->opacity);
            cairo_restore(cr);
        }
        cairo_pattern_destroy(pattern);
        cairo_destroy(cr);
        cairo_surface_flush(target);
        result = 0;
    }
    cairo_surface_destroy(src);
    cairo_surface_destroy(target);
    return result;
}

/// The sprite's device-space corners of the image rectangle (0,0)-(iw,ih).
static void corners(const cpeer_sprite *s, int iw, int ih, double x[4], double y[4]) {
    const double u[4] = {0, iw, iw, 0}, v[4] = {0, 0, ih, ih};
    for (int k = 0; k < 4; k++) {
        double px = u[k] - iw / 2.0, py = v[k] - ih / 2.0;
        x[k] = s->a * px + s->c * py + s->tx;
        y[k] = s->b * px + s->d * py + s->ty;
    }
}

int cpeer_pixman_sprites(uint32_t *dst, int width, int height, int stride, uint32_t background,
                         const uint32_t *image, int iw, int ih, const cpeer_sprite *sprites, int count) {
    pixman_image_t *d, *src;
    if (!begin_frame(dst, width, height, stride, background, image, iw, ih, &d, &src)) return -1;
    quad_mask_scratch scratch = {NULL, 0};
    int result = 0;
    for (int i = 0; i < count && result == 0; i++) {
        const cpeer_sprite *s = &sprites[i];
        double x[4], y[4];
        corners(s, iw, ih, x, y);
        int box[4];
        pixman_image_t *mask = quad_mask(x, y, s->opacity, width, height, &scratch, box, &result);
        if (!mask) continue;
        int bx0 = box[0], by0 = box[1], bw = box[2], bh = box[3];
        // pixman maps destination pixels to source pixels: the inverse of image → device.
        double det = s->a * s->d - s->b * s->c;
        if (det != 0) {
            double ia = s->d / det, ib = -s->b / det, ic = -s->c / det, id = s->a / det;
            double itx = -(ia * s->tx + ic * s->ty) + iw / 2.0, ity = -(ib * s->tx + id * s->ty) + ih / 2.0;
            pixman_transform_t t = {{
                {pixman_double_to_fixed(ia), pixman_double_to_fixed(ic), pixman_double_to_fixed(itx)},
                {pixman_double_to_fixed(ib), pixman_double_to_fixed(id), pixman_double_to_fixed(ity)},
                {0, 0, pixman_fixed_1},
            }};
            pixman_image_set_transform(src, &t);
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask, d, bx0, by0, 0, 0, bx0, by0, bw, bh);
        }
        pixman_image_unref(mask);
    }
    free(scratch.bytes);
    pixman_image_unref(src);
    pixman_image_unref(d);
    return result;
}

static pixman_image_t *quad_mask(const double x[4], const double y[4], double opacity, int width, int height,
                                 quad_mask_scratch *scratch, int box[4], int *failed) {
    double x0 = fmin(fmin(x[0], x[1]), fmin(x[2], x[3])), x1 = fmax(fmax(x[0], x[1]), fmax(x[2], x[3]));
    double y0 = fmin(fmin(y[0], y[1]), fmin(y[2], y[3])), y1 = fmax(fmax(y[0], y[1]), fmax(y[2], y[3]));
    int bx0 = (int)floor(fmax(x0, 0)), by0 = (int)floor(fmax(y0, 0));
    int bx1 = (int)ceil(fmin(x1, width)), by1 = (int)ceil(fmin(y1, height));
    if (bx1 <= bx0 || by1 <= by0) return NULL;
    int bw = bx1 - bx0, bh = by1 - by0, mstride = (bw + 3) & ~3;
    size_t need = (size_t)mstride * bh;
    if (need > scratch->size) {
        free(scratch->bytes);
        scratch->bytes = malloc(need);
        scratch->size = scratch->bytes ? need : 0;
        if (!scratch->bytes) { *failed = -1; return NULL; }
    }
    memset(scratch->bytes, 0, need);
    pixman_image_t *mask = pixman_image_create_bits(PIXMAN_a8, bw, bh, scratch->bytes, mstride);
    pixman_point_fixed_t p[4];
    for (int k = 0; k < 4; k++) {
        p[k].x = pixman_double_to_fixed(x[k] - bx0);
        p[k].y = pixman_double_to_fixed(y[k] - by0);
    }
    pixman_triangle_t tris[2] = {{p[0], p[1], p[2]}, {p[0], p[2], p[3]}};
    pixman_add_triangles(mask, 0, 0, 2, tris);
    if (opacity < 1) {
        pixman_color_t o = {0, 0, 0, (uint16_t)lround(fmax(opacity, 0) * 65535)};
        pixman_image_t *solid = pixman_image_create_solid_fill(&o);
        pixman_image_composite32(PIXMAN_OP_IN, solid, NULL, mask, 0, 0, 0, 0, 0, 0, bw, bh);
        pixman_image_unref(solid);
    }
    box[0] = bx0; box[1] = by0; box[2] = bw; box[3] = bh;
    return mask;
}

int cpeer_pixman_layers(uint32_t *dst, int width, int height, int stride, uint32_t background,
                        const uint32_t *image, int iw, int ih, const int *offsets, int count) {
    pixman_image_t *d = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, dst, stride);
    pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, iw, ih, (uint32_t *)image, iw * 4);
    int result = (d && src) ? 0 : -1;
    if (result == 0) {
        fill(d, width, height, background);
        for (int i = 0; i < count; i++) {
            int x = offsets[2 * i], y = offsets[2 * i + 1];
            pixman_image_composite32(PIXMAN_OP_OVER, src, NULL, d, 0, 0, 0, 0, x, y, iw, ih);
        }
    }
    if (src) pixman_image_unref(src);
    if (d) pixman_image_unref(d);
    return result;
}

double cpeer_psnr_argb32(const uint32_t *a, const uint32_t *b, size_t count) {
    double sum = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t p = a[i], q = b[i];
        for (int shift = 0; shift < 32; shift += 8) {
            double e = (double)((p >> shift) & 0xff) - (double)((q >> shift) & 0xff);
            sum += e * e;
        }
    }
    if (sum == 0) return INFINITY;
    double mse = sum / (4.0 * (double)count);
    return 10.0 * log10(255.0 * 255.0 / mse);
}

/// The inverse of the row-vector 3×3 `m` (adjugate over determinant); 0 when singular.
static int invert3(const double m[9], double r[9]) {
    double c[9] = {
        m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
        m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
        m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
    };
    double det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
    if (det == 0 || !isfinite(det)) return 0;
    for (int k = 0; k < 9; k++) r[k] = c[k] / det;
    return 1;
}

int cpeer_pixman_projective(uint32_t *dst, int width, int height, int stride, uint32_t background,
                            const uint32_t *image, int iw, int ih, const cpeer_card *cards, int count) {
    // pixman 0.42's projective fetch divides ((uint64_t)x << 16) / w: a negative x or y (a texel
    // position left of or above the image, as at antialiased edges) gives garbage unless w is
    // exactly 1. So the image is drawn from a copy with `pad` edge-replicated texels each side
    // (the same pixels as PAD) and positions moved by `pad`; pixels the mask leaves out (which
    // may map anywhere) are not fetched.
    enum { pad = 8 };
    if (iw <= 0 || ih <= 0) return -1;
    int pw = iw + 2 * pad, ph = ih + 2 * pad;
    uint32_t *padded = malloc((size_t)pw * (size_t)ph * 4);
    if (!padded) return -1;
    for (int y = 0; y < ph; y++) {
        int sy = y < pad ? 0 : (y >= ih + pad ? ih - 1 : y - pad);
        for (int x = 0; x < pw; x++) {
            int sx = x < pad ? 0 : (x >= iw + pad ? iw - 1 : x - pad);
            padded[(size_t)y * pw + x] = image[(size_t)sy * iw + sx];
        }
    }
    pixman_image_t *d, *src;
    if (!begin_frame(dst, width, height, stride, background, padded, pw, ph, &d, &src)) {
        free(padded);
        return -1;
    }
    quad_mask_scratch scratch = {NULL, 0};
    int result = 0;
    for (int i = 0; i < count && result == 0; i++) {
        const double *m = cards[i].m;
        const double u[4] = {0, iw, iw, 0}, v[4] = {0, 0, ih, ih};
        double x[4], y[4], inv[9];
        for (int k = 0; k < 4; k++) {
            double w = u[k] * m[2] + v[k] * m[5] + m[8];
            x[k] = (u[k] * m[0] + v[k] * m[3] + m[6]) / w;
            y[k] = (u[k] * m[1] + v[k] * m[4] + m[7]) / w;
        }
        if (!invert3(m, inv)) continue;
        int box[4];
        pixman_image_t *mask = quad_mask(x, y, cards[i].opacity, width, height, &scratch, box, &result);
        if (!mask) continue;
        int bx0 = box[0], by0 = box[1], bw = box[2], bh = box[3];
        // Box pixels → image pixels, the box origin moved in first (small translation entries).
        double t[9] = {inv[0], inv[1], inv[2], inv[3], inv[4], inv[5],
                       bx0 * inv[0] + by0 * inv[3] + inv[6], bx0 * inv[1] + by0 * inv[4] + inv[7],
                       bx0 * inv[2] + by0 * inv[5] + inv[8]};
        for (int k = 0; k < 9; k += 3) {
            t[k] += pad * t[k + 2];
            t[k + 1] += pad * t[k + 2];
        }
        // pixman steps x, y and w in 16.16 (|value| < 32768), each entry off by up to 2^-17: the
        // scale of a homogeneous matrix is free, so make the largest |x|, |y| or w at the box's
        // corners 16384. (Scaling the largest entry to 16 left the perspective terms a few units
        // of 2^-16: texel positions off by up to 1.7 texels, 33 dB against ours.)
        double big = 0;
        for (int c = 0; c < 4; c++) {
            double px = (c & 1) ? bw : 0, py = (c & 2) ? bh : 0;
            for (int k = 0; k < 3; k++) big = fmax(big, fabs(px * t[k] + py * t[3 + k] + t[6 + k]));
        }
        if (!(big > 0) || !isfinite(big)) { pixman_image_unref(mask); continue; }
        double s = 16384 / big;
        // pixman maps column vectors: the transpose.
        struct pixman_f_transform f = {{{t[0] * s, t[3] * s, t[6] * s},
                                        {t[1] * s, t[4] * s, t[7] * s},
                                        {t[2] * s, t[5] * s, t[8] * s}}};
        pixman_transform_t fixed;
        if (pixman_transform_from_pixman_f_transform(&fixed, &f)) {
            pixman_image_set_transform(src, &fixed);
            pixman_image_composite32(PIXMAN_OP_OVER, src, mask, d, 0, 0, 0, 0, bx0, by0, bw, bh);
        }
        pixman_image_unref(mask);
    }
    free(scratch.bytes);
    pixman_image_unref(src);
    pixman_image_unref(d);
    free(padded);
    return result;
}
