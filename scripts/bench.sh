#!/usr/bin/env bash
# Builds cabench in release, runs every scene, then the Python peers of the render scenes
# (scripts/bench-peers.sh: skia-python, blend2d-python and pycairo in .venv-bench) when their environment can
# be made, and writes one Markdown table into docs/BENCHMARKS.md between the BEGIN/END
# markers, with the machine it ran on. Extra arguments go to cabench (e.g. `--repeats 9`).
# Exits 1 (after writing the table) when a check failed: work not done, or a frame whose PSNR
# against ours is below 40 dB.
set -euo pipefail
cd "$(dirname "$0")/.."

doc=docs/BENCHMARKS.md
begin='<!-- BEGIN cabench results -->'
end='<!-- END cabench results -->'
grep -qF "$begin" "$doc" && grep -qF "$end" "$doc" || { echo "bench.sh: markers missing in $doc" >&2; exit 1; }

swift build -c release --product cabench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
mem=$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)
header="Run $(date -u '+%Y-%m-%d %H:%M UTC') at commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with local changes)')
on $(nproc) cores ($cpu), $mem, load average $(cut -d' ' -f1-3 /proc/loadavg) at start;
$(swift --version 2>&1 | head -1); cabench arguments: ${*:-none}."

status=0
.build/release/cabench all --json --save "$work" "$@" > "$work/results.json" || status=$?
[ $status -le 1 ] || { echo "bench.sh: cabench failed ($status)" >&2; exit $status; }

files=("$work/results.json")
peers_note="Python peers (skia-python, pycairo): not run."
peer_status=0
scripts/bench-peers.sh "$work" "$work/python.json" || peer_status=$?
if [ $peer_status -le 1 ] && [ -s "$work/python.json" ]; then
    files+=("$work/python.json")
    versions=$(.venv-bench/bin/python -c 'import skia, cairo, blend2d; print("skia-python " + skia.__version__ + ", Blend2D " + ".".join(map(str, blend2d.BL_VERSION)) + " (blend2d-python), pycairo " + cairo.version + " over cairo " + cairo.cairo_version_string())' 2>/dev/null || echo 'skia-python, blend2d-python, pycairo')
    peers_note="Python peers: $versions, in .venv-bench; timed after cabench in the same run (not interleaved with ours)."
    [ $peer_status -eq 0 ] || status=1
else
    echo "bench.sh: the Python peers could not run (see above); the table is made without them" >&2
    peers_note="Python peers: not available in this run (scripts/bench-peers.sh could not make its environment)."
fi

table_status=0
{
    echo "$header"
    echo "$peers_note"
    echo
    .build/release/cabench table "${files[@]}" --markdown
} > "$work/table.md" || table_status=$?
[ $table_status -le 1 ] || { echo "bench.sh: cabench table failed ($table_status)" >&2; exit $table_status; }
[ $table_status -eq 0 ] || status=1

# Replace what lies between the markers, keep the markers and the rest of the document.
awk -v begin="$begin" -v end="$end" -v table="$work/table.md" '
    $0 == begin { print; while ((getline line < table) > 0) print line; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }
' "$doc" > "$work/doc.md"
mv "$work/doc.md" "$doc"
echo "bench.sh: updated $doc"
[ $status -eq 0 ] || echo "bench.sh: some checks failed (marked in the table)" >&2
exit $status
