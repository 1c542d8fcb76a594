#!/usr/bin/env bash
# The GPU benchmark for a machine without Swift or Debian's libraries (issue 14 C).
#
#   scripts/gpu-bench-bundle.sh [OUT_DIR]     here (needs Swift): builds OUT_DIR (default
#                                             .build/gpu-bench) and OUT_DIR.tar.gz, at most 64 MiB
#   OUT_DIR/run.sh [SCENE...]                 there (an NVIDIA driver with EGL): one short run
#
# The bundle is cabench in release with the Swift standard library and Foundation linked
# statically, plus what a bare machine may lack: the shared libraries it links (cairo, pango,
# pixman, glib, harfbuzz, FreeType, fontconfig, image codecs…, found with ldd and loaded through
# LD_LIBRARY_PATH), two fonts with a fonts.conf, the real scenes for `wallpaper`, and libglvnd's
# libEGL/libGLESv2 loaders (used only where the machine has none: a CUDA container whose driver
# mount brings libEGL_nvidia but no loader). glibc and the GL driver itself are not carried.
#
# run.sh prints the GPU (nvidia-smi) and the EGL device found, then the render scenes and
# 10,000 animated layers at 3840×2160 (`gpu4k`) on the GPU backend, then the same on the CPU
# for the ratio, with frames per second; a few minutes, rerun as often as needed. Exit 69 when
# EGL gives no GPU (the CPU run still happens). Copy its output into docs/BENCHMARKS.md, marked
# with the GPU it came from. With the device tool (docs/BENCHMARKS.md, "GPU backend"): build
# here, carry OUT_DIR.tar.gz, and unpack and run it there in one command.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-.build/gpu-bench}"
# A scratch folder of its own: the static build neither waits for nor replaces .build/release.
SCRATCH=.build/static
swift build -c release --product cabench --static-swift-stdlib --scratch-path "$SCRATCH"
BIN="$(swift build -c release --static-swift-stdlib --scratch-path "$SCRATCH" --show-bin-path)/cabench"
rm -rf "$OUT" "$OUT.tar.gz"; mkdir -p "$OUT/bin" "$OUT/lib/gl" "$OUT/fonts" "$OUT/scenes"
cp "$BIN" "$OUT/bin/cabench"
strip "$OUT/bin/cabench" 2>/dev/null || true
# Every resolved library except the C runtime and the GL driver stack.
ldd "$OUT/bin/cabench" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' \
  | grep -vE '/(libc|libm|libdl|libpthread|librt|libresolv|ld-linux[^/]*|libEGL[^/]*|libGLES[^/]*|libGLX[^/]*|libGLdispatch|libgcc_s|libstdc\+\+)\.so' \
  | while read -r lib; do cp -L "$lib" "$OUT/lib/"; done
# libglvnd's loaders, a fallback for machines with a vendor library but no loader.
for name in libEGL.so.1 libGLESv2.so.2 libGLdispatch.so.0; do
  path=$(ldconfig -p | awk -v n="$name" '$1 == n && /x86-64/ {print $NF; exit}')
  [ -n "$path" ] && cp -L "$path" "$OUT/lib/gl/$name"
done
for font in "Liberation Sans:style=Regular" "DejaVu Sans:style=Book"; do
  path=$(fc-match -f '%{file}' "$font" 2>/dev/null || true)
  [ -n "$path" ] && [ -f "$path" ] && cp -L "$path" "$OUT/fonts/"
done
cat > "$OUT/fonts/fonts.conf" <<'CONF'
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir prefix="relative">.</dir>
  <cachedir>/tmp/gpu-bench-fontconfig</cachedir>
  <alias><family>Helvetica</family><prefer><family>Liberation Sans</family></prefer></alias>
  <alias><family>sans-serif</family><prefer><family>Liberation Sans</family><family>DejaVu Sans</family></prefer></alias>
