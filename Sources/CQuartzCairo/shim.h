// cairo: 2D drawing for CoreGraphics (paths, image and PDF surfaces).
#ifndef CCAIRO_SHIM_H
#define CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <stdio.h>

// Swift 6 rejects direct use of C mutable globals; read them through functions.
static inline FILE *ccairo_stderr(void) { return stderr; }
#endif
