// The Lottie peer: librlottie (Debian's librlottie0-1, from scripts/install-deps.sh) drawing the
// frames the `lottie` scene draws through our layers. The library is opened at run time, so
// cabench builds and runs its other scenes where it is not installed; its C API is a handful of
// functions over an opaque handle, declared here as the header rlottie_capi.h spells them.
#include "cpeer.h"
#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Lottie_Animation_S Lottie_Animation;

static struct {
    int tried, ok;
    Lottie_Animation *(*from_data)(const char *data, const char *key, const char *resource_path);
    void (*destroy)(Lottie_Animation *animation);
    void (*get_size)(const Lottie_Animation *animation, size_t *width, size_t *height);
    size_t (*get_totalframe)(const Lottie_Animation *animation);
    double (*get_framerate)(const Lottie_Animation *animation);
    size_t (*get_frame_at_pos)(const Lottie_Animation *animation, float pos);
    void (*render)(Lottie_Animation *animation, size_t frame_num, uint32_t *buffer, size_t width, size_t height,
                   size_t bytes_per_line);
} rl;

int cpeer_rlottie_available(void) {
    if (rl.tried) return rl.ok;
    rl.tried = 1;
    // Debian names the run-time library after its odd soname; the -dev package adds the plain link.
    const char *names[] = {"librlottie.so.0-1", "librlottie.so.0", "librlottie.so"};
    void *lib = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    *(void **)&rl.from_data = dlsym(lib, "lottie_animation_from_data");
    *(void **)&rl.destroy = dlsym(lib, "lottie_animation_destroy");
    *(void **)&rl.get_size = dlsym(lib, "lottie_animation_get_size");
    *(void **)&rl.get_totalframe = dlsym(lib, "lottie_animation_get_totalframe");
    *(void **)&rl.get_framerate = dlsym(lib, "lottie_animation_get_framerate");
    *(void **)&rl.get_frame_at_pos = dlsym(lib, "lottie_animation_get_frame_at_pos");
    *(void **)&rl.render = dlsym(lib, "lottie_animation_render");
    rl.ok = rl.from_data && rl.destroy && rl.get_size && rl.get_totalframe && rl.get_framerate &&
            rl.get_frame_at_pos && rl.render;
    return rl.ok;
}

cpeer_rlottie *cpeer_rlottie_load(const char *json, const char *key, const char *resource_path) {
    if (!cpeer_rlottie_available()) return NULL;
    return (cpeer_rlottie *)rl.from_data(json, key, resource_path);
}

void cpeer_rlottie_destroy(cpeer_rlottie *animation) {
    if (animation && rl.ok) rl.destroy((Lottie_Animation *)animation);
}

void cpeer_rlottie_info(cpeer_rlottie *animation, size_t *width, size_t *height, size_t *frames, double *fps) {
    rl.get_size((Lottie_Animation *)animation, width, height);
    *frames = rl.get_totalframe((Lottie_Animation *)animation);
    *fps = rl.get_framerate((Lottie_Animation *)animation);
}

size_t cpeer_rlottie_frame_at(cpeer_rlottie *animation, double position) {
    return rl.get_frame_at_pos((Lottie_Animation *)animation, (float)position);
}

void cpeer_rlottie_render(cpeer_rlottie *animation, size_t frame, uint32_t *pixels, int width, int height, int stride) {
    rl.render((Lottie_Animation *)animation, frame, pixels, (size_t)width, (size_t)height, (size_t)stride);
}

int cpeer_rlottie_probe(const char *json, const char *resource_path, const size_t *frames, int count, int width,
                       int height, int cpu_seconds) {
    if (!cpeer_rlottie_available()) return 2;
    pid_t child = fork();
    if (child < 0) return 2;
    if (child == 0) {
        // Over the CPU limit the kernel ends the child with SIGXCPU; the alarm bounds the wall time.
        struct rlimit limit = {(rlim_t)cpu_seconds, (rlim_t)cpu_seconds + 1};
        setrlimit(RLIMIT_CPU, &limit);
        alarm((unsigned)cpu_seconds * 30);
        Lottie_Animation *a = rl.from_data(json, "", resource_path);
        if (!a) _exit(2);
        uint32_t *pixels = calloc((size_t)width * (size_t)height, 4);
        if (!pixels) _exit(2);
        for (int i = 0; i < count; i++) rl.render(a, frames[i], pixels, (size_t)width, (size_t)height, (size_t)width * 4);
        _exit(0);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {}
    if (WIFEXITED(status)) return WEXITSTATUS(status) == 0 ? 0 : 2;
    return 1;
}
