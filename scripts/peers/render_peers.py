#!/usr/bin/env python3
"""Python peers for cabench's render scenes (fillrate, sprites, transformed; dashed-rings in shape_peers.py).

Reads the scenes that `cabench all --save DIR` wrote (DIR/KEY.json: per frame, each sprite's
affine matrix a b c d tx ty about the image centre and its opacity; DIR/KEY.image.bgra: the
image's premultiplied ARGB32 words; DIR/KEY.ours.bgra: our frame number `checkFrame`), draws
the same frames with Skia's CPU raster (skia-python), Blend2D (blend2d-python) and pycairo, times milliseconds per
frame, compares each peer's check frame with ours by PSNR, and writes JSON rows in cabench's
`--json` shape, so `cabench table` prints one table with ours and these peers.

Each sprite is drawn the way an app would: save, concat the matrix, centre the image, draw it
bilinear with its opacity and antialiased edges, restore. The matrices are built before the
clock starts (as cabench sets our layers untimed); the Python loop over sprites is timed, and
for thousands of sprites it is a real part of the cost (see docs/BENCHMARKS.md).

usage: render_peers.py DIR OUT.json [--repeats R] [--frames F] [--quick]
"""
import json
import math
import os
import struct
import sys
import tempfile
import time
import zlib
from pathlib import Path

import numpy as np

import shape_peers

try:
    import skia
except ImportError:  # the table is made without this peer
    skia = None
try:
    import cairo
except ImportError:
    cairo = None
try:
    import blend2d
except ImportError:
    blend2d = None

MIN_PSNR = 40.0


def psnr(a, b):
    d = a.astype(np.float64) - b.astype(np.float64)
    mse = float(np.mean(d * d))
    return math.inf if mse == 0 else 10 * math.log10(255 * 255 / mse)


class CairoPeer:
    name = "pycairo: clip + paint_with_alpha per sprite"

    def __init__(self, scene, image_bytes):
        w, h, iw, ih = scene["width"], scene["height"], scene["imageWidth"], scene["imageHeight"]
        self.iw, self.ih = iw, ih
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, w, h)
        self.cr = cairo.Context(self.surface)
        self.src = cairo.ImageSurface.create_for_data(bytearray(image_bytes), cairo.FORMAT_ARGB32, iw, ih, iw * 4)
        self.pattern = cairo.SurfacePattern(self.src)
        self.pattern.set_filter(cairo.FILTER_BILINEAR)
        self.pattern.set_extend(cairo.EXTEND_PAD)
        bg = scene["background"]
        self.bg = ((bg >> 16) & 255) / 255, ((bg >> 8) & 255) / 255, (bg & 255) / 255

    def prepare(self, sprites):
        return [(cairo.Matrix(a, b, c, d, tx, ty), op) for a, b, c, d, tx, ty, op in sprites]

    def draw(self, prepared):
        cr, iw, ih, pattern = self.cr, self.iw, self.ih, self.pattern
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.set_source_rgb(*self.bg)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        for m, op in prepared:
            cr.save()
            cr.transform(m)
            cr.translate(-iw / 2, -ih / 2)
            cr.set_source(pattern)
            cr.rectangle(0, 0, iw, ih)
            cr.clip()
            cr.paint_with_alpha(op)
            cr.restore()
        self.surface.flush()

    def pixels(self):
        return np.frombuffer(self.surface.get_data(), dtype=np.uint8).copy()


