#!/usr/bin/env bash
# Checks carender as a user meets it: a real render, and each bad-input class giving its error
# and exit code with no partial output left behind; video and GIF output read back when the
# build has FFmpeg. Needs a debug build (swift build).
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
# has MESSAGE / hasnt MESSAGE: the last command's output contains it / does not.
has() { grep -qF -- "$1" "$tmp/out" || { echo "FAIL: the message lacks '$1':"; cat "$tmp/out"; fails=$((fails+1)); }; }
hasnt() { ! grep -qF -- "$1" "$tmp/out" || { echo "FAIL: the message has '$1':"; cat "$tmp/out"; fails=$((fails+1)); }; }
expect 0 "renders the bundled scene" -- "$BIN" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/hello.png"
[ -s "$tmp/hello.png" ] || { echo "FAIL: no PNG written"; fails=$((fails+1)); }
expect 0 "renders a sequence" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
[ "$(ls "$tmp/seq" | wc -l)" = 2 ] || { echo "FAIL: sequence has $(ls "$tmp/seq" | wc -l) frames"; fails=$((fails+1)); }
expect 0 "re-renders into an existing folder, keeping other files" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
touch "$tmp/seq/keep.txt"
expect 0 "... twice" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$tmp/seq"
[ -f "$tmp/seq/keep.txt" ] || { echo "FAIL: a user file in the output folder was lost"; fails=$((fails+1)); }
expect 0 "info" -- "$BIN" info Examples/scenes/hello.caml
expect 0 "renders one frame as a vector PDF" -- "$BIN" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/hello.pdf"
head -c 5 "$tmp/hello.pdf" | grep -q '%PDF-' || { echo "FAIL: no PDF written"; fails=$((fails+1)); }
expect 64 "usage: a .pdf takes one frame" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 4 -o "$tmp/many.pdf"
[ ! -e "$tmp/many.pdf" ] || { echo "FAIL: a PDF was written after a usage error"; fails=$((fails+1)); }
if command -v pdftoppm >/dev/null && command -v python3 >/dev/null; then
  # The PDF page rasterizes like the PNG frame of the same time (both over white).
  pdftoppm -r 72 -png -singlefile "$tmp/hello.pdf" "$tmp/hello-pdf"
  # Pass: mean channel difference ≤ 2/255 and at most 1% of pixels off by more than 16/255
  # (antialiased edges and image resampling differ between poppler and the compositor).
  cat > "$tmp/cmp.py" <<'PY'
