#!/usr/bin/env bash
# Installs the Debian packages the build needs. Idempotent, non-interactive and quiet; safe to
# run again. Needs root (or sudo). Later issues add their packages to this one list.
set -euo pipefail
PACKAGES=(
  pkg-config
  libcairo2-dev libpixman-1-dev libpango1.0-dev libharfbuzz-dev libfreetype-dev libfontconfig-dev
  fonts-dejavu-core fonts-wqy-microhei
  # Metric-compatible stand-ins for Apple's fonts (Helvetica/Arial, Times, Courier) and emoji (CoreText)
  fonts-liberation2 fonts-noto-color-emoji
  libpng-dev libturbojpeg0-dev libwebp-dev
  # PNG writing: libdeflate compresses the filtered rows (CoreGraphics' PNGWriter)
  libdeflate-dev
  # CAML: libxml2's error messages (Foundation's XMLParser runs on the same libxml2)
  libxml2-dev
  # Lottie: .lottie archives are zip files (inflate)
  zlib1g-dev
  # cabench's Lottie peer (librlottie, opened at run time: the package builds without it)
  librlottie-dev
  # carender's video and GIF output and `carender probe` (optional: the package builds without)
  libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev
  # The GPU backend (QuartzCoreGL: EGL + OpenGL ES 3 headers; Mesa's llvmpipe runs it without a
  # GPU) and `carender play`'s window (SDL2; Xvfb runs its test without a display)
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri libsdl2-dev xvfb xauth
  # QuartzCoreWindow's X11 presenters (window ids, shared-memory images); libsdl2-dev brings them too
  libx11-dev libxext-dev
  # QuartzCoreWindow's tests: synthetic pointer and key input (XTEST) to windows under Xvfb
  xdotool
  # scripts/check-scaleout.sh: the README's split-export recipe with a real job runner
  parallel ffmpeg
  # Examples/gtkembed: CARenderer inside a GTK 4 GtkGLArea (optional: the package builds without)
  libgtk-4-dev
)
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "system packages ready (${#PACKAGES[@]} checked, ${#missing[@]} installed)"
