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
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e308"/></caml>' > "$tmp/shadow.caml"
expect 0 "an absurd shadowRadius neither crashes nor hangs" -- timeout 60 "$BIN" render "$tmp/shadow.caml" -o "$tmp/shadow.png"
printf '<caml><CALayer bounds="0 0 50 50" backgroundColor="1 0 0" shadowOpacity="1" shadowRadius="1e9"/></caml>' > "$tmp/shadow9.caml"
expect 0 "a huge shadowRadius is quick" -- timeout 60 "$BIN" render "$tmp/shadow9.caml" -o "$tmp/shadow9.png"
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
mkdir -p "$tmp/ro"; chmod 555 "$tmp/ro"
if [ "$(id -u)" != 0 ]; then expect 73 "unwritable output" -- "$BIN" render Examples/scenes/hello.caml -o "$tmp/ro/x.png"; fi
[ -z "$(ls -A "$tmp" | grep partial)" ] || { echo "FAIL: partial output left"; fails=$((fails+1)); }
echo "carender: $passes passed, $fails failed"
[ "$fails" = 0 ]