import zlib,struct,sys
def load(p):
    d=open(p,'rb').read(); i=8; idat=b''; plte=None; trns=None
    while i<len(d):
        n=struct.unpack('>I',d[i:i+4])[0]; t=d[i+4:i+8]; c=d[i+8:i+8+n]
        if t==b'IHDR': w,h,bd,ct=struct.unpack('>IIBB',c[:10])
        if t==b'IDAT': idat+=c
        i+=12+n
    raw=zlib.decompress(idat); bpp={6:4,2:3,0:1,4:2}[ct]; st=w*bpp; out=[]; prev=bytearray(st); p=0
    for y in range(h):
        f=raw[p]; p+=1; line=bytearray(raw[p:p+st]); p+=st
        for x in range(st):
            a=line[x-bpp] if x>=bpp else 0; b=prev[x]; c=prev[x-bpp] if x>=bpp else 0
            if f==1: line[x]=(line[x]+a)&255
            elif f==2: line[x]=(line[x]+b)&255
            elif f==3: line[x]=(line[x]+(a+b)//2)&255
            elif f==4:
                pp=a+b-c; pa=abs(pp-a); pb=abs(pp-b); pc=abs(pp-c)
                pr=a if pa<=pb and pa<=pc else (b if pb<=pc else c)
                line[x]=(line[x]+pr)&255
        out.append(line); prev=line
    return w,h,bpp,out
def rgb_on_white(px,bpp,x,y):
    l=px[y]; r,g,b=l[x*bpp],l[x*bpp+1],l[x*bpp+2]
    if bpp==4:
        a=l[x*bpp+3]/255; r=r*a+255*(1-a); g=g*a+255*(1-a); b=b*a+255*(1-a)
    return r,g,b
a,b=sys.argv[1],sys.argv[2]
w,h,ba,A=load(a); w2,h2,bb,B=load(b)
if (w,h)!=(w2,h2): print('sizes differ',(w,h),(w2,h2)); sys.exit(1)
tot=0; big=0; n=0; mx=0
for y in range(min(h,h2)):
    for x in range(min(w,w2)):
        p=rgb_on_white(A,ba,x,y); q=rgb_on_white(B,bb,x,y)
        d=max(abs(p[i]-q[i]) for i in range(3)); tot+=d; n+=1; mx=max(mx,d)
        if d>16: big+=1
print('mean |diff| %.2f/255, %.2f%% of pixels off by > 16'%(tot/n,100*big/n))
sys.exit(0 if tot/n <= 2 and big <= n//100 else 1)
PY
  if python3 "$tmp/cmp.py" "$tmp/hello.png" "$tmp/hello-pdf.png" >"$tmp/out" 2>&1; then
    echo "ok: the PDF rasterizes like the PNG ($(cat "$tmp/out"))"; passes=$((passes+1))
  else echo "FAIL: the PDF differs from the PNG: $(cat "$tmp/out")"; fails=$((fails+1)); fi
fi
# Lottie: a frame as PNG and as a one-page vector PDF that rasterizes like it; a PDF takes one frame.
printf '%s' '{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},
"shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":1,"k":[{"t":0,"s":[20,50]},{"t":19,"s":[80,50]}]},"s":{"a":0,"k":[30,30]}},
{"ty":"fl","c":{"a":0,"k":[0,0,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}]}' > "$tmp/dot.json"
expect 0 "renders a Lottie frame" -- "$BIN" render "$tmp/dot.json" --progress 0.5 -o "$tmp/dot.png"
expect 0 "... and as a vector PDF" -- "$BIN" render "$tmp/dot.json" --progress 0.5 -o "$tmp/dot.pdf"
has "(100×100 pt, vector)"
[ "$(grep -acE '/Type /Page( |$)' "$tmp/dot.pdf")" = 1 ] && ! grep -aq '/Subtype /Image' "$tmp/dot.pdf" \
  && { echo "ok: the Lottie PDF is one page with no image"; passes=$((passes+1)); } \
  || { echo "FAIL: the Lottie PDF is not one vector page"; fails=$((fails+1)); }
if [ -f "$tmp/cmp.py" ]; then
  pdftoppm -r 144 -png -singlefile "$tmp/dot.pdf" "$tmp/dot-pdf"
  if python3 "$tmp/cmp.py" "$tmp/dot.png" "$tmp/dot-pdf.png" >"$tmp/out" 2>&1; then
    echo "ok: the Lottie PDF rasterizes like the PNG ($(cat "$tmp/out"))"; passes=$((passes+1))
  else echo "FAIL: the Lottie PDF differs from the PNG: $(cat "$tmp/out")"; fails=$((fails+1)); fi
fi
expect 64 "usage: a Lottie .pdf takes one frame" -- "$BIN" render "$tmp/dot.json" --duration 1 --fps 4 -o "$tmp/dots.pdf"
[ ! -e "$tmp/dots.pdf" ] || { echo "FAIL: a Lottie PDF was written after a usage error"; fails=$((fails+1)); }
printf '{"v":"5.7.0","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4' > "$tmp/cut.json"
expect 65 "a truncated Lottie file" -- "$BIN" render "$tmp/cut.json" -o "$tmp/cut.pdf"
has "not valid JSON"
[ ! -e "$tmp/cut.pdf" ] || { echo "FAIL: a PDF was written for a truncated file"; fails=$((fails+1)); }
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e308"/></caml>' > "$tmp/shadow.caml"
expect 0 "an absurd shadowRadius neither crashes nor hangs" -- timeout 60 "$BIN" render "$tmp/shadow.caml" -o "$tmp/shadow.png"
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e9"/></caml>' > "$tmp/shadow9.caml"
expect 0 "a huge shadowRadius is quick" -- timeout 60 "$BIN" render "$tmp/shadow9.caml" -o "$tmp/shadow9.png"
expect 0 "convert to a .ca bundle" -- "$BIN" convert Examples/scenes/hello.caml -o "$tmp/hello.ca"
[ -s "$tmp/hello.ca/main.caml" ] && [ -s "$tmp/hello.ca/index.xml" ] || { echo "FAIL: bundle incomplete"; fails=$((fails+1)); }
expect 0 "the converted bundle renders" -- "$BIN" render "$tmp/hello.ca" --time 0.5 -o "$tmp/hello-ca.png"
cmp -s "$tmp/hello.png" "$tmp/hello-ca.png" && { echo "ok: the converted bundle renders the same PNG"; passes=$((passes+1)); } \
  || { echo "FAIL: the converted bundle renders differently"; fails=$((fails+1)); }