class SkiaPeer:
    name = "skia-python (CPU raster): concat + drawImage per sprite"

    def __init__(self, scene, image_bytes):
        w, h, iw, ih = scene["width"], scene["height"], scene["imageWidth"], scene["imageHeight"]
        self.iw, self.ih = iw, ih
        self.array = np.zeros((h, w, 4), dtype=np.uint8)
        self.canvas = skia.Canvas(self.array, skia.ColorType.kBGRA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
        pixels = np.frombuffer(image_bytes, dtype=np.uint8).reshape(ih, iw, 4)
        self.image = skia.Image.fromarray(pixels.copy(), skia.ColorType.kBGRA_8888_ColorType,
                                          skia.AlphaType.kPremul_AlphaType)
        self.sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
        self.bg = skia.Color(0, 0, 0)
        bg = scene["background"]
        self.bg = skia.ColorSetARGB(255, (bg >> 16) & 255, (bg >> 8) & 255, bg & 255)

    def prepare(self, sprites):
        out = []
        for a, b, c, d, tx, ty, op in sprites:
            m = skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1)
            m.preTranslate(-self.iw / 2, -self.ih / 2)
            out.append((m, skia.Paint(AntiAlias=True, Alphaf=op)))
        return out

    def draw(self, prepared):
        canvas, image, sampling = self.canvas, self.image, self.sampling
        canvas.clear(self.bg)
        for m, paint in prepared:
            canvas.save()
            canvas.concat(m)
            canvas.drawImage(image, 0, 0, sampling, paint)
            canvas.restore()
        canvas.flush()

    def pixels(self):
        return self.array.reshape(-1).copy()


def write_png(path, rgba):
    """A straight-alpha RGBA8 PNG (the bindings can only load images from files)."""
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


