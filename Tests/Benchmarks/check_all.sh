#!/usr/bin/env bash
# `bindlab check --backend all Sessions/` as a whole process, for
# Docs/performance.md ("Checking the sessions", issue 22 item 16): every
# shipped session on every backend, on the README's build (release, the Swift
# libraries linked in); then the same held to one core (`taskset -c 0`), to
# show what running the checks on both cores gives. Needs hyperfine
# (apt-get install -y hyperfine).
#   Tests/Benchmarks/check_all.sh [BINARY [OTHER_BINARY]]
# With OTHER_BINARY (say, a build of an earlier commit, run where it was
# built: it starts its probes' children from beside itself), the two are
# timed in the same hyperfine run, turn by turn.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-}"
if [ -z "$bin" ]; then
    swift build -c release --static-swift-stdlib --product bindlab >/dev/null
    bin=.build/release/bindlab
fi
other="${2:-}"
runs="${RUNS:-20}"
checks="$("$bin" check --backend all Sessions/ | tail -n 1)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) processors; $checks"
commands=("$bin check --backend all Sessions/")
[ -n "$other" ] && commands+=("$other check --backend all Sessions/")
hyperfine -N --warmup 2 --runs "$runs" "${commands[@]}"
echo "== held to one core"
hyperfine -N --warmup 1 --runs "$((runs / 2))" "taskset -c 0 $bin check --backend all Sessions/"
echo "== Ctrl-C: SIGINT 0.2 s into the check (as a terminal sends it), to the process's end; 10 runs"
python3 - "$bin" <<'PY'
import os, signal, statistics, subprocess, sys, time
times = []
for _ in range(10):
    child = subprocess.Popen([sys.argv[1], "check", "--backend", "all", "Sessions/"], stdout=subprocess.DEVNULL)
    time.sleep(0.2)
    sent = time.perf_counter()
    child.send_signal(signal.SIGINT)
    status = child.wait()
    times.append((time.perf_counter() - sent) * 1000)
    assert status == -signal.SIGINT, f"ended with {status}, not by SIGINT"
print(f"  median {statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f})")
PY
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
