#!/usr/bin/env bash
# Fuzzes one target with libFuzzer and AddressSanitizer (Docs/robustness.md):
#
#   Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer options…]
#
#   commands   the tokenizer, the -c splitter and the command table, without
#              a shell (pieces and words must split back the same)
#   shell      the commands run: lines typed at a fresh shell (slow: a
#              world per input)
#   sessions   the session parser, the matcher, and --update (rewrites must
#              parse back with the same inputs, match, and settle)
#   catalogue  the CSV reader and the catalogue built on it
#
# Builds the target in release with -sanitize=fuzzer,address under
# .build/fuzz, seeds a corpus from Sessions/ (and from the catalogue's own
# CSV, and Tests/Fuzz/Crashes/TARGET: what the campaigns found), and runs
# for SECONDS on one core. The corpus grows in
# .build/fuzz/work/TARGET/corpus; a crash is written to
# .build/fuzz/work/TARGET/crashes/ and makes the script exit non-zero.
# Replay one without libFuzzer: `swift run fuzz-TARGET FILE`.
# On a shared machine, prefix `nice -n 19`.
set -euo pipefail
cd "$(dirname "$0")/../.."

usage() {
    echo "usage: Tests/Fuzz/run.sh commands|shell|sessions|catalogue SECONDS [libFuzzer options…]" >&2
    exit 2
}
[ $# -ge 2 ] || usage
target="$1"
seconds="$2"
shift 2
case "$target" in commands | shell | sessions | catalogue) ;; *) usage ;; esac
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

# libFuzzer's instrumentation (what -sanitize=fuzzer turns on) and its driver
# without its main: SwiftPM links an executable with `main` standing for the
# module's entry point, which hands over to LLVMFuzzerRunDriver
# (Fuzzing.runLibFuzzer); exported so that it can be found by name.
build=.build/fuzz
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
runtime="$toolchain/lib/swift/clang/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a"
flags=(-c release --build-path "$build" -Xswiftc -DFUZZING
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
    -Xlinker --whole-archive -Xlinker "$runtime" -Xlinker --no-whole-archive -Xlinker -lstdc++
    -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver)
swift build "${flags[@]}" --product "fuzz-$target" >&2
built="$(swift build "${flags[@]}" --show-bin-path)/fuzz-$target"

work="$build/work/$target"
# A copy runs, so that building again while a long run goes on (another
# target, a change) leaves it alone.
mkdir -p "$work"
binary="$work/fuzz-$target"
cp "$built" "$binary.new"
mv -f "$binary.new" "$binary"
seeds="$work/seeds"
rm -rf "$seeds"
mkdir -p "$work/corpus" "$seeds" "$work/crashes"
# Inputs longer than this add little but cost time (libFuzzer options given
# after the seconds come later and win).
case "$target" in
    sessions)
        cp Sessions/*.session "$seeds/"
        limit=1024
        ;;
    commands | shell)
        # Each session's inputs, one file per session; and their words as a dictionary.
        for file in Sessions/*.session; do
            sed -n 's/^> //p' "$file" >"$seeds/$(basename "$file" .session).txt"
        done
        cat "$seeds"/*.txt | tr ' \t' '\n\n' | grep -v '^$' | sort -u | grep -v '["\\]' |
            sed 's/.*/"&"/' >"$work/words.dict"
        set -- -dict="$work/words.dict" "$@"
        limit=256
        ;;
    catalogue)
        csv=Sources/Catalog/Resources/movies.csv
        head -n 40 "$csv" >"$seeds/head.csv"
        sed -n '1p;20000,20040p' "$csv" >"$seeds/middle.csv"
        { head -n 1 "$csv"; tail -n 40 "$csv"; } >"$seeds/tail.csv"
        # Quoted fields, CRLF, a missing column, an empty file.
        printf 'title,year,length,rating,votes\r\n"A, quoted ""title""",1999,90,7.5,100\r\nB,x,,,\r\n' >"$seeds/quoted.csv"
        printf 'year,title,votes,rating,length,genres\n2001,Odyssey,5,8,141,Drama|Sci-Fi\n' >"$seeds/reordered.csv"
        : >"$seeds/empty.csv"
        limit=4096
        ;;
esac

# Where an input's cost is mostly small allocations (every target but shell),
# recording where each was made took a fifth of the time: those targets keep
# no allocation stacks. To see them for a crash, run the binary on the crash
# file with ASAN_OPTIONS=detect_leaks=1 (or replay it: swift run fuzz-TARGET FILE).
context=$([ "$target" = shell ] && echo 30 || echo 0)
# What the campaigns found, fixed since, stays among the seeds.
if [ -d "Tests/Fuzz/Crashes/$target" ]; then cp "Tests/Fuzz/Crashes/$target"/* "$seeds/"; fi

# A failed property traps: the Swift runtime's backtracer, run under
# AddressSanitizer, reported its own reads of the crashed process's memory as
# a heap overflow. libFuzzer's handler prints the stack instead.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:malloc_context_size=$context}"
# -rss_limit_mb: AddressSanitizer's shadow and quarantine need room.
# -timeout: an input that runs 10 s is a hang, reported as a crash.
# -reload=0: one process grows the corpus, so it need not read it again.
exec "$binary" "$work/corpus" "$seeds" -max_total_time="$seconds" -max_len="$limit" -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/crashes/" -print_final_stats=1 -reload=0 "$@"
