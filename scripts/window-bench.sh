#!/usr/bin/env bash
# The window host's figures (docs/BENCHMARKS.md, "Windows on screen"): builds cawindowcheck in
# release and runs its bench on the CPU and on the GPU backend, then input latency, in a virtual
# X server (Xvfb at 2560×1600, 60 Hz). Needs scripts/install-deps.sh's packages and, for the
# wallpaper and Lottie rows, ../shared (CABENCH_SCENES, CABENCH_LOTTIE point elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product cawindowcheck
run() { xvfb-run -a -s "-screen 0 2560x1600x24 -nolisten tcp" .build/release/cawindowcheck "$@" 2>&1 | grep -v '^QuartzCoreWindow:'; }
for backend in cpu gpu; do
  run bench "$backend"
  echo
done
for backend in cpu gpu; do
  echo "$backend: $(run latency "$backend")"
done
