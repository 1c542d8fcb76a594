// fontconfig: font names matched to installed font files (CGFont), the same matching pango uses.
#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
