#!/usr/bin/env bash
# Runs the tests under the sanitizers (see docs/FUZZING.md for times and results):
#   scripts/sanitize.sh address   the whole suite under AddressSanitizer
#   scripts/sanitize.sh thread    the render-thread, transaction, clock and display tests under
#                                 ThreadSanitizer
#   scripts/sanitize.sh           both
# Each sanitizer builds into its own scratch folder (.build/asan, .build/tsan) so the normal
# debug build is not thrown away. Exit 1 when a sanitizer reports or a test fails.
set -uo pipefail
cd "$(dirname "$0")/.."
KINDS=("${@:-address thread}")
# shellcheck disable=SC2206
KINDS=(${KINDS[*]})
# The suites that run work on the render thread, commit transactions across threads, or drive
# the clock and display: where data races would be.
THREAD_SUITES='TransactionTests|RenderLoopTests|DisplayLayoutTests|DamageTests|MediaClockTests|RenderEntryPointTests|AnimatedRedrawTests|ExplicitAnimationTests|BandedCompositorTests|CAMLStateTests'
# Swift's backtracer reads freed memory when it walks a crashed process; the sanitizer's own
# report is the one wanted. Leaks: the Swift runtime's metadata caches and fontconfig/cairo's
# process-wide caches are never freed by design.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
status=0
for kind in "${KINDS[@]}"; do
  case "$kind" in
    address) scratch=.build/asan; filter=() ;;
    thread) scratch=.build/tsan; filter=(--filter "$THREAD_SUITES") ;;
    *) echo "unknown sanitizer $kind (address or thread)"; exit 64 ;;
  esac
  start=$(date +%s)
  echo "== $kind: building into $scratch"
  swift build --build-tests -q --sanitize="$kind" --scratch-path "$scratch" || { status=1; continue; }
  built=$(date +%s)
  log="$scratch/sanitize-$kind.log"
  swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" "${filter[@]}" >"$log" 2>&1
  rc=$?
  end=$(date +%s)
  tail -n 1 "$log"
  reports=$(grep -c -E "^(==[0-9]+==ERROR|WARNING: ThreadSanitizer|SUMMARY: (Address|Thread)Sanitizer)" "$log")
  echo "   $kind: build $((built - start)) s, tests $((end - built)) s, exit $rc, sanitizer reports $reports (log: $log)"
  if [ "$rc" != 0 ] || [ "$reports" != 0 ]; then status=1; grep -m 5 -A 12 -E "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "$log"; fi
done
exit $status
