// pango + pangocairo: text layout and drawing into cairo contexts.
#ifndef CPANGO_SHIM_H
#define CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
