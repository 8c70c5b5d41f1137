#!/usr/bin/env bash
# Start-up and scale figures for Docs/performance.md. Release build; needs
# hyperfine (apt-get install -y hyperfine) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product bindlab >/dev/null
bin=.build/release/bindlab
export XDG_STATE_HOME="$(mktemp -d)"

echo "== piped start-up: echo ':quit' | bindlab"
hyperfine -N --warmup 5 --runs 100 "sh -c 'echo :quit | $bin'" "sh -c 'true'" 2>/dev/null \
    | grep -E "Benchmark|Time|Range"

echo "== exec to prompt on a pty"
python3 Tests/Benchmarks/pty_startup.py --runs 50 -- "$bin"

echo "== orders load 1000000: wall time and peak memory"
/usr/bin/time -f "wall %e s, peak RSS %M KiB" "$bin" -c 'orders load 1000000' >/dev/null
