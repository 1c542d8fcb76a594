# Sourced by scripts/check-carender.sh (uses its BIN, tmp, expect, fails, passes): carender run
# over files from strangers. Each check says what an attacker's file did before (issue 15).
# See docs/SECURITY.md.
s="$tmp/safety"; mkdir -p "$s"
bad() { echo "FAIL: $*"; fails=$((fails+1)); }
good() { echo "ok: $*"; passes=$((passes+1)); }
# measure LIMIT_S LIMIT_MB DESCRIPTION -- command... : exit code kept in $got; the CPU time it
# took (user + system, seconds, the command and its children) and its peak RSS checked. CPU time,
# not wall time: these checks bound work, and on a CI machine shared by parallel builds the wall
# time of the same work varied 4× (the nested-shadow PDF: 3.5 s quiet, 14 s at load 28, CPU 0.6 s).
# A command still running after max(60, 20 × LIMIT_S) wall seconds is killed and fails (a hang).
measure() {
  local secs=$1 mb=$2 what=$3; shift 4
  local r; r=$(python3 - "$secs" "$@" <<'PY'
import os, resource, subprocess, sys, time
limit = float(sys.argv[1]); t = time.time()
try:
    p = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=max(60, 20 * limit))
    code, err = p.returncode, p.stderr
except subprocess.TimeoutExpired as e:
    code, err = 124, (e.stderr or b'') + b'killed: still running after the wall-clock guard\n'
open(os.environ.get('MEASURE_ERR', '/dev/null'), 'wb').write(err)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, "%.2f" % (u.ru_utime + u.ru_stime), "%.2f" % (time.time() - t), u.ru_maxrss // 1024)
PY
)
  read -r got cpu wall m <<<"$r"
  if [ "$got" != 124 ] && awk -v t="$cpu" -v m="$m" -v T="$secs" -v M="$mb" 'BEGIN { exit !(t <= T && m <= M) }'; then
    good "$what (exit $got, $cpu s CPU, $wall s wall, $m MB)"
  else bad "$what: $cpu s CPU (limit $secs), $wall s wall, $m MB (limit $mb), exit $got"; fi
}
export MEASURE_ERR="$s/err"
png4() {  # png4 FILE W H : an RGBA PNG, opaque red when small, else transparent (compresses to little)
  python3 - "$@" <<'PY'
import sys, zlib, struct
f, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
z = zlib.compressobj(9); row = b'\0' + (b'\xff\0\0\xff' if w * h <= 4096 else b'\0\0\0\0') * w; data = b''
for _ in range(h): data += z.compress(row)
data += z.flush()
open(f, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
                    + chunk(b'IDAT', data) + chunk(b'IEND', b''))
PY
}

# --- A.1 images confined to the scene's folder -------------------------------------------------
mkdir -p "$s/scene" "$s/outside"
png4 "$s/outside/secret.png" 4 4
printf 'root:$6$secrethash:19000:0:99999:7:::\n' > "$s/outside/shadow"
ln -s ../outside/secret.png "$s/scene/link.png"
layer() { printf '<CALayer bounds="0 0 10 10" position="5 5"><contents type="CGImage" src="%s"/></CALayer>' "$1"; }
scene_with() { printf '<caml><CALayer bounds="0 0 10 10" backgroundColor="0 0 1"><sublayers>%s</sublayers></CALayer></caml>' "$(layer "$1")" > "$2"; }
scene_with "../outside/secret.png" "$s/scene/traversal.caml"
expect 0 "a traversal src is refused with a warning" -- "$BIN" render "$s/scene/traversal.caml" -o "$s/t.png"
grep -q "is outside the scene's folder" "$tmp/out" || bad "no warning for a traversal src: $(cat "$tmp/out")"
[ "$("$BIN" probe "$s/t.png" --pixel 5,5 | sed -n 's/^pixel .*: //p')" = "0 0 255 255" ] || bad "the traversal image was drawn"
scene_with "link.png" "$s/scene/link.caml"
expect 0 "an asset symlink pointing outside is refused" -- "$BIN" render "$s/scene/link.caml" -o "$s/l.png"
grep -q "link.png' is outside the scene's folder" "$tmp/out" || bad "no warning for an outside symlink: $(cat "$tmp/out")"
scene_with "$s/outside/secret.png" "$s/scene/absolute.caml"
expect 0 "an absolute src outside is refused" -- "$BIN" render "$s/scene/absolute.caml" -o "$s/a.png"
grep -q "outside the scene's folder" "$tmp/out" || bad "no warning for an absolute src"
expect 0 "--allow-outside-assets lets it in" -- "$BIN" render "$s/scene/link.caml" --allow-outside-assets "$s/outside" -o "$s/l2.png"
grep -q "outside" "$tmp/out" && bad "allowed folder still refused: $(cat "$tmp/out")"
[ "$("$BIN" probe "$s/l2.png" --pixel 5,5 | sed -n 's/^pixel .*: //p')" = "255 0 0 255" ] || bad "the allowed image was not drawn"
scene_with "../outside/shadow" "$s/scene/shadow.caml"
expect 0 "a non-image file allowed in: no bytes of it printed" -- "$BIN" render "$s/scene/shadow.caml" --allow-outside-assets "$s/outside" -o "$s/sh.png"
grep -qiE "72 6F 6F 74|root|secrethash" "$tmp/out" && bad "the warning prints the file's bytes: $(cat "$tmp/out")"
grep -q "unknown format" "$tmp/out" || bad "no decode warning: $(cat "$tmp/out")"
expect 0 "convert never copies an outside image" -- "$BIN" convert "$s/scene/traversal.caml" -o "$s/conv.ca"
[ -z "$(ls "$s/conv.ca/assets" 2>/dev/null)" ] || bad "convert copied the outside image"
expect 64 "--allow-outside-assets needs a folder" -- "$BIN" render "$s/scene/link.caml" --allow-outside-assets "$s/none" -o "$s/x.png"

