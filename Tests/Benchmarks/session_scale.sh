#!/usr/bin/env bash
# Session parsing and matching at scale, for Docs/robustness.md (issue 13):
# `run` of one input followed by N expected lines, `check` of a block of N
# wildcard pairs, and the largest session taken (16 MiB). Release build.
#   Tests/Benchmarks/session_scale.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-}"
if [ -z "$bin" ]; then
    swift build -c release --product bindlab >/dev/null
    bin=.build/release/bindlab
fi
folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
measure() { /usr/bin/time -f "  %e s, peak RSS %M KiB" "$@" >/dev/null 2>"$folder/time" || true; tail -n 1 "$folder/time"; }

for lines in 10000 20000 40000; do
    awk -v n="$lines" 'BEGIN { print "> :clock"; for (i = 0; i < n; i++) print "expected output line" }' \
        >"$folder/long-$lines.session"
    echo "== run: one input, $lines expected lines"
    measure "$bin" run "$folder/long-$lines.session"
done

for pairs in 10000 20000 40000; do
    # `...` then a line that matches anything, N times: passes.
    awk -v n="$pairs" 'BEGIN { print "> :help"; for (i = 0; i < n; i++) print "...\n[..]" }' >"$folder/pairs-$pairs.session"
    echo "== check: $pairs wildcard pairs ('...' and '[..]'; fails: more lines expected than printed)"
    measure "$bin" check "$folder/pairs-$pairs.session"
done

# 16 MiB, the most a session may be: 32 768 blocks of :clock, each expecting
# its two lines and 250 lines of narration between them.
python3 - "$folder/big.session" <<'PY'
import sys
narration = "# " + "n" * 60 + "\n"
block = "> :clock\n[..] ms, turn [..], 0 queued\nclock: auto\n" + narration * 250
with open(sys.argv[1], "w") as out:
    size = 0
    while size + len(block) <= 16 * 1024 * 1024:
        out.write(block)
        size += len(block)
PY
echo "== check: a 16 MiB session ($(wc -l <"$folder/big.session") lines)"
measure "$bin" check "$folder/big.session"
"$bin" check "$folder/big.session" | tail -n 1
