#!/usr/bin/env bash
# The whole test suite under a sanitizer (Docs/robustness.md):
#
#   Tests/Sanitizers/run.sh address|thread [swift test options…]
#
#   address    AddressSanitizer with LeakSanitizer: must be clean. The one
#              suppression (leaks.supp) is libedit's own allocation in
#              el_set(EL_ADDFN), which el_end never frees. Only Swift
#              Testing runs (--disable-xctest: there are no XCTest tests,
#              and XCTest's empty run leaks on its own). Tests that rely
#              on freed memory being reused skip themselves, saying why.
#   thread     ThreadSanitizer. races.supp silences one pattern only: the
#              "Swift access race" reports inside the withLock bodies of
#              AssociatedObjectStore's Synchronization.Mutex, false positives
#              with this toolchain (Mutex locks with futex calls that TSan
#              does not see).
#   undefined  not offered: swiftc refuses -sanitize=undefined for Linux.
#
# Each sanitizer builds in its own folder (.build/sanitize-NAME), so the
# ordinary build is left alone. The pty tests' programs inherit the options.
set -euo pipefail
cd "$(dirname "$0")/../.."
here="$PWD/Tests/Sanitizers"

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi
export TERM="${TERM:-xterm}"

sanitizer="${1:-}"
[ $# -gt 0 ] && shift
case "$sanitizer" in
    address)
        # The slow unwinder sees through libedit (built without frame
        # pointers), so the suppression can name the frame it needs.
        export ASAN_OPTIONS="detect_leaks=1:fast_unwind_on_malloc=0:strict_string_checks=1:detect_stack_use_after_return=1"
        export LSAN_OPTIONS="suppressions=$here/leaks.supp:print_suppressions=1"
        ;;
    thread)
        export TSAN_OPTIONS="suppressions=$here/races.supp:print_suppressions=1:halt_on_error=0"
        ;;
    undefined)
        echo "UndefinedBehaviorSanitizer is not offered for Swift on Linux:" >&2
        echo "swiftc says \"unsupported option '-sanitize=undefined' for target 'x86_64-unknown-linux-gnu'\"." >&2
        echo "Swift's own checks (overflow, bounds, force unwraps) trap in every build instead." >&2
        exit 2
        ;;
    *)
        echo "usage: Tests/Sanitizers/run.sh address|thread [swift test options…]" >&2
        exit 2
        ;;
esac

exec swift test --sanitize="$sanitizer" --build-path ".build/sanitize-$sanitizer" --disable-xctest "$@"
