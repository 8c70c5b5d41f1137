// bindlab-bench: what `bindlab bench` and `:bench` run (Docs/performance.md).
// Not part of the bindlab product: build it with
// `swift build -c release --product bindlab-bench` and it sits beside bindlab.
import BenchKit

BenchCommandLine.main()