expect 64 "convert: unknown output kind" -- "$BIN" convert Examples/scenes/hello.caml -o "$tmp/x.txt"
expect 64 "usage: hexadecimal time" -- "$BIN" render Examples/scenes/hello.caml --time 0x10 -o "$tmp/x.png"
: > "$tmp/empty.caml"
expect 65 "an empty file" -- "$BIN" render "$tmp/empty.caml" -o "$tmp/x.png"
printf '<html><body>hi</body></html>' > "$tmp/page.caml"
expect 65 "a web page is not a scene" -- "$BIN" render "$tmp/page.caml" -o "$tmp/x.png"
expect 0 "... and in a PDF" -- timeout 60 "$BIN" render "$tmp/shadow.caml" -o "$tmp/shadow.pdf"
expect 64 "usage: frame count past Int.max" -- "$BIN" render Examples/scenes/hello.caml --duration 1e308 --fps 1000 -o "$tmp/many"
expect 64 "usage: frame under one pixel" -- "$BIN" render Examples/scenes/hello.caml --scale 0.001 -o "$tmp/x.png"
# The optimised build too: release-only miscompiles have reached this tool before.
swift build -c release --product carender -q || exit 1
RELEASE="$(swift build -c release --show-bin-path)/carender"
expect 0 "renders with the release build" -- "$RELEASE" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/release.png"
if [ -d ../shared/scenes/wallpapers ]; then
  for scene in ../shared/scenes/wallpapers/*.wallpaper; do
    expect 0 "release build renders $(basename "$scene")" -- "$RELEASE" render "$scene" --time 0.5 --scale 0.5 -o "$tmp/$(basename "$scene").png"
    expect 0 "... and as a PDF" -- "$RELEASE" render "$scene" --time 0.5 --scale 0.5 -o "$tmp/$(basename "$scene").pdf"
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
# Video and GIF (when built with FFmpeg): frame count, size and duration read back by
# `carender probe` (and ffprobe when installed), and pixels of a decoded middle frame against
# the PNG of the same time at points on flat colour, within a tolerance (6 per channel; the
# encoders land within 2) less than half of what the moving point changes by between the
# middle frame's time and another, so frames out of order or mistimed fail.
pixels() {   # pixels FILE FRAME X,Y... → one "r g b a" line per point
  local file=$1 frame=$2 args=(); shift 2
  for p in "$@"; do args+=(--pixel "$p"); done
  "$BIN" probe "$file" --frame "$frame" "${args[@]}" | sed -n 's/^pixel .*: //p'
}
differs() {  # differs "r g b a" "r g b a" TOLERANCE → true when some colour channel differs by more
  awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= 3; i++) { d = x[i] - y[i]; if (d < 0) d = -d; if (d > t) exit 0 }; exit 1 }'
}
field() { "$BIN" probe "$1" | sed -n "s/^$2: //p"; }
TOLERANCE=6
check_video() {  # check_video SCENE EXT "RENDER ARGS" OTHER-TIME MOVING-POINT FLAT-POINTS...
  local scene=$1 ext=$2 args=$3 other=$4 moving=$5; shift 5
  local name out png_other png6
  name=$(basename "$scene"); out="$tmp/$name.$ext"; png_other="$tmp/$name-other.png"; png6="$tmp/$name-6.png"
  # shellcheck disable=SC2086
  expect 0 "$name to .$ext, 1 s at 12 fps" -- "$BIN" render "$scene" $args --duration 1 --fps 12 -o "$out"
  [ -s "$out" ] || { echo "FAIL: no .$ext written"; fails=$((fails+1)); return; }
  # shellcheck disable=SC2086
  "$BIN" render "$scene" $args --time "$other" -o "$png_other" >/dev/null
  # shellcheck disable=SC2086
  "$BIN" render "$scene" $args --time 0.5 -o "$png6" >/dev/null
  local size w h want frames duration
  size=$(field "$png6" size); w=${size%x*}; h=${size#*x}
  if [ "$ext" = gif ]; then want="${w}x${h}"; else want="$(( (w + 1) / 2 * 2 ))x$(( (h + 1) / 2 * 2 ))"; fi
  frames=$(field "$out" frames); size=$(field "$out" size); duration=$(field "$out" duration)
  [ "$frames" = 12 ] || { echo "FAIL: .$ext has $frames frames, expected 12"; fails=$((fails+1)); }
  [ "$size" = "$want" ] || { echo "FAIL: .$ext is $size, expected $want"; fails=$((fails+1)); }
  # GIF delays are whole 1/100 s (8 or 9 for 1/12 s), so its length may be off by 1/100 s.
  awk -v d="${duration% s}" 'BEGIN { exit !(d >= 0.99 && d <= 1.02) }' \
    || { echo "FAIL: .$ext lasts '$duration', expected 1 s"; fails=$((fails+1)); }
  if command -v ffprobe >/dev/null; then
    local ff
    ff=$(ffprobe -v error -count_frames -select_streams v:0 \
         -show_entries stream=width,height,nb_read_frames -of csv=p=0 "$out")
    [ "$ff" = "${want%x*},${want#*x},12" ] || { echo "FAIL: ffprobe reads .$ext as '$ff'"; fails=$((fails+1)); }
  fi
  # The moving point must tell the other time from t = 0.5, or the comparison proves nothing.
  differs "$(pixels "$png_other" 0 "$moving")" "$(pixels "$png6" 0 "$moving")" $((2 * TOLERANCE)) \
    || { echo "FAIL: $moving changes too little from t = $other to 0.5; pick another point"; fails=$((fails+1)); }
  local p got ref ok=1
  for p in "$moving" "$@"; do
    got=$(pixels "$out" 6 "$p"); ref=$(pixels "$png6" 0 "$p")
    if [ -z "$got" ] || differs "$got" "$ref" $TOLERANCE; then
      echo "FAIL: .$ext frame 6 at $p is '$got', the PNG at t = 0.5 '$ref'"; fails=$((fails+1)); ok=0
    fi
  done
  if [ "$ok" = 1 ]; then
    echo "ok: .$ext frame 6 matches the PNG at t = 0.5 (±$TOLERANCE) at $moving $*"; passes=$((passes+1))
  fi
}
if [[ "$("$BIN" --help)" == *"video: yes"* ]]; then
  for ext in mp4 gif; do
    # 321 px wide: odd, so the video is padded to 322. The dot's opacity changes by 0.067 a
    # frame (red by 13), so frame 6 is told from frame 5 (t = 5/12).
    check_video Examples/scenes/hello.caml "$ext" "--size 321x240" 0.4166667 210,120 5,5 120,120 320,100
    if [ -d ../shared/scenes/wallpapers ]; then
      # At t = 0.5 the outer square is a diamond that no longer covers 147,161.
      check_video ../shared/scenes/wallpapers/Spinning_Squares.wallpaper "$ext" "--scale 0.5" 0 147,161 10,10 97,211 97,150
    fi
  done
  for ext in mov mkv webm; do
    expect 0 "writes .$ext" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 --fps 12 -o "$tmp/hello.$ext"
    [ "$(field "$tmp/hello.$ext" frames)" = 3 ] || { echo "FAIL: .$ext does not read back 3 frames"; fails=$((fails+1)); }
  done
  expect 64 "usage: GIF over 50 fps" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 60 -o "$tmp/x.gif"
  # Encoder options (issue 32): a codec where the container holds it, its own CRF scale, and
  # what each refusal says; the probed codec is the one asked for.
  for spec in "hevc mp4 hevc" "prores mov prores" "vp9 mkv vp9"; do
    set -- $spec
    expect 0 "writes --codec $1 in .$2" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 --fps 12 --codec "$1" -o "$tmp/c.$2"
    [[ "$(field "$tmp/c.$2" codec)" == "$3 "* ]] || { echo "FAIL: --codec $1 probed as $(field "$tmp/c.$2" codec)"; fails=$((fails+1)); }
  done
  expect 0 "writes --crf 35 --preset ultrafast" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 --fps 12 \
    --crf 35 --preset ultrafast -o "$tmp/small.mp4"
  expect 0 "writes --crf 10" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 --fps 12 --crf 10 -o "$tmp/big.mp4"
  [ "$(stat -c %s "$tmp/small.mp4")" -lt "$(stat -c %s "$tmp/big.mp4")" ] \
    || { echo "FAIL: --crf 35 is not smaller than --crf 10"; fails=$((fails+1)); }
  # probe reads exactly the file named, never FFmpeg's image2 pattern (img%03d.png → img001.png).
  "$BIN" render Examples/scenes/hello.caml --time 0 --quiet -o "$tmp/img001.png" >/dev/null
  "$BIN" render Examples/scenes/hello.caml --time 0 --scale 0.5 --quiet -o "$tmp/img%03d.png" >/dev/null
  [ "$(field "$tmp/img%03d.png" size)" = 160x120 ] \
    || { echo "FAIL: probe of img%03d.png read $(field "$tmp/img%03d.png" size), another file"; fails=$((fails+1)); }
  expect 64 "usage: prores in .mp4" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --codec prores -o "$tmp/x.mp4"
  has "--codec prores does not go in .mp4; it goes in .mov, .mkv"
  expect 64 "usage: --crf for vp9 over 63" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --crf 64 -o "$tmp/x.webm"
  expect 64 "usage: --preset for vp9" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --preset fast -o "$tmp/x.webm"
  has "--preset is for h264 and hevc"
  expect 64 "usage: video at 0 fps" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 0 -o "$tmp/x.mp4"
  expect 64 "usage: video of too many frames" -- "$BIN" render Examples/scenes/hello.caml --duration 1e6 --fps 60 -o "$tmp/x.mp4"
  expect 73 "video output under a file" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 -o "$tmp/hello.png/x.mp4"
  expect 66 "probe: missing file" -- "$BIN" probe "$tmp/none.mp4"
  expect 65 "probe: not a media file" -- "$BIN" probe "$tmp/bad.caml"
  expect 65 "probe: frame past the end" -- "$BIN" probe "$tmp/hello.mov" --frame 3 --pixel 0,0
  # FFmpeg's own log lines only with --verbose; carender's one line either way.
  head -c 3000 "$tmp/hello.mov" > "$tmp/trunc.mov"
  expect 65 "probe: a truncated video, quietly" -- "$BIN" probe "$tmp/trunc.mov"
  [ "$(wc -l < "$tmp/out")" = 1 ] && has "carender: cannot read" || { echo "FAIL: FFmpeg lines without --verbose:"; cat "$tmp/out"; fails=$((fails+1)); }
  expect 65 "probe: a truncated video, --verbose" -- "$BIN" probe "$tmp/trunc.mov" --verbose
  grep -q '^\[' "$tmp/out" || { echo "FAIL: --verbose shows no FFmpeg lines"; fails=$((fails+1)); }
  # Interrupted mid-render: exit 130 and nothing left, neither the video nor its temporary file.
  "$BIN" render Examples/scenes/hello.caml --duration 300 --fps 30 --scale 2 -o "$tmp/int.mp4" >/dev/null 2>&1 &
  pid=$!; sleep 2; kill -TERM "$pid"; wait "$pid"; got=$?
  if [ "$got" = 130 ] && [ ! -e "$tmp/int.mp4" ] && ! ls -A "$tmp" | grep -qE 'partial|carender-'; then
    echo "ok: interrupted video leaves nothing (exit 130)"; passes=$((passes+1))
  else echo "FAIL: interrupted video: exit $got, left: $(ls -A "$tmp" | grep -E 'int.mp4|partial|carender-')"; fails=$((fails+1)); fi
else
  # Without FFmpeg the package still builds; a video output is a usage error that says why.
  if ls /usr/include/*/libavcodec/avcodec.h /usr/include/libavcodec/avcodec.h >/dev/null 2>&1 \
     && [ "${CARENDER_VIDEO:-1}" != 0 ]; then
    echo "FAIL: the FFmpeg headers are installed but carender was built without video"
    echo "      (a cached manifest: touch Package.swift && swift build --manifest-cache none)"
    fails=$((fails+1))
  fi
  expect 64 "usage: video in a build without FFmpeg" -- "$BIN" render Examples/scenes/hello.caml --duration 1 -o "$tmp/x.mp4"
  grep -q "video support" "$tmp/out" || { echo "FAIL: the error does not say how to enable video"; fails=$((fails+1)); }
