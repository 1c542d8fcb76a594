#!/usr/bin/env bash
# Builds cabench in release, runs every scene and writes the Markdown table into
# docs/BENCHMARKS.md between the BEGIN/END markers, with the machine it ran on.
# Extra arguments go to cabench (e.g. `scripts/bench.sh --repeats 9`).
set -euo pipefail
cd "$(dirname "$0")/.."

doc=docs/BENCHMARKS.md
begin='<!-- BEGIN cabench results -->'
end='<!-- END cabench results -->'
grep -qF "$begin" "$doc" && grep -qF "$end" "$doc" || { echo "bench.sh: markers missing in $doc" >&2; exit 1; }

swift build -c release --product cabench
table=$(mktemp)
trap 'rm -f "$table" "$table.doc"' EXIT

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
mem=$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)
{
    echo "Run $(date -u '+%Y-%m-%d %H:%M UTC') at commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with local changes)')"
    echo "on $(nproc) cores ($cpu), $mem, load average $(cut -d' ' -f1-3 /proc/loadavg) at start;"
    echo "$(swift --version 2>&1 | head -1)."
    echo
    .build/release/cabench all --markdown "$@"
} > "$table"

# Replace what lies between the markers, keep the markers and the rest of the document.
awk -v begin="$begin" -v end="$end" -v table="$table" '
    $0 == begin { print; while ((getline line < table) > 0) print line; skip = 1; next }
    $0 == end { skip = 0 }
    !skip { print }
' "$doc" > "$table.doc"
mv "$table.doc" "$doc"
echo "bench.sh: updated $doc"
