// linedemo: a tiny program around LibEditLineEditor for the LineEditing pty
// tests. It echoes each line as `got: <line>`, says `interrupted` on Ctrl-C,
// and exits 0 at end of input. `spin` runs until Ctrl-C, to exercise
// `Terminal.interruptRequested`; `count N` prints N numbered lines, output
// long enough to press keys in the middle of; Tab on the word `boom` traps,
// to exercise the terminal restore on a crash.

import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class DemoCompletions: CompletionProvider {
    let words = [":backends", ":backend-x", ":help", "orders", "ordinal"]

    func completions(for line: String) -> [String] {
        let last = line.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
        if last == "boom" { fatalError("completion asked to crash") }
        return words.filter { $0.hasPrefix(last) }
    }
}

func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

var environment: [String: String] = [:]
for name in ["XDG_STATE_HOME", "HOME"] {
    environment[name] = variable(name)
}

let editor = LibEditLineEditor(
    programName: "linedemo",
    historyFile: LibEditLineEditor.defaultHistoryPath(environment: environment),
    completion: DemoCompletions(),
    color: variable("NO_COLOR") == nil)

func say(_ text: String) {
    print(text)
    fflush(nil)
}

reading: while true {
    switch editor.readLine(prompt: "demo> ") {
    case .line("spin"):
        say("spinning")
        while !Terminal.interruptRequested { usleep(10_000) }
        Terminal.clearInterrupt()
        say("stopped")
    case .line(let line) where line.hasPrefix("count "):
        for number in 1...max(1, Int(line.dropFirst(6)) ?? 1) { print("line \(number)") }
        say("counted")
    case .line(let line):
        say("got: \(line)")
    case .interrupted:
        say("interrupted")
    case .endOfInput:
        break reading
    }
}
editor.close()
say("bye")
exit(0)
