#!/usr/bin/env bash
# The main job: install the system packages, build carender (release) and render real Core
# Animation scenes to PNG frames in out/. Uses the shared wallpaper scenes beside the checkout
# (../shared/scenes) when present, else the small scene bundled in Examples/scenes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product carender
CARENDER="$(swift build -c release --show-bin-path)/carender"
mkdir -p out
SCENES=../shared/scenes/wallpapers
if [ -d "$SCENES" ]; then
  for scene in "$SCENES"/*.wallpaper; do
    name=$(basename "$scene" .wallpaper)
    "$CARENDER" render "$scene" --time 0.25 --scale 1 -o "out/$name.png"
  done
  # One second of the spinning squares, and GitHub's Locked → Unlock spring transition.
  "$CARENDER" render "$SCENES/Spinning_Squares.wallpaper" --duration 1 --fps 12 --scale 1 -o out/Spinning_Squares
  "$CARENDER" render "$SCENES/GitHub.wallpaper" --from-state Locked --state Unlock \
      --duration 1 --fps 12 --scale 1 -o out/GitHub_unlock
else
  "$CARENDER" render Examples/scenes/hello.caml --duration 2 --fps 12 -o out/hello
fi
echo "frames are in out/"
