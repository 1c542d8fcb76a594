// Linux system calls Swift cannot call directly (variadic C functions are not imported).
#ifndef CQUARTZLINUX_SHIM_H
#define CQUARTZLINUX_SHIM_H
#include <sys/prctl.h>
#include <signal.h>

// Asks the kernel to send `sig` to this process when its parent exits (PR_SET_PDEATHSIG): a
// child of `carender batch` stops with a batch that was killed outright (kill -9), which has
// no chance to stop it. Returns 0 on success, -1 with errno set.
static inline int cquartz_set_parent_death_signal(int sig) { return prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0); }
#endif