class Blend2DPeer:
    name = "Blend2D (blend2d-python): transform + blit_image per sprite"

    def __init__(self, scene, image_bytes):
        w, h, iw, ih = scene["width"], scene["height"], scene["imageWidth"], scene["imageHeight"]
        self.iw, self.ih = iw, ih
        self.target = blend2d.BLImage(w, h, blend2d.BLFormat.PRGB32)
        self.ctx = blend2d.BLContext(self.target)
        # The premultiplied words, un-premultiplied (rounded) into a PNG that Blend2D
        # premultiplies back on load; checked to give the same words.
        px = np.frombuffer(image_bytes, dtype=np.uint8).reshape(ih, iw, 4)
        a = px[..., 3:4].astype(np.uint32)
        c = np.where(a > 0, (px[..., :3].astype(np.uint32) * 255 + a // 2) // np.maximum(a, 1), 0)
        rgba = np.dstack([c[..., 2], c[..., 1], c[..., 0], a[..., 0]]).astype(np.uint8)
        fd, path = tempfile.mkstemp(suffix=".png")
        os.close(fd)
        try:
            write_png(path, rgba)
            self.image = blend2d.BLImage()
            self.image.readFromFile(path)
        finally:
            os.unlink(path)
        loaded = self.image.getDataAsNumPy().reshape(-1)
        if not np.array_equal(loaded, px.reshape(-1)):
            print(f"render_peers.py: Blend2D loaded the image with differences "
                  f"(max {int(np.abs(loaded.astype(int) - px.reshape(-1).astype(int)).max())})", file=sys.stderr)
        # Floats 0…1; these bindings store the tuple's first component in the pixel's lowest
        # byte (blue in PRGB32), so the tuple is given blue first (checked by the PSNR).
        bg = scene["background"]
        self.bg = ((bg & 255) / 255, ((bg >> 8) & 255) / 255, ((bg >> 16) & 255) / 255, 1.0)
        self.origin = blend2d.BLPoint(-iw / 2, -ih / 2)

    def prepare(self, sprites):
        return [(blend2d.Matrix2D(a, b, c, d, tx, ty), op) for a, b, c, d, tx, ty, op in sprites]

    def draw(self, prepared):
        ctx, image, origin = self.ctx, self.image, self.origin
        ctx.comp_op = blend2d.BLCompOp.SRC_COPY
        ctx.set_fill_style(self.bg)
        ctx.fill_all()
        ctx.comp_op = blend2d.BLCompOp.SRC_OVER
        for m, op in prepared:
            ctx.save()
            ctx.transform(m)
            ctx.global_alpha = op
            ctx.blit_image(origin, image)
            ctx.restore()
        ctx.flush()

    def pixels(self):
        return self.target.getDataAsNumPy().reshape(-1).copy()


def run_scene(path, repeats, frames):
    scene = json.loads(path.read_text())
    base = path.parent
    ours_file = base / scene["oursFile"]
    ours = np.frombuffer(ours_file.read_bytes(), dtype=np.uint8) if ours_file.exists() else None
    all_frames = scene["frames"]
    timed = list(range(1, len(all_frames)))[:frames] or [0]
    if scene.get("kind") == "dashed-rings":  # shape scenes: scripts/peers/shape_peers.py
        peers = [cls(scene) for cls, mod in shape_peers.PEERS if mod is not None]
    else:  # sprite scenes: one image drawn per sprite
        image = (base / scene["imageFile"]).read_bytes()
        peers = [cls(scene, image) for cls, mod in ((SkiaPeer, skia), (Blend2DPeer, blend2d), (CairoPeer, cairo)) if mod is not None]
    prepared = [[p.prepare(all_frames[n]) for n in range(len(all_frames))] for p in peers]
    for k, p in enumerate(peers):  # warm-up
        p.draw(prepared[k][0])
    values = [[] for _ in peers]
    for _ in range(repeats):  # interleaved, repeat by repeat, like cabench
        for k, p in enumerate(peers):
            t0 = time.perf_counter_ns()
            for n in timed:
                p.draw(prepared[k][n])
            values[k].append((time.perf_counter_ns() - t0) / len(timed) / 1e6)
    rows = []
    for k, p in enumerate(peers):
        p.draw(prepared[k][scene["checkFrame"]])
        q = psnr(p.pixels(), ours) if ours is not None and ours.size == p.pixels().size else None
        failure = None
        if ours is None:
            failure = "no frame of ours to compare with (run cabench with --save)"
        elif q is not None and q < MIN_PSNR:
            failure = f"PSNR {q:.1f} dB against ours, below {MIN_PSNR:.0f} dB"
        v = sorted(values[k])
        med = v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2
        rows.append({
            "scene": scene["scene"], "case": scene["case"], "subject": p.name, "unit": "ms/frame",
            "peer": True, "median": med, "min": v[0], "max": v[-1], "values": values[k],
            "psnr": "inf" if q == math.inf else q, "failure": failure,
            "iterationNanoseconds": med * 1e6, "pixelsPerIteration": scene["pixelsPerFrame"],
            "bytesPerIteration": 0,
        })
        print(f"done: python {scene['key']} / {p.name}: {med:.2f} ms/frame, PSNR {q}", file=sys.stderr)
    return rows


def main(argv):
    # Positional arguments are what is neither an option nor an option's value
    # (`--repeats 5` once counted its 5 as a third positional argument).
    args, opts, quick, i = [], {}, False, 0
    while i < len(argv):
        a = argv[i]
        if a in ("--repeats", "--frames") and i + 1 < len(argv):
            opts[a] = argv[i + 1]; i += 2; continue
        if a == "--quick":
            quick = True
        elif not a.startswith("--"):
            args.append(a)
        i += 1
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    if skia is None and cairo is None and blend2d is None:
        print("render_peers.py: none of skia-python, blend2d-python, pycairo is installed", file=sys.stderr)
        return 1
    # Few frames by default: skia-python draws a rotated 64×64 image in about a millisecond
    # here, so 5,000 sprites take seconds per frame (docs/BENCHMARKS.md).
    repeats = 1 if quick else int(opts.get("--repeats", 3))
    frames = 1 if quick else int(opts.get("--frames", 2))
    directory, out = Path(args[0]), Path(args[1])
    rows = []
    for path in sorted(directory.glob("*.json")):
        if path.name == out.name or path.name.startswith("results"):
            continue
        rows += run_scene(path, repeats, frames)
    out.write_text(json.dumps(rows, indent=1))
    return 1 if any(r["failure"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
