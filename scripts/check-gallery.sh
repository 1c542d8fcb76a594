#!/usr/bin/env bash
# Renders the examples gallery (debug build) and checks that every figure was written as a PNG
# of a plausible size, and that a bad argument is refused with the usage exit code.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product cagallery
BIN="$(swift build --show-bin-path)/cagallery"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$BIN" "$OUT/gallery" --scale 1 > "$OUT/list.txt"
count=$(ls "$OUT/gallery"/*.png | wc -l)
expected=$(wc -l < "$OUT/list.txt")
[ "$count" -eq "$expected" ] && [ "$count" -ge 12 ] || { echo "gallery: $count PNGs for $expected figures"; exit 1; }
for f in "$OUT/gallery"/*.png; do
  head -c 8 "$f" | od -An -tx1 | grep -q "89 50 4e 47" || { echo "gallery: $f is not a PNG"; exit 1; }
  [ "$(stat -c %s "$f")" -gt 1000 ] || { echo "gallery: $f is suspiciously small"; exit 1; }
done
set +e; "$BIN" "$OUT/x" --scale nope 2>/dev/null; rc=$?; set -e
[ "$rc" -eq 64 ] || { echo "gallery: bad --scale gave exit $rc, expected 64"; exit 1; }
echo "gallery: $count figures rendered"
