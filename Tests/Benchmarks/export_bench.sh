#!/usr/bin/env bash
# The export of the tour on every backend against its budget (under 200 ms,
# under 1 MB), for Docs/performance.md: the binary the README runs (release,
# the Swift libraries linked in), timed beside the replay alone and a start.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product bindlab >/dev/null
python3 Tests/Benchmarks/export_bench.py .build/release/bindlab "$@"
