// Shell: the playground's words — the command language (tokenizer,
// commands), the REPL loop, the command line, sessions and the presenter.
// What the commands do is the host's (`Playground`: the stage, its lanes,
// their frames); the shell says it. It knows backends only through
// BindingKit's contract and the host's registry.
// May import: Domain, Catalog, BindingKit, Playground, Experiments,
// LineEditing. Never a backend.
public import BindingKit
public import LineEditing
public import Playground

/// The REPL: reads lines, runs commands, writes what they show.
///
/// Output goes to an injected sink and lines come from an injected source, so
/// tests drive it without a terminal.
public final class Shell {
    let playground: Stage
    /// Whether hops are shown as they happen. They are recorded either way,
    /// for `:timeline`.
    var tracing = false
    /// Whether hops are shown in the order they really happened (`:trace
    /// raw`), rather than with unordered rounds sorted (see `Tracer.unordered`).
    var tracesRealOrder = false
    /// Where the shell writes; `:record` taps it.
    let output: TeeOutput
    /// `:record` and `:run`.
    let sessions = SessionState()
    public internal(set) var style: Style
    /// The package `:source` reads; nil when it is not found. Tests set it.
    lazy var sourceRoot: String? = Shell.defaultSourceRoot()
    /// Set by `:quit`.
    public internal(set) var quitRequested = false

    public init(
        backends: [any BindingBackend] = [BackendRegistry.defaultBackend],
        data: DataEnvironment = DataEnvironment(),
        output: any OutputSink, color: Bool = false,
        interrupted: @escaping () -> Bool = { false }
    ) {
        self.playground = Stage(backends: backends, data: data, interrupted: interrupted)
        self.output = TeeOutput(output)
        self.style = Style(enabled: color)
    }

    /// The prompt: the backends in use, e.g. `bindlab(delegate)> `.
    public var prompt: String {
        "bindlab(\(playground.backends.map(\.info.id).joined(separator: ",")))> "
    }

    /// The ids of the backends in use.
    public var backendIDs: [String] { playground.backends.map(\.info.id) }

    /// The line being run, as typed: what `:timeline` names.
    private(set) var currentLine = ""

    /// The width the output is laid out for, in columns.
    public var columns: Int { playground.columns }

    /// Asks the terminal for its width; nil when there is no terminal (or it
    /// reports no size). Asked before each command, so that after a resize
    /// (SIGWINCH) the next output fits the new width.
    public var measureColumns: (() -> Int?)?
    /// The width when the terminal says nothing: `COLUMNS`, or the default.
    public var fallbackColumns = Stage.defaultColumns {
        didSet { followWidth() }
    }
    /// Set by `--width N` and `:width N`: the width stays N, whatever the terminal.
    public var fixedColumns: Int? {
        didSet { followWidth() }
    }

    /// Whether `fallbackColumns` came from `COLUMNS`, for `:width` to say.
    public var fallbackIsFromEnvironment = false

    /// Where the width in force comes from, as `:width` says it.
    var widthSource: String {
        if fixedColumns != nil { return "fixed" }
        if measureColumns?() != nil { return "the terminal's" }
        return fallbackIsFromEnvironment ? "COLUMNS" : "the default"
    }

    /// Lays the output out for the width in force: fixed, else the
    /// terminal's, else the fallback.
    func followWidth() {
        playground.setColumns(fixedColumns ?? measureColumns?() ?? fallbackColumns)
    }

    /// Runs one line: blank lines and `#` comments do nothing.
    public func execute(_ line: String) throws(ShellError) {
        let trimmed = line.trimmingBlanks
        currentLine = trimmed
        followWidth()
        guard let (command, arguments) = try Shell.resolve(line) else { return }
        try command.perform(self, arguments)
    }

    /// The command a line names and the words after its name; nil for a
    /// blank line or a `#` comment. Needs no shell: the `commands` fuzz
    /// target calls it directly. Blanks around the words separate nothing,
    /// but an escaped one at the end is a word's (`orders rename 1 x\ `).
    ///
    /// - Throws: a usage error for unbalanced quotes or an unknown command.
    static func resolve(_ line: String) throws(ShellError) -> (command: Command, arguments: [String])? {
        guard !line.trimmingLeadingBlanks.hasPrefix("#") else { return nil }
        let words: [String]
        do {
            words = try Tokenizer.words(line)
        } catch {
            throw .usage(error.message)
        }
        guard let first = words.first else { return nil }
        let name = Shell.aliases[first.lowercased()] ?? first
        guard let command = Shell.command(named: name) else {
            let hint = Suggestion.nearest(to: name, in: Shell.names).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("unknown command '\(first.fitted(to: 32))'\(hint) (try :help)")
        }
        return (command, Array(words.dropFirst()))
    }

