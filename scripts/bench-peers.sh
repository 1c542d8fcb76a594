#!/usr/bin/env bash
# The Python peers of the render scenes: makes a virtual environment (.venv-bench, ignored by
# git), installs skia-python, blend2d-python and pycairo (and numpy) from PyPI into it, then runs
# scripts/peers/render_peers.py on the scenes that `cabench all --save DIR` wrote.
#
#   scripts/bench-peers.sh DIR OUT.json [--repeats R] [--frames F] [--quick]
#
# Exit status: 0 when OUT.json was written and every peer frame matched ours (PSNR ≥ 40 dB);
# 1 when a peer's frame did not match; 3 when the environment could not be made (no python3,
# no venv module, pip install failed: no network, no wheel for this platform) — then nothing
# is written and scripts/bench.sh makes the table without these peers.
set -uo pipefail
cd "$(dirname "$0")/.."

venv=.venv-bench
if [ $# -lt 2 ]; then
    echo "usage: scripts/bench-peers.sh DIR OUT.json [--repeats R] [--frames F] [--quick]" >&2
    exit 2
fi

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import numpy, skia, cairo, blend2d' 2>/dev/null; then
    command -v python3 >/dev/null || { echo "bench-peers.sh: python3 not found; no Python peers" >&2; exit 3; }
    python3 -m venv "$venv" 2>/dev/null \
        || { echo "bench-peers.sh: could not create $venv (python3 -m venv failed; on Debian: apt-get install python3-venv); no Python peers" >&2; exit 3; }
    # skia-python and blend2d-python are on PyPI as binary wheels for Linux x86_64 (pycairo
    # builds from source against libcairo2-dev, which the package already needs).
    if ! "$venv/bin/pip" install --quiet skia-python blend2d-python pycairo numpy >&2; then
        echo "bench-peers.sh: pip install skia-python blend2d-python pycairo numpy failed (offline, or no wheel for this platform); trying each alone" >&2
        "$venv/bin/pip" install --quiet numpy >&2 || { echo "bench-peers.sh: numpy could not be installed; no Python peers" >&2; exit 3; }
        "$venv/bin/pip" install --quiet skia-python >&2 || echo "bench-peers.sh: skia-python could not be installed; its column is left out" >&2
        "$venv/bin/pip" install --quiet blend2d-python >&2 || echo "bench-peers.sh: blend2d-python could not be installed; its column is left out" >&2
        "$venv/bin/pip" install --quiet pycairo >&2 || echo "bench-peers.sh: pycairo could not be installed; its column is left out" >&2
    fi
fi
"$venv/bin/python" scripts/peers/render_peers.py "$@"
status=$?
[ $status -eq 0 ] || [ $status -eq 1 ] || { echo "bench-peers.sh: render_peers.py failed ($status)" >&2; exit 3; }
exit $status
