// libm functions Swift's Glibc module leaves out (GNU extensions, declared by <math.h> only
// under _GNU_SOURCE). libm is glibc's (libc6-dev), always installed.
#ifndef CLIBM_SHIM_H
#define CLIBM_SHIM_H

void sincos(double x, double *s, double *c);

// sin(x) and cos(x) in one call (one argument reduction): glibc's sincos gives bit for bit
// what sin and cos give (`QuaternionTests` checks it), at little more than the cost of one.
static inline void clibm_sincos(double x, double *s, double *c) { sincos(x, s, c); }
#endif
