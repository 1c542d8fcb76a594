// C peers for cabench: the same work done in plain C (and through pixman directly), so the
// Swift side is measured against a native baseline in the same run. Pixels are premultiplied
// ARGB32 in native-endian 32-bit words (cairo's and pixman's a8r8g8b8), `stride` in bytes.
#ifndef CPEER_H
#define CPEER_H

#include <stddef.h>
#include <stdint.h>

/// Copies `width` × `height` pixels row by row with memcpy (the bandwidth roof of a frame).
void cpeer_copy_argb32(uint32_t *dst, const uint32_t *src, int width, int height, int stride);

/// dst = src OVER dst, premultiplied, one scalar loop per pixel (what -O2 makes of it).
void cpeer_over_argb32(uint32_t *dst, const uint32_t *src, int width, int height, int stride);

/// The same through pixman: `pixman_image_composite32` with `op` PIXMAN_OP_OVER (1) or
/// PIXMAN_OP_SRC (0) onto a8r8g8b8 images wrapping the buffers. Returns 0, or -1 when pixman
/// cannot wrap the buffers.
int cpeer_pixman_composite_argb32(int over, uint32_t *dst, uint32_t *src, int width, int height, int stride);

#endif
