#!/usr/bin/env bash
# Runs the libFuzzer targets in Fuzz/ (see docs/FUZZING.md), one after another, each for a
# chosen time, with libFuzzer's RSS limit (1 GiB), a per-input time limit and AddressSanitizer.
#
#   scripts/fuzz.sh [--time SECONDS] [--timeout SECONDS] [--no-build] [TARGET...]
#
# Targets: FuzzCAMLDocument FuzzCAMLBundle FuzzImage FuzzScalars FuzzPath FuzzLottie (default: all).
# --time is per target (default 600). Seeds are made from the real scenes (../shared/scenes),
# Examples/scenes and the test fixtures into Fuzz/corpus/TARGET, which grows as libFuzzer finds
# new coverage and is kept between runs (not in git). Crashes, hangs (timeouts) and RSS/malloc
# blow-ups are written to Fuzz/artifacts/TARGET/; logs to Fuzz/logs/TARGET.log. Exit 1 when
# any target left an artifact. Needs python3 and a C compiler (for WebP seeds).
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
TIME=600
TIMEOUT=10
NOBUILD=0
TARGETS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) TIME=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --no-build) NOBUILD=1; shift ;;   # run the targets as last built
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    *) TARGETS+=("$1"); shift ;;
  esac
done
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(FuzzCAMLDocument FuzzCAMLBundle FuzzImage FuzzScalars FuzzPath FuzzLottie)
SCENES=${SCENES:-$ROOT/../shared/scenes}

echo "building the fuzz targets (debug, -sanitize=fuzzer,address)…"
# One -sanitize=fuzzer,address flag: SwiftPM's --sanitize=fuzzer --sanitize=address passes two
# flags and swiftc keeps only the last, so those builds had coverage or ASan, not both (see
# Fuzz/Sources/FuzzSupport/FuzzDriver.swift). Product by product: a plain `swift build` would
# also link this package's own executables with libFuzzer. gold warns once per ASan register
# thunk it cannot export; nothing to act on.
for t in "${TARGETS[@]}"; do
  [ "$NOBUILD" = 1 ] && break
  (cd Fuzz && swift build -q -Xswiftc -sanitize=fuzzer,address --product "$t" 2>&1) | grep -v "Cannot export local symbol"
  [ "${PIPESTATUS[0]}" = 0 ] || exit 1
done
BIN=$(cd Fuzz && swift build --show-bin-path)

python3 "$ROOT/scripts/fuzz-seeds.py" "$ROOT" "$SCENES" || exit 1

# Swift's own backtracer reads freed memory as it walks a crashed process, which ASan reports
# on top of the real crash; libFuzzer's and ASan's reports are enough. Leaks: see below.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
found=0
for t in "${TARGETS[@]}"; do
  corpus="Fuzz/corpus/$t"; art="Fuzz/artifacts/$t"; log="Fuzz/logs/$t.log"
  mkdir -p "$corpus" "$art" Fuzz/logs "Fuzz/seeds/$t"
  dict=(); [ -f "Fuzz/seeds/$t.dict" ] && dict=(-dict="Fuzz/seeds/$t.dict")
  before=$(ls "$corpus" | wc -l)
  echo "== $t: ${TIME}s, corpus $before inputs"
  start=$(date +%s)
  # detect_leaks=0: the Swift runtime's metadata caches and cairo/fontconfig's process-wide
  # caches are never freed by design; LeakSanitizer calls them leaks on every run.
  # Inputs that once crashed a target are run first (Fuzz/regressions/TARGET, in git).
  regressions=(); [ -d "Fuzz/regressions/$t" ] && regressions=("Fuzz/regressions/$t")
  "$BIN/$t" "$corpus" "Fuzz/seeds/$t" "${regressions[@]}" "${dict[@]}" -max_total_time="$TIME" -timeout="$TIMEOUT" \
    -rss_limit_mb=1024 -detect_leaks=0 -artifact_prefix="$art/" -print_final_stats=1 \
    >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log")
  artifacts=$(ls "$art" | wc -l)
  # A build without coverage fuzzes blind (libFuzzer then warns "no interesting inputs").
  if ! grep -q "inline 8-bit counters" "$log"; then echo "   $t is not instrumented for coverage"; found=1; fi
  line="ran ${secs}s, ${execs:-?} inputs, peak RSS ${rss:-?} MB, corpus $(ls "$corpus" | wc -l), artifacts $artifacts (exit $rc)"
  echo "   $line"
  echo "$(date -u +%FT%TZ) $t $line" >> Fuzz/logs/summary.txt
  if [ "$rc" != 0 ] || [ "$artifacts" != 0 ]; then found=1; grep -m3 -E "ERROR|Fatal|SUMMARY|deadly|timeout|out-of-memory" "$log"; fi
done
exit $found
