// pixman: pixel compositing (Porter-Duff blits, affine and projective transforms).
#ifndef CPIXMAN_SHIM_H
#define CPIXMAN_SHIM_H
#include <pixman.h>
#endif
