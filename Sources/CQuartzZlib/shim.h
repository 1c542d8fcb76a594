// zlib: raw DEFLATE inflation for the entries of `.lottie` (zip) archives.
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>
#endif
