// SDL2 declarations only (types, constants): `carender play` opens libSDL2-2.0.so.0 at run time
// (dlopen) and takes its entry points from there, so carender starts, and renders, on a machine
// without SDL2; only `play` needs it (and says so, exit 69, when it is missing).
#include <SDL2/SDL.h>
#include <dlfcn.h>
