// Shape peer for cabench's dashed-rings scene (see include/cpeer.h): what a native program
// would write with cairo to draw the same rings, each trimmed to its strokeEnd and dashed.
#include "cpeer.h"

#include <cairo.h>
#include <math.h>

int cpeer_cairo_dashed_rings(uint32_t *dst, int width, int height, int stride, uint32_t background,
                             const cpeer_ring *rings, int count, double line_width, const double *dashes,
                             int dash_count) {
    cairo_surface_t *target = cairo_image_surface_create_for_data((unsigned char *)dst, CAIRO_FORMAT_ARGB32,
                                                                  width, height, stride);
    if (cairo_surface_status(target) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(target);
        return -1;
    }
    cairo_t *cr = cairo_create(target);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, ((background >> 16) & 0xff) / 255.0, ((background >> 8) & 0xff) / 255.0,
                          (background & 0xff) / 255.0, 1.0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_set_line_width(cr, line_width);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_dash(cr, dashes, dash_count, 0);
    for (int i = 0; i < count; i++) {
        const cpeer_ring *r = &rings[i];
        if (r->fraction <= 0) continue;
        // A circle's arc length is proportional to its angle: trimming is the arc's sweep.
        cairo_new_path(cr);
        cairo_arc(cr, r->cx, r->cy, r->radius, r->start, r->start + 2 * M_PI * fmin(r->fraction, 1));
        cairo_set_source_rgb(cr, r->red, r->green, r->blue);
        cairo_stroke(cr);
    }
    cairo_destroy(cr);
    cairo_surface_flush(target);
    cairo_surface_destroy(target);
    return 0;
}
