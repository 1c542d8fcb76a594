// SDL2 declarations only (types, constants): QuartzCoreWindow opens libSDL2-2.0.so.0 at run time
// (dlopen) and takes its entry points from there, so programs start, and render offscreen, on a
// machine without SDL2; only opening a window needs it (and says so when it is missing).
// SDL_syswm.h gives the native window (an X11 window id) that the presenters draw into; XShm.h
// the shared-memory images the CPU presenter sends frames in (libXext, opened at run time).
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <X11/extensions/XShm.h>
#include <sys/shm.h>
#include <dlfcn.h>