fi
# Files from strangers: confinement, staging, budgets, early failures (issue 15).
. scripts/check-carender-safety.sh
# Bad-input messages (issue 19): each class gives its exit code and a message that says what
# happened.
printf 'root:*:19000:0:99999:7:::\n' > "$tmp/shadow"
expect 65 "info of a file that is not XML" -- "$BIN" info "$tmp/shadow"
has "the file is not XML"; hasnt "empty"
expect 64 "--state without a value" -- "$BIN" render Examples/scenes/hello.caml --state -o "$tmp/x.png"
has "--state needs a value"; hasnt "unexpected argument"
expect 64 "--time 1e9" -- "$BIN" render Examples/scenes/hello.caml --time 1e9 -o "$tmp/x.png"
has "under 1e9"; hasnt "negative"
if [ -w /dev/full ]; then
  expect 74 "info to a full device" -- sh -c '"$0" info Examples/scenes/hello.caml > /dev/full' "$BIN"
  has "cannot write to standard output"
fi
expect 73 "an unwritable output is one line, not an NSError dump" -- "$BIN" render Examples/scenes/hello.caml -o /proc/none/x.png
hasnt "NSCocoaErrorDomain"; hasnt "UserInfo"
printf '<caml>\n<CALayer bounds="0 0 40 40" backgroundColor="1 0 0" sparkle="1">\n<sublayers>\n<CALayer bounds="0 0 9 9" position="nan 3"/>\n</sublayers>\n</CALayer>\n</caml>\n' > "$tmp/warn.caml"
expect 0 "convert: warnings are not doubled" -- "$BIN" convert "$tmp/warn.caml" -o "$tmp/warn.ca"
has "warn.caml:4: warning:"; hasnt "warning: $tmp/warn.caml"
# One emitter over its particle cap warns every frame in the renderer; carender says it once and
# counts the repeats.
printf '<caml><CALayer bounds="0 0 40 40"><sublayers><CAEmitterLayer bounds="0 0 40 40" emitterPosition="20 20" birthRate="1"><emitterCells><CAEmitterCell name="c" birthRate="1000000" lifetime="100" velocity="1"/></emitterCells></CAEmitterLayer></sublayers></CALayer></caml>' > "$tmp/emit.caml"
"$BIN" render "$tmp/emit.caml" --duration 0.5 --fps 8 -o "$tmp/emit" >"$tmp/out" 2>&1
if [ "$(grep -c 'live particles' "$tmp/out")" = 2 ] && grep -q "repeated 3 times" "$tmp/out"; then
  echo "ok: a per-frame warning is printed once, then counted"; passes=$((passes+1))
