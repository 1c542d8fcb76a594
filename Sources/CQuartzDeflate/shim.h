// libdeflate: whole-buffer DEFLATE (zlib-wrapped) and CRC-32 for the PNG writer; several times
// faster than zlib at the same level on frame-sized buffers.
#ifndef CDEFLATE_SHIM_H
#define CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
