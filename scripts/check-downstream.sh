#!/usr/bin/env bash
# Builds IntegrationTests/downstream, a package that depends on this one as a user would, and
# checks the Swift Testing overlay fix: its tests (importing Testing and CoreGraphics together)
# pass, and its executable does not link libTesting.
set -euo pipefail
cd "$(dirname "$0")/../IntegrationTests/downstream"
swift build --product DownstreamApp -q
if ldd .build/debug/DownstreamApp | grep -q libTesting; then
  echo "FAIL: DownstreamApp links libTesting"; exit 1
fi
swift test -q 2>&1 | tail -3
echo "downstream: executable free of libTesting; tests import Testing + CoreGraphics (and CoreText) together"
