// The text peer: pango + cairo in C, drawing what the `text-lines` scene draws with CoreText.
#include "cpeer.h"
#include <pango/pangocairo.h>
#include <stdio.h>

int cpeer_pango_lines(uint32_t *pixels, int width, int height, int stride, int frame, int count,
                      int columns, double cell_width, double cell_height, double size) {
    cairo_surface_t *surface = cairo_image_surface_create_for_data((unsigned char *)pixels, CAIRO_FORMAT_ARGB32,
                                                                   width, height, stride);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    PangoLayout *layout = pango_cairo_create_layout(cr);
    PangoContext *context = pango_layout_get_context(layout);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, 0);
    PangoFontDescription *font = pango_font_description_from_string("Liberation Sans");
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    pango_layout_context_changed(layout);
    char text[64];
    for (int i = 0; i < count; i++) {
        snprintf(text, sizeof text, "Item %d \xC2\xB7 frame %d", i, frame);
        pango_layout_set_text(layout, text, -1);
        double baseline = pango_layout_get_baseline(layout) / (double)PANGO_SCALE;
        cairo_move_to(cr, (i % columns) * cell_width + 2, (i / columns) * cell_height + 15 - baseline);
        pango_cairo_show_layout(cr, layout);
    }
    g_object_unref(layout);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    return 0;
}