# --- A.2 staging files cannot be hijacked -------------------------------------------------------
echo "victim" > "$s/victim"
for p in $(seq 1 5); do ln -s "$s/victim" "$s/.v.png.carender-AAAAA$p"; done
for p in $(seq 30000 30400); do ln -sf "$s/victim" "$s/.v.mp4.partial-$p"; done
expect 0 "planted staging symlinks are not followed" -- "$BIN" render Examples/scenes/hello.caml -o "$s/v.png"
[ "$(cat "$s/victim")" = victim ] || bad "a planted symlink's target was overwritten"
[ -L "$s/.v.png.carender-AAAAA1" ] || bad "a planted symlink was removed"
mkdir -p "$s/seqlink"; ln -s "$s/victim" "$s/seqlink/frame-00001.png"
expect 73 "a link in place of a frame is refused before rendering" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 4 -o "$s/seqlink"
[ "$(cat "$s/victim")" = victim ] && [ -L "$s/seqlink/frame-00001.png" ] && [ ! -e "$s/seqlink/frame-00000.png" ] \
  || bad "the sequence wrote through or replaced a planted link"
if [[ "$("$BIN" --help)" == *"video: yes"* ]]; then
  expect 0 "video with planted symlinks beside it" -- "$BIN" render Examples/scenes/hello.caml --duration 0.25 -o "$s/v.mp4"
  [ "$(cat "$s/victim")" = victim ] || bad "the video writer overwrote a planted symlink's target"
  rm -f "$s"/.v.mp4.partial-*
  # A.4 standard error closed: the padding note must not land in the video.
  "$BIN" render Examples/scenes/hello.caml --size 321x240 --duration 0.25 --fps 12 -o "$s/closed.mp4" >/dev/null 2>&-
  got=$?
  if [ "$got" = 0 ] && [ "$(field "$s/closed.mp4" frames)" = 3 ] && [ "$(field "$s/closed.mp4" size)" = 322x240 ]; then
    good "2>&- with an odd-sized MP4: playable (exit 0)"
  else bad "2>&- with an odd-sized MP4: exit $got, $(field "$s/closed.mp4" frames) frames"; fi
  expect 0 "the size printed is the size written" -- "$BIN" render Examples/scenes/hello.caml --size 321x240 --duration 0.25 -o "$s/odd.mp4"
  grep -q "(322×240 px)" "$tmp/out" || bad "printed size: $(grep wrote "$tmp/out")"
  # C.9 a size the encoder refuses fails before any frame is rendered (not after 3,000).
  # (--memory-budget 4096 lets the 4 GiB frame past carender's own memory budget to FFmpeg's check.)
  measure 10 1500 "a video size FFmpeg refuses fails before rendering" -- "$BIN" render Examples/scenes/hello.caml --size 16384x16384 --scale 1 --memory-budget 4096 --duration 100 -o "$s/huge.mp4"
  [ "$got" = 73 ] && [ ! -e "$s/huge.mp4" ] || bad "huge video: exit $got: $(cat "$s/err")"
  # B.8 probe reads one regular file.
  mkfifo "$s/fifo"
  measure 5 300 "probe of a FIFO fails at once" -- timeout 10 "$BIN" probe "$s/fifo"
  [ "$got" = 65 ] || bad "probe of a FIFO: exit $got"
  cp "$s/odd.mp4" "$s/seg.mp4"
  printf '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nseg.mp4\n#EXT-X-ENDLIST\n' > "$s/list.m3u8"
  expect 65 "probe does not follow a playlist" -- "$BIN" probe "$s/list.m3u8"
  png4 "$s/bomb.png" 32767 32767
  measure 10 300 "probe of a 32767² PNG is refused by its header" -- "$BIN" probe "$s/bomb.png"
  [ "$got" = 65 ] || bad "probe of a PNG bomb: exit $got"