</fontconfig>
CONF
if [ -d ../shared/scenes/wallpapers ]; then cp -r ../shared/scenes/wallpapers "$OUT/scenes/"; fi
cat > "$OUT/run.sh" <<'RUN'
#!/usr/bin/env bash
# One short GPU benchmark run (see scripts/gpu-bench-bundle.sh): the GPU backend, then the
# CPU. Arguments replace the default scenes; GPU_BENCH_BACKENDS="gpu" skips the CPU run
# (a rerun). Exit 69 when EGL gives no GPU.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for packed in "$here"/bin/*.gz "$here"/lib/*.gz; do
  if [ -e "$packed" ] && [ ! -e "${packed%.gz}" ]; then
    gzip -dc "$packed" > "${packed%.gz}.part" && mv -f "${packed%.gz}.part" "${packed%.gz}" || exit 1
  fi
done
chmod +x "$here/bin/cabench"
scenes=("$@")
export PATH="$PATH:/sbin:/usr/sbin"   # ldconfig
[ ${#scenes[@]} -gt 0 ] || scenes=(gpu4k sprites transformed fillrate wallpaper)
export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FONTCONFIG_FILE="$here/fonts/fonts.conf" CABENCH_SCENES="$here/scenes/wallpapers"
# No EGL loader on the machine (or GPU_BENCH_BUNDLED_EGL=1): libglvnd's from the bundle.
if [ "${GPU_BENCH_BUNDLED_EGL:-0}" = 1 ] || ! ldconfig -p 2>/dev/null | grep -q 'libEGL\.so\.1 '; then
  echo "using the bundled libglvnd EGL loader"
  export LD_LIBRARY_PATH="$here/lib/gl:$LD_LIBRARY_PATH"
fi
# NVIDIA's EGL library present but no glvnd vendor file for it (some container mounts): name it.
if [ -z "${__EGL_VENDOR_LIBRARY_FILENAMES:-}" ] && ! ls /usr/share/glvnd/egl_vendor.d/*nvidia* >/dev/null 2>&1 \
   && ldconfig -p 2>/dev/null | grep -q 'libEGL_nvidia\.so\.0'; then
  printf '{"file_format_version":"1.0.0","ICD":{"library_path":"libEGL_nvidia.so.0"}}\n' > /tmp/gpu-bench-nvidia.json
  export __EGL_VENDOR_LIBRARY_FILENAMES=/tmp/gpu-bench-nvidia.json
  echo "using a glvnd vendor file for libEGL_nvidia.so.0"
fi
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
echo "host: $(uname -m), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
status=0
for backend in ${GPU_BENCH_BACKENDS:-gpu cpu}; do
  echo "== backend: $backend (${scenes[*]})"
  CABENCH_BACKEND=$backend "$here/bin/cabench" run "${scenes[@]}" --repeats 3
  rc=$?
  [ $rc -eq 0 ] || { echo "cabench on $backend exited $rc"; [ $status -ne 0 ] || status=$rc; }
done
exit $status
RUN
chmod +x "$OUT/run.sh"
# The two big files (the binary holds Foundation's ICU data, 30 MiB; libxml2 needs the
# system's ICU data, 31 MiB) are stored gzipped and expanded by run.sh on its first run.
find "$OUT/bin" "$OUT/lib" -type f -size +8M -exec gzip -6 {} +
size=$(du -sb "$OUT" | cut -f1)
echo "bundle: $OUT ($((size / 1048576)) MiB, $(ls "$OUT/lib" | grep -c '\.so') carried libraries)"
if [ "$size" -gt $((64 * 1048576)) ]; then echo "error: the bundle is over 64 MiB" >&2; exit 1; fi
tar -C "$(dirname "$OUT")" -czf "$OUT.tar.gz" "$(basename "$OUT")"
echo "$OUT.tar.gz: $(($(stat -c %s "$OUT.tar.gz") / 1048576)) MiB; copy it to the GPU machine, unpack, run ./$(basename "$OUT")/run.sh"
