#!/usr/bin/env bash
# The main job: install the system packages, build carender (release) and render real Core
# Animation scenes to PNG frames in out/, and to video and GIF when carender was built with
# FFmpeg. Uses the shared wallpaper scenes beside the checkout (../shared/scenes) when present,
# else the small scene bundled in Examples/scenes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product carender
CARENDER="$(swift build -c release --show-bin-path)/carender"
mkdir -p out
VIDEO=0
case "$("$CARENDER" --help)" in *"video: yes"*) VIDEO=1 ;; esac
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
  if [ "$VIDEO" = 1 ]; then
    "$CARENDER" render "$SCENES/Spinning_Squares.wallpaper" --duration 2 --fps 30 --scale 1 -o out/Spinning_Squares.mp4
    "$CARENDER" render "$SCENES/GitHub.wallpaper" --from-state Locked --state Unlock \
        --duration 1.5 --fps 30 --scale 1 -o out/GitHub_unlock.mp4
    "$CARENDER" render "$SCENES/Spinning_Squares.wallpaper" --duration 1 --fps 25 --scale 0.5 -o out/Spinning_Squares.gif
  fi
else
  "$CARENDER" render Examples/scenes/hello.caml --duration 2 --fps 12 -o out/hello
  if [ "$VIDEO" = 1 ]; then
    "$CARENDER" render Examples/scenes/hello.caml --duration 2 --fps 30 -o out/hello.mp4
    "$CARENDER" render Examples/scenes/hello.caml --duration 2 --fps 25 -o out/hello.gif
  fi
fi
if [ "$VIDEO" = 1 ]; then echo "frames, videos and GIFs are in out/"
else echo "frames are in out/ (no video: carender was built without FFmpeg; see README)"; fi
