// The anchor for start-up (Tests/Benchmarks/startup.sh): a Swift program that
// prints a prompt and exits, nothing else. Built by the script with swiftc,
// once as the toolchain links by default and once with the Swift libraries
// linked in, as the README builds bindlab; not a target of the package.
print("hello> ", terminator: "")