fi

# --- A.3 convert deletes nothing it did not write ----------------------------------------------
mkdir -p "$s/mine.ca/assets"
for f in index.xml Wallpaper.plist notes.txt thesis.tex assets/photo.jpg; do echo "$f" > "$s/mine.ca/$f"; done
expect 73 "convert onto a folder of other files is refused" -- "$BIN" convert Examples/scenes/hello.caml -o "$s/mine.ca"
expect 0 "... and with --force keeps them" -- "$BIN" convert Examples/scenes/hello.caml --force -o "$s/mine.ca"
for f in Wallpaper.plist notes.txt thesis.tex assets/photo.jpg; do
  [ "$(cat "$s/mine.ca/$f" 2>/dev/null)" = "$f" ] || bad "convert --force lost $f"
done
[ -s "$s/mine.ca/main.caml" ] || bad "convert --force wrote no main.caml"
expect 0 "the forced bundle renders" -- "$BIN" render "$s/mine.ca" -o "$s/mine.png"
# A convert killed between moving mine.ca aside and moving the new folder in: the next convert
# puts mine.ca back first (so --force is still needed), with the user's files, and leaves no folders.
mv "$s/mine.ca" "$s/.mine.ca.old-KILLED01"; mkdir -p "$s/.mine.ca.tmp-KILLED01"
for f in index.xml main.caml; do echo new > "$s/.mine.ca.tmp-KILLED01/$f"; done
mv "$s/.mine.ca.old-KILLED01/notes.txt" "$s/.mine.ca.old-KILLED01/thesis.tex" "$s/.mine.ca.tmp-KILLED01/"
expect 73 "after a killed convert, OUT is put back and still needs --force" -- "$BIN" convert Examples/scenes/hello.caml -o "$s/mine.ca"
has "an earlier run was interrupted"
expect 0 "... and with --force keeps the user's files" -- "$BIN" convert Examples/scenes/hello.caml --force -o "$s/mine.ca"
for f in Wallpaper.plist notes.txt thesis.tex assets/photo.jpg; do
  [ "$(cat "$s/mine.ca/$f" 2>/dev/null)" = "$f" ] || bad "a killed convert lost $f"
done
[ -z "$(ls -a "$s" | grep -F .mine.ca.)" ] || bad "a killed convert's folders are still there"

# --- A.4 names from scenes are escaped ----------------------------------------------------------
mkdir -p "$s/names.wallpaper/"$'\033'"]0;pwned"$'\007'"Plane.ca"
printf '<caml><CALayer name="evil&#10;fake line\342\200\256txt" bounds="0 0 10 10"/></caml>' > "$s/names.wallpaper/"$'\033'"]0;pwned"$'\007'"Plane.ca/main.caml"
expect 0 "info of a scene with escapes in names" -- "$BIN" info "$s/names.wallpaper"
if LC_ALL=C grep -q $'\033\|\342\200\256\|^fake line' "$tmp/out"; then bad "info printed raw escapes: $(cat -v "$tmp/out")"; else good "names escaped"; fi

# --- B.5/B.6 bounded work -----------------------------------------------------------------------
python3 - "$s/nested.caml" <<'PY'
import sys
n = 20; s = ''
for i in range(n):
    s += (f'<CALayer bounds="0 0 {100-2*i} {100-2*i}" position="{50-i} {50-i}" backgroundColor="0.5 0.{i%9+1} 0.5" '
          f'shadowOpacity="1" shadowRadius="4" opacity="0.9"><sublayers>')
