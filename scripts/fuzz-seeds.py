#!/usr/bin/env python3
"""Makes the seed inputs and dictionaries of the fuzz targets (scripts/fuzz.sh) from the real
scenes, the bundled examples and the test fixtures. Usage: fuzz-seeds.py REPO SCENES."""
import os, re, shutil, subprocess, sys, tempfile, hashlib

repo, scenes = sys.argv[1], sys.argv[2]
seeds = os.path.join(repo, "Fuzz", "seeds")
MAX_ASSET = 64 * 1024          # larger images stay out of the seeds (they slow every input)
shutil.rmtree(seeds, ignore_errors=True)   # made afresh each run; what fuzzing finds is in corpus/

def put(target, data):
    d = os.path.join(seeds, target); os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f: f.write(data)

def files(root, exts):
    for dp, _, fs in os.walk(root):
        for f in sorted(fs):
            if f.lower().rsplit(".", 1)[-1] in exts: yield os.path.join(dp, f)

def pack(folder):
    """A folder in FuzzArchive's format: '@file PATH' lines before each file."""
    out = b""
    for dp, _, fs in sorted(os.walk(folder)):
        for f in sorted(fs):
            p = os.path.join(dp, f)
            if os.path.getsize(p) > MAX_ASSET: continue
            out += b"\n@file " + os.path.relpath(p, folder).encode() + b"\n" + open(p, "rb").read()
    return out

wallpapers = os.path.join(scenes, "wallpapers")
camls = list(files(wallpapers, {"caml"})) + list(files(os.path.join(repo, "Examples", "scenes"), {"caml"}))
for p in camls: put("FuzzCAMLDocument", open(p, "rb").read())

if os.path.isdir(wallpapers):
    for w in sorted(os.listdir(wallpapers)):
        wp = os.path.join(wallpapers, w)
        if not w.endswith(".wallpaper"): continue
        put("FuzzCAMLBundle", pack(wp))
        for plane in sorted(os.listdir(wp)):
            if plane.endswith(".ca"): put("FuzzCAMLBundle", pack(os.path.join(wp, plane)))
for p in camls[-2:]:
    put("FuzzCAMLBundle", b"\n@file main.caml\n" + open(p, "rb").read())

for p in list(files(scenes, {"png", "jpg", "jpeg"})) + \
         list(files(os.path.join(repo, "Tests", "CoreGraphicsTests", "Fixtures"), {"png", "jpg", "webp"})):
    if os.path.getsize(p) <= MAX_ASSET: put("FuzzImage", open(p, "rb").read())
# WebP seeds (lossy, lossless, with alpha) made with libwebp: nothing else here writes WebP.
with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(tmp, "w.c")
    open(src, "w").write(r'''
#include <stdio.h>
#include <stdlib.h>
#include <webp/encode.h>
static void out(const char *name, uint8_t *p, size_t n) { FILE *f = fopen(name, "wb"); fwrite(p, 1, n, f); fclose(f); WebPFree(p); }
int main(int argc, char **argv) {
  int w = 24, h = 17; uint8_t *rgba = malloc(w * h * 4); uint8_t *o;
  for (int i = 0; i < w * h; i++) { rgba[4*i] = i * 7; rgba[4*i+1] = i * 3; rgba[4*i+2] = 255 - i; rgba[4*i+3] = (i % w) * 10; }
  char name[512];
  snprintf(name, sizeof name, "%s/lossless.webp", argv[1]); out(name, o, WebPEncodeLosslessRGBA(rgba, w, h, w * 4, &o));
  snprintf(name, sizeof name, "%s/lossy-alpha.webp", argv[1]); out(name, o, WebPEncodeRGBA(rgba, w, h, w * 4, 80, &o));
  snprintf(name, sizeof name, "%s/lossy.webp", argv[1]); out(name, o, WebPEncodeRGB(rgba, w, h / 2, w * 3, 60, &o));
  return 0;
}''')
    exe = os.path.join(tmp, "w")
    if subprocess.run(["cc", src, "-o", exe, "-lwebp"]).returncode == 0 and subprocess.run([exe, tmp]).returncode == 0:
        for f in ("lossless.webp", "lossy-alpha.webp", "lossy.webp"):
            put("FuzzImage", open(os.path.join(tmp, f), "rb").read())
    else:
        print("fuzz-seeds: no C compiler or libwebp; no WebP seeds", file=sys.stderr)

