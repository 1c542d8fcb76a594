#!/usr/bin/env bash
# The README's recipe for splitting one export across machines, run end to end with a real job
# runner: GNU parallel with two local workers renders a 30-frame sequence in four --frames
# chunks, each into its own folder; the chunks are copied into one folder and must equal a
# single-process render file for file, byte for byte; both folders are encoded by the ffmpeg
# command line as the README does and the two videos must be identical. Needs a debug build
# (swift build) and scripts/install-deps.sh's packages (parallel, ffmpeg).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(swift build --show-bin-path)/carender"
swift build --product carender -q
command -v parallel >/dev/null && command -v ffmpeg >/dev/null \
  || { echo "FAIL: GNU parallel and ffmpeg are needed (scripts/install-deps.sh)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
scene=Examples/scenes/hello.caml
common=(--duration 2 --fps 15 --scale 1 --quiet)

"$BIN" render "$scene" "${common[@]}" -o "$tmp/single" >/dev/null
export BIN scene tmp
seq 0 8 29 | parallel --will-cite -j 2 --halt now,fail=1 \
  '"$BIN" render "$scene" --duration 2 --fps 15 --scale 1 --quiet --frames {}:$(( {} + 8 > 30 ? 30 : {} + 8 )) -o "$tmp/out/{}" >/dev/null'
mkdir -p "$tmp/joined" && cp "$tmp"/out/*/frame-*.png "$tmp/joined/"

fails=0
[ "$(ls "$tmp/joined" | wc -l)" = 30 ] || { echo "FAIL: the chunks hold $(ls "$tmp/joined" | wc -l) frames, not 30"; fails=1; }
for f in "$tmp"/single/frame-*.png; do
  cmp -s "$f" "$tmp/joined/$(basename "$f")" || { echo "FAIL: $(basename "$f") differs from the single render"; fails=1; }
done
for name in single joined; do
  ffmpeg -loglevel error -framerate 15 -i "$tmp/$name/frame-%05d.png" -c:v libx264 -pix_fmt yuv420p "$tmp/$name.mp4"
done
cmp -s "$tmp/single.mp4" "$tmp/joined.mp4" || { echo "FAIL: the joined video differs from the single render's"; fails=1; }
[ "$("$BIN" probe "$tmp/joined.mp4" | sed -n 's/^frames: //p')" = 30 ] || { echo "FAIL: the joined video is not 30 frames"; fails=1; }
if [ "$fails" = 0 ]; then
  echo "scale-out: 4 chunks on 2 parallel workers = the single render (30 frames, byte for byte; videos identical)"
fi
exit "$fails"
