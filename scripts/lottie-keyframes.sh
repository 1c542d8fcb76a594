#!/usr/bin/env bash
# Checks that a Lottie file with 10⁶ keyframes imports and renders in bounded memory: a
# generated animation (one solid layer; position and opacity keyframed, 5·10⁵ keyframes each,
# with eases and spatial tangents as exporters write them; 84 MB of JSON) is read by a release
# carender (`info`, then one PNG frame) under /usr/bin/time. Passes when both exit 0, the
# thinning warning is printed and the peak RSS stays under LIMIT_MB (default 400). Prints the
# peak RSS and time of each. Usage: scripts/lottie-keyframes.sh [KEYFRAMES_PER_TRACK]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-500000}"
limit="${LIMIT_MB:-400}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
swift build -c release --product carender >/dev/null
python3 - "$n" > "$tmp/keyframes.json" <<'PY'
import sys
n = int(sys.argv[1])
ease = '"o":{"x":[0.33],"y":[0]},"i":{"x":[0.67],"y":[1]}'
p = ",".join('{"t":%d,"s":[%d,%d],%s,"to":[0,0],"ti":[0,0]}' % (i, i % 100, i * 7 % 100, ease) for i in range(n))
o = ",".join('{"t":%d,"s":[%d],%s}' % (i, i % 100, ease) for i in range(n))
print('{"v":"5.7.0","fr":30,"ip":0,"op":%d,"w":100,"h":100,"layers":[{"ty":1,"ind":1,"sc":"#ff0000","sw":20,'
      '"sh":20,"ip":0,"op":%d,"st":0,"ks":{"a":{"a":0,"k":[0,0]},"p":{"a":1,"k":[%s]},"o":{"a":1,"k":[%s]}}}]}'
      % (n, n, p, o))
PY
echo "$(( 2 * n )) keyframes, $(( $(stat -c %s "$tmp/keyframes.json") / 1000000 )) MB of JSON"
fails=0
run() {   # run WHAT carender-arguments...
  local what=$1; shift
  if ! /usr/bin/time -f "%M %e %U" -o "$tmp/time" .build/release/carender "$@" >"$tmp/out" 2>&1; then
    echo "FAIL: $what exited non-zero:"; cat "$tmp/out"; fails=$((fails+1)); return
  fi
  read -r rss wall user < "$tmp/time"
  echo "$what: peak RSS $(( rss / 1024 )) MB, ${wall} s wall, ${user} s user"
  [ $(( rss / 1024 )) -le "$limit" ] || { echo "FAIL: $what used more than $limit MB"; fails=$((fails+1)); }
}
run "info" info "$tmp/keyframes.json"
if [ "$n" -gt 10000 ]; then
  grep -q "thinned" "$tmp/out" || { echo "FAIL: no thinning warning"; cat "$tmp/out"; fails=$((fails+1)); }
fi
run "render one frame" render "$tmp/keyframes.json" --progress 0.5 -o "$tmp/frame.png"
[ "$fails" = 0 ] && echo "ok: $(( 2 * n )) keyframes within $limit MB" || exit 1