s += '<CALayer bounds="0 0 4 4" backgroundColor="1 1 1"/>' + '</sublayers></CALayer>' * n
open(sys.argv[1], 'w').write('<caml>' + s + '</caml>')
PY
measure 2 300 "20 nested layers with shadows" -- "$BIN" render "$s/nested.caml" -o "$s/nested.png"
# The PDF draws each shadow pass once (it drew the nested ones again for every enclosing shadow:
# 210 pass rasterisations, 3.5 s quiet); so it now costs about what the PNG does.
measure 2 300 "... and as a PDF page" -- "$BIN" render "$s/nested.caml" -o "$s/nested.pdf"
python3 - "$s/blurs.caml" <<'PY'
import sys
l = ''.join('<CALayer bounds="0 0 4096 4096" position="2048 2048" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e9"/>'
            for _ in range(20))
open(sys.argv[1], 'w').write(f'<caml><CALayer bounds="0 0 4096 4096"><sublayers>{l}</sublayers></CALayer></caml>')
PY
measure 20 1500 "20 huge blurs at 4096²: over the work budget" -- "$BIN" render "$s/blurs.caml" --scale 1 -o "$s/blurs.png"
[ "$got" = 70 ] && grep -q "work budget" "$s/err" || bad "huge blurs: exit $got: $(cat "$s/err")"
[ ! -e "$s/blurs.png" ] || bad "a frame over budget left output"
measure 20 1500 "... and as a PDF page (94 s and 1.5 GB before)" -- "$BIN" render "$s/blurs.caml" --scale 1 -o "$s/blurs.pdf"
[ "$got" = 70 ] && grep -q "work budget" "$s/err" && [ ! -e "$s/blurs.pdf" ] || bad "huge blurs as PDF: exit $got: $(cat "$s/err")"
expect 0 "--work-budget 1 still lets a small frame through" -- "$BIN" render Examples/scenes/hello.caml --work-budget 1 --time 0 -o "$s/small.png"
expect 70 "--work-budget 1 refuses a big frame" -- "$BIN" render Examples/scenes/hello.caml --work-budget 1 --scale 8 -o "$s/big.png"
# An explicit --size is held to the frame memory budget too (3.3 GB resident before).
measure 5 300 "--size 16384x16384: over the memory budget, refused before drawing" -- "$BIN" render Examples/scenes/hello.caml --size 16384x16384 -o "$s/huge.png"
[ "$got" = 64 ] && grep -q "over the 1.0 GiB allowed a frame" "$s/err" && [ ! -e "$s/huge.png" ] || bad "huge --size: exit $got: $(cat "$s/err")"

# --- B.7 image bombs ----------------------------------------------------------------------------
png4 "$s/scene/bomb.png" 32767 32767
scene_with "bomb.png" "$s/scene/bomb.caml"
measure 10 300 "a 32767² PNG is refused by its header" -- "$BIN" render "$s/scene/bomb.caml" -o "$s/bomb-out.png"
grep -q "bomb.png' skipped" "$s/err" || bad "no warning for the PNG bomb: $(cat "$s/err")"
python3 - "$s/scene/bomb.webp" <<'PY'
import sys, struct
# A lossless WebP header declaring 16383×16383 (VP8L: 14-bit width-1, height-1), body truncated.
w = h = 16383
bits = (w - 1) | ((h - 1) << 14) | (1 << 28)
vp8l = b'\x2f' + struct.pack('<I', bits) + b'\0' * 10000
chunk = b'VP8L' + struct.pack('<I', len(vp8l)) + vp8l
open(sys.argv[1], 'wb').write(b'RIFF' + struct.pack('<I', 4 + len(chunk)) + b'WEBP' + chunk)
PY
layers=""; for i in $(seq 1 20); do layers="$layers$(layer "./$(printf '%*s' $((i % 3)) '' | tr ' ' '/')bomb.webp")"; done
printf '<caml><CALayer bounds="0 0 10 10"><sublayers>%s</sublayers></CALayer></caml>' "$layers" > "$s/scene/webp.caml"
measure 5 300 "a 16383² WebP named 20 ways is refused once, by its header" -- "$BIN" render "$s/scene/webp.caml" -o "$s/webp.png"
[ "$(grep -c "16383×16383 pixels" "$s/err")" = 1 ] && [ "$(grep -c "see above" "$s/err")" = 19 ] \
  || bad "the WebP bomb was not refused once: $(head -c 600 "$s/err")"

