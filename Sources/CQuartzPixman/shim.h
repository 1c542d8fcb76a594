// pixman: pixel compositing (Porter-Duff blits, affine and projective transforms).
#ifndef CPIXMAN_SHIM_H
#define CPIXMAN_SHIM_H
#include <pixman.h>

// A prefetch hint for the CPU backend's span loops (Swift has no prefetch of its own): the
// next row's destination pixels are requested while the current row is drawn, so their
// cache misses overlap its work instead of stalling the first pixel read (issue 17).
static inline void cpu_backend_prefetch(const void *p) { __builtin_prefetch(p, 1, 3); }

#include "span_wide.h"
#include "span_affine.h"
#include "span_columns.h"
#include "span_projective.h"
#endif
