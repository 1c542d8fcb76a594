#!/usr/bin/env bash
# The main job: install the system packages, build, and draw with CoreGraphics into out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
mkdir -p out
swift run -c release cgexample out/cgexample.png