else echo "FAIL: per-frame warnings:"; cat "$tmp/out"; fails=$((fails+1)); fi
# The CAPlayground template case: a plane with an unclosed <CALayer> is recovered; a plane that
# cannot be read is left out with one warning; the other planes render.
if [ -d ../shared/scenes/wallpapers ]; then
  cp -r ../shared/scenes/wallpapers/GitHub.wallpaper "$tmp/gh.wallpaper"
  fg="$tmp/gh.wallpaper/7400.WWDC_2022_Foreground-390w-844h@3x~iphone.ca/main.caml"
  printf '<caml>\n<CALayer bounds="0 0 390 844" name="' > "$fg"
  expect 0 "a wallpaper with one unreadable plane renders the others" -- "$BIN" render "$tmp/gh.wallpaper" --scale 0.25 -o "$tmp/gh.png"
  has "main.caml:2: warning: plane 7400.WWDC_2022_Foreground"
  [ "$(grep -c warning "$tmp/out")" = 2 ] || { echo "FAIL: expected the plane's warning and the scriptObject one:"; cat "$tmp/out"; fails=$((fails+1)); }
fi
# --frames A:B: the same files, byte for byte, as the whole render's.
expect 0 "a whole sequence" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 12 --scale 0.5 -o "$tmp/whole"
expect 0 "frames 3:7 of it" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 12 --scale 0.5 --frames 3:7 -o "$tmp/part"
if [ "$(ls "$tmp/part" | tr '\n' ' ')" = "frame-00003.png frame-00004.png frame-00005.png frame-00006.png " ] \
   && for f in "$tmp/part"/*; do cmp -s "$f" "$tmp/whole/$(basename "$f")" || exit 1; done; then
  echo "ok: --frames 3:7 writes frames 3-6, identical to the whole render's"; passes=$((passes+1))
else echo "FAIL: --frames: $(ls "$tmp/part")"; fails=$((fails+1)); fi
# A state transition (springs) and an emitter: frames drawn alone match the whole render's too.
for scene in ../shared/scenes/wallpapers/GitHub.wallpaper Examples/scenes/emitter.caml; do
  [ -e "$scene" ] || continue
  rm -rf "$tmp/whole" "$tmp/part"
  "$BIN" render "$scene" --from-state Locked --state Unlock --duration 1 --fps 12 --scale 0.25 -o "$tmp/whole" >/dev/null 2>&1 \
    || "$BIN" render "$scene" --duration 1 --fps 12 --scale 0.25 -o "$tmp/whole" >/dev/null 2>&1
  args=(--duration 1 --fps 12 --scale 0.25 --frames 5:9); [ -d "$scene" ] && args+=(--from-state Locked --state Unlock)
  "$BIN" render "$scene" "${args[@]}" -o "$tmp/part" >/dev/null 2>&1
  if [ "$(ls "$tmp/part" | wc -l)" = 4 ] && for f in "$tmp/part"/*; do cmp -s "$f" "$tmp/whole/$(basename "$f")" || exit 1; done; then
    echo "ok: --frames 5:9 of $(basename "$scene") matches the whole render byte for byte"; passes=$((passes+1))
  else echo "FAIL: --frames 5:9 of $scene differs from the whole render"; fails=$((fails+1)); fi
done
expect 64 "--frames ending past the last frame" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 12 --frames 10:99 -o "$tmp/tail"
has "its last frames are 10:12"; [ ! -e "$tmp/tail" ] || { echo "FAIL: --frames 10:99 of 12 wrote $tmp/tail"; fails=$((fails+1)); }
expect 64 "--frames past the last frame" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 12 --frames 12:20 -o "$tmp/none"
expect 64 "--frames without --duration" -- "$BIN" render Examples/scenes/hello.caml --frames 0:2 -o "$tmp/none"
expect 64 "--frames backwards" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --frames 5:2 -o "$tmp/none"
# An image too large to inline in a .caml is an output problem (73) that says what to do, not an
# unreadable scene (65).
if command -v python3 >/dev/null; then
  python3 - "$tmp/noise.png" <<'PY'
import os, struct, sys, zlib
w = h = 1600
raw = b"".join(b"\0" + os.urandom(w * 4) for _ in range(h))
def chunk(t, d): return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
                              + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))
PY
  printf '<caml><CALayer bounds="0 0 16 16"><contents src="noise.png"/></CALayer></caml>' > "$tmp/noise.caml"
  expect 73 "convert: an image too large to inline" -- "$BIN" convert "$tmp/noise.caml" -o "$tmp/noise-out.caml"
  has "write a .ca bundle instead"; hasnt "unreadable"
fi
# batch: a folder of good and bad scenes.
mkdir -p "$tmp/batch"; cp Examples/scenes/hello.caml Examples/scenes/emitter.caml "$tmp/batch/"
printf '<caml><CALayer bounds="0 0 10' > "$tmp/batch/broken.caml"
printf '<html>hi</html>' > "$tmp/batch/page.caml"
expect 65 "batch with bad scenes exits with the first failure's code" -- "$BIN" batch "$tmp/batch" -o "$tmp/bout" --scale 0.5
has "2 of 4 scenes rendered, 2 failed"; has "[1/4] broken.caml: FAILED (exit 65)"
[ -s "$tmp/bout/hello.png" ] && [ -s "$tmp/bout/emitter.png" ] && [ ! -e "$tmp/bout/broken.png" ] \
  || { echo "FAIL: batch outputs: $(ls "$tmp/bout")"; fails=$((fails+1)); }
printf '# scenes\n%s\n\n%s\n' Examples/scenes/hello.caml Examples/scenes/emitter.caml > "$tmp/list.txt"
expect 0 "batch of a list, sequences, two at a time" -- "$BIN" batch "$tmp/list.txt" -o "$tmp/lout" --jobs 2 --duration 0.25 --fps 8
[ "$(ls "$tmp/lout/hello" | wc -l)" = 2 ] || { echo "FAIL: batch sequence: $(ls -R "$tmp/lout")"; fails=$((fails+1)); }
expect 64 "batch without -o" -- "$BIN" batch "$tmp/batch"
mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then expect 73 "unwritable output" -- "$BIN" render Examples/scenes/hello.caml -o "$tmp/ro/x.png"; fi
[ -z "$(ls -A "$tmp" | grep -E 'partial|carender-')" ] || { echo "FAIL: partial output left"; fails=$((fails+1)); }
# The backend switch (README "GPU backend"): one line says which backend draws and why; without
# a GPU (QUARTZCORE_GL=0, or no libEGL at all) the CPU draws the same frame and the exit is 0;
# --backend gpu then exits 69. Where EGL starts (llvmpipe in CI) the GPU frame matches the CPU's.
expect 0 "--backend cpu" -- "$BIN" render Examples/scenes/hello.caml --time 0.5 --backend cpu -o "$tmp/cpu.png"
has "drawing on the CPU (--backend cpu)"
expect 0 "no GPU: falls back to the CPU" -- env QUARTZCORE_GL=0 "$BIN" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/nogpu.png"
has "drawing on the CPU: the GPU backend is turned off (QUARTZCORE_GL=0)"
cmp -s "$tmp/cpu.png" "$tmp/nogpu.png" || { echo "FAIL: the fallback frame differs from --backend cpu"; fails=$((fails+1)); }
expect 0 "no libEGL: falls back to the CPU" -- env QUARTZCORE_EGL_LIBRARY=/nonexistent/libEGL.so.1 "$BIN" render Examples/scenes/hello.caml --time 0.5 -o "$tmp/noegl.png"
has "drawing on the CPU: no EGL/OpenGL ES library"
expect 69 "--backend gpu without a GPU" -- env QUARTZCORE_GL=0 "$BIN" render Examples/scenes/hello.caml --time 0.5 --backend gpu -o "$tmp/gpu-none.png"
has "--backend gpu: the GPU backend is turned off"
[ ! -e "$tmp/gpu-none.png" ] || { echo "FAIL: output written without a backend"; fails=$((fails+1)); }
expect 64 "--backend takes gpu, cpu or auto" -- "$BIN" render Examples/scenes/hello.caml --backend metal -o "$tmp/x.png"
if "$BIN" render Examples/scenes/hello.caml --time 0.5 --backend gpu -o "$tmp/gpu.png" >"$tmp/out" 2>&1; then
  has "drawing on the GPU (EGL"
  passes=$((passes+1))
else
  echo "note: no GPU backend here ($(cat "$tmp/out" | head -1)); GPU frame not compared"
fi
# play (README "In a window"): without a display or libSDL2 it says why and exits 69; under
# xvfb-run it plays N frames and exits 0 (the window tests compare its pixels: CarenderPlayTests).
expect 69 "play without a display" -- env -u DISPLAY -u WAYLAND_DISPLAY "$BIN" play Examples/scenes/hello.caml
has "play: no display to open a window on; neither DISPLAY nor WAYLAND_DISPLAY is set"
expect 69 "play without libSDL2" -- env CARENDER_SDL_LIBRARY=/nonexistent/libSDL2.so "$BIN" play Examples/scenes/hello.caml
has "play: no SDL2 library"
expect 64 "play takes no -o" -- "$BIN" play Examples/scenes/hello.caml -o "$tmp/x.png"
if command -v xvfb-run >/dev/null; then
  expect 0 "play under xvfb-run" -- xvfb-run -a "$BIN" play Examples/scenes/hello.caml --frames 3 --scale 1
  has "played 3 frames in"
fi

echo "carender: $passes passed, $fails failed"
[ "$fails" = 0 ]
