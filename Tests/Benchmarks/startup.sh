#!/usr/bin/env bash
# Start-up and scale figures for Docs/performance.md: the binary the README
# runs (release, the Swift libraries linked in), against anchors timed in the
# same run. Needs hyperfine (apt-get install -y hyperfine) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product bindlab >/dev/null
bin=.build/release/bindlab
anchors="$(mktemp -d)"
swiftc -O Tests/Benchmarks/hello.swift -o "$anchors/hello"
swiftc -O -static-stdlib Tests/Benchmarks/hello.swift -o "$anchors/hello-static"
export XDG_STATE_HOME="$anchors/state"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== exec to prompt on a pty: bindlab, a Swift hello world (default and static), python3"
python3 Tests/Benchmarks/pty_startup.py --runs 60 \
    --also "hello>" "$anchors/hello" --also "hello>" "$anchors/hello-static" --also ">>> " /usr/bin/python3 \
    -- "$bin"

echo "== piped start-up: echo ':quit' | bindlab, against python3 -q reading an empty script"
hyperfine -N --warmup 5 --runs 100 "sh -c 'echo :quit | $bin'" "sh -c 'echo | /usr/bin/python3 -q'" \
    "sh -c 'true'" 2>/dev/null | grep -E "Benchmark|Time|Range"

echo "== orders load 1000000: wall time and peak memory"
/usr/bin/time -f "wall %e s, peak RSS %M KiB" "$bin" -c 'orders load 1000000' >/dev/null
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
