// EGL and OpenGL ES 3 declarations only: QuartzCoreGL opens libEGL.so.1 and libGLESv2.so.2 at
// run time (dlopen) and takes every entry point from there, so nothing here is linked and a
// machine without those libraries still runs every program (the CPU backend draws instead).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <dlfcn.h>