    /// Reads and runs lines from `source` until it ends or `:quit`.
    ///
    /// - Parameters:
    ///   - name: how errors name the source (`<stdin>`, a file); nil at the
    ///     prompt, where errors need no location.
    ///   - echo: print each line after the prompt, as if typed (replays).
    /// - Returns: 0, or 2 when a line of a script failed.
    public func run(_ source: any LineSource, name: String?, echo: Bool = false) -> Int32 {
        var status: Int32 = 0
        var number = 0
        while !quitRequested {
            switch source.readLine(prompt: style.green(prompt)) {
            case .endOfInput:
                return status
            case .interrupted:
                continue
            case .line(let line):
                number += 1
                if echo { output.write(prompt + line + "\n", to: .standard) }  // as typed, never wrapped
                let location = name.map { "\($0):\(number)" }
                sessions.recorder?.begin(line, location: location)
                do {
                    try execute(line)
                } catch {
                    report(error, at: location)
                    if name != nil { status = 2 }
                }
                sessions.recorder?.end()
            }
        }
        return status
    }

    /// Writes an error as one line, located when it comes from a script.
    public func report(_ error: ShellError, at location: String?) {
        let prefix = location.map { "\($0): " } ?? ""
        // What the user typed may hold control characters: shown, not sent.
        output.write(style.red("\(prefix)error: \(error.message.escapingControlCharacters)") + "\n", to: .error)
    }

    // MARK: Helpers for the commands

    func say(_ line: String) {
        output.write(line + "\n", to: .standard)
    }

    func say(lines: [String]) {
        guard !lines.isEmpty else { return }
        output.write(lines.joined(separator: "\n") + "\n", to: .standard)
    }

    /// Performs a user action on every lane and shows what happened.
    ///
    /// What the action changed is shown even when it then failed (opening a
    /// tab to act on a row that is not there still opened the tab).
    func act(_ action: UserAction, prepare: (Lane) -> Void = { _ in }) throws(ShellError) {
        let (lines, failure) = perform(action, command: currentLine, prepare: prepare)
        say(lines: lines)
        if let failure { throw failure }
    }

    /// The live-object census of every lane.
    func census() -> [String] {
        var lines: [String] = []
        for lane in playground.lanes {
            if playground.lanes.count > 1 { lines.append("\(lane.id):") }
            let census = lane.world.census.census
            if census.isEmpty { lines.append("  nothing traced yet") }
            let width = census.map(\.name.count).max() ?? 0
            for entry in census {
                lines.append("  \(entry.name.padded(to: width))  \(entry.live)")
            }
            lines.append("  total live: \(lane.world.census.totalLive)")
        }
        return lines
    }

    /// `:help` and `:help NAME`.
    func help(_ topic: String?) throws(ShellError) -> [String] {
        guard let topic else {
            var lines: [String] = []
            for group in Command.Group.allCases {
                lines.append(style.bold(group.rawValue + ":"))
                let entries = Shell.commands.filter { $0.group == group }
                let width = entries.flatMap(\.usage).map(\.count).max() ?? 0
                for command in entries {
                    for (index, usage) in command.usage.enumerated() {
                        let line = "  \(usage.padded(to: width))  \(index == 0 ? command.summary : "")".trailingBlanksTrimmed
                        // A summary too long for the terminal goes on under itself.
                        lines += line.wrapped(to: columns, indent: width + 4)
                    }
                }
            }
            for line in [
                "Durations: 250ms, 1s, 1.5s, 2m, 1h. Quote words with spaces: orders rename 3 \"Rush order\".",
                "help, quit and exit work bare too; Tab completes; :help NAME explains one command.",
            ] {
                lines += line.wrapped(to: columns, indent: 2)
            }
            return lines
        }
        let name = Shell.aliases[topic] ?? (topic.hasPrefix(":") || Shell.command(named: topic) != nil ? topic : ":" + topic)
        guard let command = Shell.command(named: name) else {
            let hint = Suggestion.nearest(to: topic, in: Shell.commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("no command '\(topic.fitted(to: 32))'\(hint)")
        }
        var lines = command.usage.map { "usage: \($0)" }
        lines.append(command.summary)
        let details = command.details
        if !details.isEmpty { lines += details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        // Paragraphs keep their blank lines; a line too long for the terminal
        // goes on at its own indent.
        return lines.flatMap { line in
            line.wrapped(to: columns, indent: line.prefix { $0 == " " }.count)
        }
    }
}

extension String {
    var trailingBlanksTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
