"""Python peers of cabench's dashed-rings scene, used by render_peers.py for scenes of kind
"dashed-rings": per frame, each ring's centre, radius, start angle (radians, towards +y),
strokeEnd fraction and colour; all rings stroked `lineWidth` wide with butt caps and the
scene's dash pattern from each ring's start, antialiased, over the background.

A circle's arc length is proportional to its angle, so a ring trimmed to fraction f is the arc
from `start` through 2π·f. The rings of a frame are built before the clock starts (as cabench
builds the C peer's); the Python loop over rings is timed.
"""
import math

import numpy as np

try:
    import skia
except ImportError:
    skia = None
try:
    import cairo
except ImportError:
    cairo = None


def _rgb(bg):
    return (bg >> 16) & 255, (bg >> 8) & 255, bg & 255


class SkiaRings:
    name = "skia-python (CPU raster): arcTo + dashed stroke per ring"

    def __init__(self, scene):
        w, h = scene["width"], scene["height"]
        self.array = np.zeros((h, w, 4), dtype=np.uint8)
        self.canvas = skia.Canvas(self.array, skia.ColorType.kBGRA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
        self.bg = skia.ColorSetARGB(255, *_rgb(scene["background"]))
        self.effect = skia.DashPathEffect.Make(scene["dashes"], 0)
        self.width = scene["lineWidth"]

    def prepare(self, rings):
        out = []
        for cx, cy, r, start, f, red, green, blue in rings:
            if f <= 0:
                continue
            path = skia.Path()
            oval = skia.Rect.MakeLTRB(cx - r, cy - r, cx + r, cy + r)
            path.arcTo(oval, math.degrees(start), 360 * min(f, 1) if f < 1 else 359.9999, True)
            paint = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=self.width,
                               StrokeCap=skia.Paint.kButt_Cap, PathEffect=self.effect,
                               Color4f=skia.Color4f(red, green, blue, 1))
            out.append((path, paint))
        return out

    def draw(self, prepared):
        canvas = self.canvas
        canvas.clear(self.bg)
        for path, paint in prepared:
            canvas.drawPath(path, paint)
        canvas.flush()

    def pixels(self):
        return self.array.reshape(-1).copy()


class CairoRings:
    name = "pycairo: arc + dashed stroke per ring"

    def __init__(self, scene):
        self.surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, scene["width"], scene["height"])
        self.cr = cairo.Context(self.surface)
        self.bg = tuple(c / 255 for c in _rgb(scene["background"]))
        self.dashes = scene["dashes"]
        self.width = scene["lineWidth"]

    def prepare(self, rings):
        return [r for r in rings if r[4] > 0]

    def draw(self, prepared):
        cr = self.cr
        cr.set_operator(cairo.OPERATOR_SOURCE)
        cr.set_source_rgb(*self.bg)
        cr.paint()
        cr.set_operator(cairo.OPERATOR_OVER)
        cr.set_line_width(self.width)
        cr.set_line_cap(cairo.LINE_CAP_BUTT)
        cr.set_dash(self.dashes, 0)
        for cx, cy, r, start, f, red, green, blue in prepared:
            cr.new_path()
            cr.arc(cx, cy, r, start, start + 2 * math.pi * min(f, 1))
            cr.set_source_rgb(red, green, blue)
            cr.stroke()
        self.surface.flush()

    def pixels(self):
        return np.frombuffer(self.surface.get_data(), dtype=np.uint8).copy()


PEERS = [(SkiaRings, skia), (CairoRings, cairo)]