# Scalars: every attribute value of the real documents, behind the byte that picks its parser.
words, attrs = set(), set()
for p in camls:
    text = open(p, "rb").read().decode("utf-8", "replace")
    words.update(re.findall(r"<(/?[A-Za-z][\w.]*)", text))
    for name, value in re.findall(r'([A-Za-z][\w.]*)="([^"]*)"', text):
        attrs.add(name)
        low = name.lower()
        kind = 4 if "transform" in low else 3 if "color" in low else 6 if low == "path" else 2 if low in ("bounds", "position", "anchorpoint", "frame") else 1
        put("FuzzScalars", bytes([kind]) + value.encode())
for extra in [(4, "rotate(45deg) translate(10, 20)"), (4, "matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1)"),
              (4, "perspective(500) rotateY(0.5turn) scale(2)"), (6, "M 0 0 L 10 10 Q 1 2 3 4 C 1 2 3 4 5 6 Z"),
              (0, "-1e-100"), (0, "inf"), (7, "Scene@3x~iphone.ca"), (3, "0.5 0.25 1 0.75")]:
    put("FuzzScalars", bytes([extra[0]]) + extra[1].encode())

# Lottie: the real samples next to the scenes (../shared/lottie), small enough to keep each
# input fast; the target reads JSON, or a .lottie zip when the input starts like one.
lottie = os.path.join(os.path.dirname(os.path.abspath(scenes)), "lottie", "samples")
for p in files(lottie, {"json", "lottie"}):
    if os.path.getsize(p) <= MAX_ASSET: put("FuzzLottie", open(p, "rb").read())

def dictionary(name, tokens):
    with open(os.path.join(seeds, name + ".dict"), "w") as f:
        for t in sorted(tokens):
            # libFuzzer's syntax: printable ASCII as is, anything else (and " and \\) as \\xNN.
            f.write('"%s"\n' % "".join(c if 32 <= ord(c) < 127 and c not in '"\\' else "\\x%02X" % ord(c) for c in t))
xml = {"<" + w for w in words} | {a + '="' for a in attrs} | {"/>", "</", "<!DOCTYPE", "<!ENTITY", "&amp;", "<![CDATA[", "<?xml"}
dictionary("FuzzCAMLDocument", xml)
dictionary("FuzzCAMLBundle", xml | {"\n@file ", "main.caml", "index.xml", "assets/", "rootDocument", "geometryFlipped"})
dictionary("FuzzScalars", {"rotate(", "rotateX(", "scale(", "translate(", "matrix(", "matrix3d(", "perspective(",
                           "deg", "rad", "turn", "grad", "inf", "-inf", "nan", "e308", "e-308", ")", ",", " M ", " L ", " Q ", " C ", " Z", "@3x"})
dictionary("FuzzImage", {"\x89PNG\r\n\x1a\n", "IHDR", "IDAT", "IEND", "PLTE", "tRNS", "gAMA", "sRGB", "iCCP",
                         "RIFF", "WEBP", "VP8 ", "VP8L", "VP8X", "ALPH", "ANIM", "\xff\xd8\xff", "\xff\xc0", "\xff\xc2", "\xff\xda", "\xff\xd9"})
dictionary("FuzzLottie", {'"v"', '"fr"', '"ip"', '"op"', '"w"', '"h"', '"layers"', '"assets"', '"ty"', '"ks"',
                          '"shapes"', '"it"', '"a"', '"k"', '"t"', '"s"', '"e"', '"i"', '"o"', '"h"', '"to"', '"ti"',
                          '"refId"', '"parent"', '"ind"', '"tm"', '"tt"', '"masksProperties"', '"mode"', '"inv"',
                          '"c"', '"p"', '"r"', '"sk"', '"sa"', '"x"', '"y"', '"d"', '"g"', '"tr"', '"st"', '"fl"',
                          '"gf"', '"gs"', '"rc"', '"el"', '"sr"', '"sh"', '"tm"', '"rp"', '"rd"', '"layers":[',
                          "1e308", "-1", "null", "true", "[", "]", "{", "}", ":", ","})
for t in sorted(os.listdir(seeds)):
    if os.path.isdir(os.path.join(seeds, t)): print("seeds: %s %d inputs" % (t, len(os.listdir(os.path.join(seeds, t)))))
