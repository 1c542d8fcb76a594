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

// MARK: - Render peers (fillrate, sprites, transformed)

/// One image layer of a render scene: the image's centre goes to (tx, ty) through the affine
/// matrix (a b c d), as CGAffineTransform spells it (x' = a x + c y + tx, y' = b x + d y + ty),
/// drawn with `opacity` (0…1).
typedef struct cpeer_sprite {
    double a, b, c, d, tx, ty, opacity;
} cpeer_sprite;

/// Fills the frame with `background` (a premultiplied word), then draws each sprite with cairo the
/// way an app would: the sprite's matrix, a bilinear pattern of `image` (`iw` × `ih`, packed rows)
/// extended by padding, a clip to the image rectangle (antialiased edges), paint with alpha.
/// Returns 0, or -1 when cairo cannot wrap the buffers.
int cpeer_cairo_sprites(uint32_t *dst, int width, int height, int stride, uint32_t background,
                        const uint32_t *image, int iw, int ih, const cpeer_sprite *sprites, int count);

/// The same pixels through pixman directly: per sprite an antialiased a8 mask of the
/// transformed rectangle (two triangles, scaled by the opacity), then the padded, bilinear,
/// transformed image composited OVER through it. Returns 0, or -1 on allocation failure.
int cpeer_pixman_sprites(uint32_t *dst, int width, int height, int stride, uint32_t background,
                         const uint32_t *image, int iw, int ih, const cpeer_sprite *sprites, int count);

/// One image layer under perspective (the perspective scene): image pixel (x, y) goes to the
/// device point (X/W, Y/W) with [X Y W] = [x y 1] · m (row vectors, m row-major: m[0..2] the
/// first row), drawn with `opacity` (0…1). Every corner has W > 0.
typedef struct cpeer_card {
    double m[9];
    double opacity;
} cpeer_card;

/// Perspective peer: fills the frame with `background`, then per card an antialiased a8 mask of
/// the projected rectangle (two triangles, scaled by the opacity) and the padded, bilinear image
/// warped through the inverse homography (pixman's projective fetch) composited OVER through it.
/// Returns 0, or -1 on allocation failure.
int cpeer_pixman_projective(uint32_t *dst, int width, int height, int stride, uint32_t background,
                            const uint32_t *image, int iw, int ih, const cpeer_card *cards, int count);

/// Fill-rate peer: fills the frame with `background`, then composites `image` (`iw` × `ih`)
/// OVER it at each whole-pixel offset (`offsets`: x0, y0, x1, y1, …) with pixman, clipped to
/// the frame. Returns 0, or -1 when pixman cannot wrap the buffers.
int cpeer_pixman_layers(uint32_t *dst, int width, int height, int stride, uint32_t background,
                        const uint32_t *image, int iw, int ih, const int *offsets, int count);

/// Peak signal-to-noise ratio in dB over every byte of two ARGB32 buffers of `count` pixels
/// (premultiplied components, 255 peak); INFINITY when they are equal.
double cpeer_psnr_argb32(const uint32_t *a, const uint32_t *b, size_t count);

// MARK: - Text peer (text-lines)

/// Fills the frame white, then draws `count` strings "Item i · frame N" in black with pango,
/// Liberation Sans at `size` pixels, unhinted and unrounded: string i at column i % columns, row
/// i / columns of cells `cell_width` × `cell_height`, its baseline 15 pixels below the cell's
/// top and 2 right of its left. Returns 0.
int cpeer_pango_lines(uint32_t *pixels, int width, int height, int stride, int frame, int count,
                      int columns, double cell_width, double cell_height, double size);

// MARK: - Shape peer (dashed-rings)

/// One ring of the dashed-rings scene: a circle about (cx, cy) of `radius` starting at angle
/// `start` (radians, increasing towards +y: clockwise on a y-down screen), kept up to
/// `fraction` of its length (strokeEnd), stroked in opaque (red, green, blue), components 0…1.
typedef struct cpeer_ring {
    double cx, cy, radius, start, fraction, red, green, blue;
} cpeer_ring;

/// Fills the frame with `background`, then strokes each ring with cairo: `line_width` wide,
/// butt caps, dashed by `dashes` (`dash_count` lengths, phase 0, from each ring's start),
/// antialiased. Returns 0, or -1 when cairo cannot wrap the buffer.
int cpeer_cairo_dashed_rings(uint32_t *dst, int width, int height, int stride, uint32_t background,
                             const cpeer_ring *rings, int count, double line_width, const double *dashes,
                             int dash_count);

// MARK: - Lottie peer (lottie)

/// A Lottie animation loaded by librlottie (opaque).
typedef struct cpeer_rlottie cpeer_rlottie;

/// 1 when librlottie could be opened (it is loaded at run time, on first use), else 0.
int cpeer_rlottie_available(void);

/// Parses Bodymovin JSON (NUL-terminated) with librlottie. rlottie may cache parsed models by a
/// non-empty `key`; the import timing passes "" so every load parses. `resource_path` is the folder image paths are relative to. NULL when librlottie is
/// absent or refuses the file.
cpeer_rlottie *cpeer_rlottie_load(const char *json, const char *key, const char *resource_path);

void cpeer_rlottie_destroy(cpeer_rlottie *animation);

/// The animation's size in pixels, its frame count (out − in point) and frame rate.
void cpeer_rlottie_info(cpeer_rlottie *animation, size_t *width, size_t *height, size_t *frames, double *fps);

/// The frame number (from the in point, whole frames) at `position` 0…1 of the animation.
size_t cpeer_rlottie_frame_at(cpeer_rlottie *animation, double position);

/// Draws frame `frame` (from the in point) scaled to `width` × `height` pixels, aspect kept and
/// centred, into premultiplied ARGB32 `pixels` (`stride` bytes a row; cleared first).
void cpeer_rlottie_render(cpeer_rlottie *animation, size_t frame, uint32_t *pixels, int width, int height, int stride);

/// Loads `json` and draws each of `frames` once at `width` × `height` in a forked child limited
/// to `cpu_seconds` of CPU time, since librlottie 0.1 never returns from some frames of real
/// files. 0: every frame was drawn; 1: the child was killed (over the limit, or crashed);
/// 2: librlottie is absent, refused the file, or the child could not start.
int cpeer_rlottie_probe(const char *json, const char *resource_path, const size_t *frames, int count, int width,
                       int height, int cpu_seconds);

#endif
