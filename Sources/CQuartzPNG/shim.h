// libpng: PNG decode and encode with straight (non-premultiplied) alpha kept exactly.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H
#include <png.h>
#endif