# --- B.8 parse caps and Ctrl-C ------------------------------------------------------------------
python3 -c "
import sys; sys.stdout.write('<caml><CALayer ' + ' '.join('a%d=\"1\"' % i for i in range(640000)) + '/></caml>')" > "$s/attrs.caml"
measure 1 300 "640,000 attributes refused" -- "$BIN" render "$s/attrs.caml" -o "$s/attrs.png"
[ "$got" = 65 ] && grep -q "more than 1000 attributes" "$s/err" || bad "attributes: exit $got $(cat "$s/err")"
python3 -c "
import sys; sys.stdout.write('<caml><CALayer bounds=\"0 0 10 10\"><sublayers>' + '<CALayer bounds=\"0 0 1 1\" backgroundColor=\"1 0 0\" opacity=\"0.5\"/>' * 400000 + '</sublayers></CALayer></caml>')" > "$s/slow.caml"
"$BIN" info "$s/slow.caml" >/dev/null 2>&1 & pid=$!; sleep 1; kill -INT "$pid"; wait "$pid"; got=$?
[ "$got" = 130 ] && good "Ctrl-C while a scene loads (exit 130)" || bad "Ctrl-C while loading: exit $got"

# --- C outputs that fail early and leave nothing ------------------------------------------------
measure 3 300 "an output under a file fails before rendering" -- "$BIN" render "$s/nested.caml" --duration 100 --fps 30 -o "$s/victim/x"
[ "$got" = 73 ] || bad "output under a file: exit $got"
mkdir -p "$s/dir.png"
expect 73 "a folder where the PNG should go" -- "$BIN" render Examples/scenes/hello.caml -o "$s/dir.png"
if [ -w /dev ] && [ -e /dev/full ]; then
  expect 73 "/dev/full is not replaced" -- "$BIN" render Examples/scenes/hello.caml -o /dev/full
  [ -c /dev/full ] || bad "/dev/full was replaced"
fi
expect 73 "a name too long once staged" -- "$BIN" render Examples/scenes/hello.caml -o "$s/$(printf 'n%.0s' $(seq 1 300)).png"
mkdir "$s/.st.png.carender-ZZZZZZ"; echo old > "$s/.st.png.carender-ZZZZZZ/frame.png"
expect 0 "a stale staging folder is removed" -- "$BIN" render Examples/scenes/hello.caml -o "$s/st.png"
[ ! -e "$s/.st.png.carender-ZZZZZZ" ] || bad "the stale staging folder is still there"
expect 0 "-o x.jpg writes a JPEG" -- "$BIN" render Examples/scenes/hello.caml -o "$s/x.jpg"
head -c 3 "$s/x.jpg" | od -An -tx1 | grep -q "ff d8 ff" || bad "x.jpg is not a JPEG"
expect 64 "-o x.avi is refused" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 -o "$s/x.avi"
[ ! -e "$s/x.avi" ] || bad "x.avi was written"
expect 64 "--fps below 0.01" -- "$BIN" render Examples/scenes/hello.caml --duration 1 --fps 0.001 -o "$s/f"
expect 64 "--duration over the cap" -- "$BIN" render Examples/scenes/hello.caml --duration 10000 --fps 0.5 -o "$s/f"
# All-or-nothing: a sequence that cannot replace one of its frames changes none of them.
"$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 8 -o "$s/aon" >/dev/null 2>&1
rm "$s/aon/frame-00003.png"; mkdir "$s/aon/frame-00003.png"
before=$(cat "$s"/aon/frame-0000[0-2].png | md5sum)
expect 73 "a sequence that cannot replace a frame" -- "$BIN" render Examples/scenes/hello.caml --duration 0.5 --fps 8 --size 100x100 -o "$s/aon"
[ "$(cat "$s"/aon/frame-0000[0-2].png | md5sum)" = "$before" ] || bad "a failed sequence changed some frames"
rm -f "$s"/.v.png.carender-AAAAA*
[ -z "$(ls -A "$s" | grep -E 'partial|carender-')" ] || bad "staging left: $(ls -A "$s" | grep -E 'partial|carender-')"
