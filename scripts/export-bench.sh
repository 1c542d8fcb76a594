#!/usr/bin/env bash
# carender's export figures (docs/BENCHMARKS.md, "carender export"): SideStore at @3x, 60 frames
# (2 s at 30 fps), as a PNG sequence and as an MP4, default backend and --backend cpu, best of
# three; peak memory from GNU time. Needs scripts/install-deps.sh's packages and ../shared
# (SCENE=path points elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product carender >/dev/null 2>&1
SCENE=${SCENE:-../shared/scenes/wallpapers/SideStore.wallpaper}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
best() {   # best wall time (s) and its peak RSS (MiB) of three runs of carender "$@"
  local b="" m=""
  for _ in 1 2 3; do
    rm -rf "$OUT/o" "$OUT/o.mp4"
    /usr/bin/time -o "$OUT/time" -f "%e %M" .build/release/carender render "$SCENE" "$@" >/dev/null 2>&1
    local line; line=$(tail -1 "$OUT/time")
    local t=${line% *} k=${line#* }
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; m=$((k / 1024)); fi
  done
  echo "$b s, $m MiB"
}
for backend in auto cpu; do
  echo "PNG sequence, --backend $backend: $(best --duration 2 --fps 30 --scale 3 --backend $backend -o "$OUT/o")"
  echo "MP4,          --backend $backend: $(best --duration 2 --fps 30 --scale 3 --backend $backend -o "$OUT/o.mp4")"
done
