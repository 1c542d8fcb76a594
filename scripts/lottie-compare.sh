#!/usr/bin/env bash
# Renders every Lottie sample in ../shared/lottie at each progress Apple's snapshots show and
# reports, per image, the share of pixels within CIE ΔE94 3 of Apple's (lottie-ios passes an
# image at 98.5 %). Usage: scripts/lottie-compare.sh [OUT_DIR] (default /tmp/lottie-compare);
# writes OUT_DIR/report.md (the table in docs/LOTTIE.md) and our PNGs beside it. Set
# SHARDS=N to run N processes.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/lottie-compare}"
shards="${SHARDS:-1}"
shared="${LOTTIE_SHARED:-../shared/lottie}"
mkdir -p "$out"
swift build --product carender >/dev/null
pids=()
for ((i = 0; i < shards; i++)); do
  .build/debug/carender lottie-compare "$shared/samples" "$shared/apple-snapshots" \
    --out "$out" --shard "$i/$shards" --report "$out/report-$i.md" > "$out/log-$i.txt" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
cat "$out"/log-*.txt | grep -E ' (pass|FAIL)$' | sort > "$out/results.txt"
passed=$(grep -c ' pass$' "$out/results.txt" || true)
total=$(wc -l < "$out/results.txt")
echo "$passed of $total snapshots pass"
