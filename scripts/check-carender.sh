#!/usr/bin/env bash
# Checks carender as a user meets it: a real render, and each bad-input class giving its error
# and exit code with no partial output left behind. Needs a debug build (swift build).
set -uo pipefail
cd "$(dirname "$0")/.."
BIN="$(swift build --show-bin-path)/carender"
swift build --product carender -q || exit 1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fails=0
passes=0
expect() {   # expect CODE DESCRIPTION -- command...
  local want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>&1; local got=$?
  if [ "$got" != "$want" ]; then echo "FAIL: $what: exit $got, expected $want"; cat "$tmp/out"; fails=$((fails+1));
  else echo "ok: $what (exit $got)"; passes=$((passes+1)); fi
}
expect 0 "renders the bundled scene" -- "$BIN" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/hello.png"
[ -s "$tmp/hello.png" ] || { echo "FAIL: no PNG written"; fails=$((fails+1)); }
expect 0 "renders a sequence" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
[ "$(ls "$tmp/seq" | wc -l)" = 2 ] || { echo "FAIL: sequence has $(ls "$tmp/seq" | wc -l) frames"; fails=$((fails+1)); }
expect 0 "re-renders into an existing folder, keeping other files" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
touch "$tmp/seq/keep.txt"
expect 0 "... twice" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
[ -f "$tmp/seq/keep.txt" ] || { echo "FAIL: a user file in the output folder was lost"; fails=$((fails+1)); }
expect 0 "info" -- "$BIN" info Examples/scenes/hello.caml
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e308"/></caml>' > "$tmp/shadow.caml"
expect 0 "an absurd shadowRadius neither crashes nor hangs" -- timeout 60 "$BIN" render "$tmp/shadow.caml" -o "$tmp/shadow.png"
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e9"/></caml>' > "$tmp/shadow9.caml"
expect 0 "a huge shadowRadius is quick" -- timeout 60 "$BIN" render "$tmp/shadow9.caml" -o "$tmp/shadow9.png"
expect 64 "usage: frame count past Int.max" -- "$BIN" render Examples/scenes/hello.caml --duration 1e308 --fps 1000 -o "$tmp/many"
expect 64 "usage: frame under one pixel" -- "$BIN" render Examples/scenes/hello.caml --scale 0.001 -o "$tmp/x.png"
# The optimised build too: release-only miscompiles have reached this tool before.
swift build -c release --product carender -q || exit 1
RELEASE="$(swift build -c release --show-bin-path)/carender"
expect 0 "renders with the release build" -- "$RELEASE" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/release.png"
if [ -d ../shared/scenes/wallpapers ]; then
  for scene in ../shared/scenes/wallpapers/*.wallpaper; do
    expect 0 "release build renders $(basename "$scene")" -- "$RELEASE" render "$scene" --time 0.5 --scale 0.5 -o "$tmp/$(basename "$scene").png"
  done
fi
expect 64 "usage: no arguments" -- "$BIN"
expect 64 "usage: bad number" -- "$BIN" render Examples/scenes/hello.caml --time abc -o "$tmp/x.png"
expect 64 "usage: absurd size" -- "$BIN" render Examples/scenes/hello.caml --size 99999x99999 -o "$tmp/x.png"
expect 64 "usage: too many frames" -- "$BIN" render Examples/scenes/hello.caml --duration 1e6 --fps 60 -o "$tmp/many"
expect 64 "usage: unknown state" -- "$BIN" render Examples/scenes/hello.caml --state Nope -o "$tmp/x.png"
expect 66 "missing scene" -- "$BIN" render "$tmp/none.caml" -o "$tmp/x.png"
printf '<caml><CALayer bounds="0 0 10' > "$tmp/bad.caml"
expect 65 "malformed XML" -- "$BIN" render "$tmp/bad.caml" -o "$tmp/x.png"
grep -q "bad.caml:1" "$tmp/out" || { echo "FAIL: the error does not name file and line"; fails=$((fails+1)); }
printf '<caml><CALayer bounds="0 0 1e30 1e30" position="nan 3"><contents src="missing.png"/></CALayer></caml>' > "$tmp/odd.caml"
expect 0 "absurd numbers and a missing asset are warnings" -- "$BIN" render "$tmp/odd.caml" -o "$tmp/odd.png"
mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then expect 73 "unwritable output" -- "$BIN" render Examples/scenes/hello.caml -o "$tmp/ro/x.png"; fi
[ -z "$(ls -A "$tmp" | grep partial)" ] || { echo "FAIL: partial output left"; fails=$((fails+1)); }
echo "carender: $passes passed, $fails failed"
[ "$fails" = 0 ]
