// pango + pangocairo: text layout and drawing into cairo contexts.
#ifndef CPANGO_SHIM_H
#define CPANGO_SHIM_H
#include <pango/pangocairo.h>
// From <pango/pangofc-fontmap.h> (libpangoft2), declared here because that header would pull
// FreeType's headers into this module and hide them from CQuartzFreeType. CoreText calls it after
// registering font files with fontconfig.
typedef struct _PangoFcFontMap PangoFcFontMap;
void pango_fc_font_map_config_changed (PangoFcFontMap *fcfontmap);
#endif
