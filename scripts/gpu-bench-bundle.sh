#!/usr/bin/env bash
# The GPU benchmark for a machine without Swift or Debian's libraries (issue 14 C).
#
#   scripts/gpu-bench-bundle.sh [OUT_DIR]     here (needs Swift): builds OUT_DIR (default
#                                             .build/gpu-bench) and OUT_DIR.tar.gz, at most 64 MiB
#   OUT_DIR/run.sh                            there (an NVIDIA driver with EGL): one short run
#
# The bundle is cabench in release with the Swift standard library linked statically, plus the
# shared libraries it needs that a bare machine may lack (cairo, pango, pixman, image codecs,
# fontconfig, FreeType…), found with ldd and loaded through LD_LIBRARY_PATH. glibc and the GL
# driver (libEGL, libGLESv2: the machine's own, NVIDIA's through libglvnd) are not carried: the
# GPU backend opens libEGL at run time. run.sh prints the GPU EGL found, then the render scenes
# and 10,000 animated layers at 3840×2160 (`gpu4k`) on the GPU, then the same on the CPU for
# the ratio, in a few minutes; rerun it as often as needed. Copy its output into
# docs/BENCHMARKS.md, marked with the GPU it came from.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-.build/gpu-bench}"
swift build -c release --product cabench --static-swift-stdlib
BIN="$(swift build -c release --show-bin-path)/cabench"
rm -rf "$OUT"; mkdir -p "$OUT/bin" "$OUT/lib"
cp "$BIN" "$OUT/bin/cabench"
strip "$OUT/bin/cabench" 2>/dev/null || true
# Every resolved library except the C runtime and the GL driver stack.
ldd "$OUT/bin/cabench" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' \
  | grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*|libEGL[^/]*|libGLES[^/]*|libGLX[^/]*|libGLdispatch|libgcc_s|libstdc\+\+)\.so' \
  | while read -r lib; do cp -L "$lib" "$OUT/lib/"; done
cat > "$OUT/run.sh" <<'RUN'
#!/usr/bin/env bash
# One short GPU benchmark run (see scripts/gpu-bench-bundle.sh). Exit 69 when EGL gives no GPU.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for backend in gpu cpu; do
  echo "== backend: $backend"
  CABENCH_BACKEND=$backend "$here/bin/cabench" run gpu4k sprites transformed fillrate --repeats 3 --markdown || exit $?
done
RUN
chmod +x "$OUT/run.sh"
size=$(du -sb "$OUT" | cut -f1)
echo "bundle: $OUT ($((size / 1048576)) MiB, $(ls "$OUT/lib" | wc -l) carried libraries)"
if [ "$size" -gt $((64 * 1048576)) ]; then echo "error: the bundle is over 64 MiB" >&2; exit 1; fi
tar -C "$(dirname "$OUT")" -czf "$OUT.tar.gz" "$(basename "$OUT")"
echo "copy $OUT.tar.gz to the GPU machine, unpack, run ./$(basename "$OUT")/run.sh"
