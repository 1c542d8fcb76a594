#!/usr/bin/env python3
"""Frames of real scenes drawn by two carender builds on the CPU backend, compared by PSNR.

Issue 17's pixel check for the span rasteriser: every frame of the new build must be within
PSNR 45 dB of the previous build's (the interior runs are bit-identical; edge coverage moved
to fixed point and may differ by 1/255).

usage: scripts/span-psnr.py OLD_CARENDER NEW_CARENDER [SCENE ...] [--duration D] [--fps F] [--min DB]

SCENE defaults to every .wallpaper folder in ../shared/scenes/wallpapers. Prints one line per
scene (worst and mean PSNR over its frames, and how many frames were equal) and exits 1 when
a frame is below --min (default 45).
"""
import ctypes
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np


def read_png(path):
    """A PNG as cairo reads it (premultiplied ARGB32 words), through libcairo with ctypes (the
    package already needs cairo; no Python imaging module is assumed)."""
    lib = ctypes.CDLL("libcairo.so.2")
    lib.cairo_image_surface_create_from_png.restype = ctypes.c_void_p
    lib.cairo_image_surface_create_from_png.argtypes = [ctypes.c_char_p]
    for name in ("get_width", "get_height", "get_stride"):
        getattr(lib, "cairo_image_surface_" + name).argtypes = [ctypes.c_void_p]
    lib.cairo_image_surface_get_data.restype = ctypes.POINTER(ctypes.c_uint8)
    lib.cairo_image_surface_get_data.argtypes = [ctypes.c_void_p]
    lib.cairo_surface_destroy.argtypes = [ctypes.c_void_p]
    surface = lib.cairo_image_surface_create_from_png(str(path).encode())
    try:
        w, h = lib.cairo_image_surface_get_width(surface), lib.cairo_image_surface_get_height(surface)
        stride = lib.cairo_image_surface_get_stride(surface)
        assert w > 0 and h > 0, path
        raw = np.ctypeslib.as_array(lib.cairo_image_surface_get_data(surface), shape=(h * stride,))
        return raw.reshape(h, stride)[:, :w * 4].copy()
    finally:
        lib.cairo_surface_destroy(surface)


def psnr(a, b):
    d = a.astype(np.float64) - b.astype(np.float64)
    mse = float(np.mean(d * d))
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


def render(binary, scene, out, duration, fps):
    subprocess.run([binary, "render", str(scene), "--backend", "cpu", "--duration", str(duration),
                    "--fps", str(fps), "-o", str(out) + "/"], check=True, stderr=subprocess.DEVNULL)
    return sorted(Path(out).glob("frame-*.png"))


def main(argv):
    args, opts = [], {"--duration": "2", "--fps": "5", "--min": "45"}
    it = iter(argv)
    for a in it:
        if a in opts:
            opts[a] = next(it)
        else:
            args.append(a)
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    old, new, scenes = args[0], args[1], [Path(s) for s in args[2:]]
    if not scenes:
        scenes = sorted((Path(__file__).resolve().parents[2] / "shared/scenes/wallpapers").glob("*.wallpaper"))
    floor, failed = float(opts["--min"]), False
    for scene in scenes:
        with tempfile.TemporaryDirectory() as tmp:
            a = render(old, scene, Path(tmp) / "old", opts["--duration"], opts["--fps"])
            b = render(new, scene, Path(tmp) / "new", opts["--duration"], opts["--fps"])
            assert len(a) == len(b) and a, (scene, len(a), len(b))
            values = [psnr(read_png(x), read_png(y)) for x, y in zip(a, b)]
        finite = [v for v in values if v != math.inf]
        worst = min(values)
        failed |= worst < floor
        mean = sum(finite) / len(finite) if finite else math.inf
        print(f"{scene.name}: {len(values)} frames, worst {worst:.1f} dB, mean of unequal {mean:.1f} dB, "
              f"{len(values) - len(finite)} equal")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
