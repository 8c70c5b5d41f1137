// Shell: the playground's words — the command language (tokenizer, one
// command a file in Commands/, their registry), the REPL loop, the command
// line, sessions and the presenter. What the commands do is the host's
// (`Playground`: the stage, its lanes, their frames); the shell says it. It
// knows backends only through BindingKit's contract and the host's registry.
// May import: Domain, Catalog, BindingKit, Playground, Experiments,
// LineEditing, CommandLineOptions. Never a backend.
//
// Its files depend on each other one way (FileCyclesTests): the commands
// know only `CommandContext`; the shell, above them, owns the registry and
// is their context; sessions, the presenter and the compare tables, above
// the shell, make shells and feed them lines; the CLI is on top.
public import BindingKit
public import LineEditing
public import Playground

/// The REPL: reads lines, runs commands, writes what they show.
///
/// Output goes to an injected sink and lines come from an injected source, so
/// tests drive it without a terminal.
public final class Shell {
    let playground: Stage
    var tracing = false
    var tracesRealOrder = false
    /// Where the shell writes; `:record` taps it.
    let tee: TeeOutput
    /// `:record` and `:run`.
    let sessions = SessionState()
    /// What was typed so far: `:history`, `:save`.
    let journal = SessionJournal()
    /// Set by `:resume`: the live prompt of a presentation hands back to it.
    var resumeRequested = false
    /// Whether a presentation runs this shell, so that `:resume` can hand back to it.
    var presenting = false
    public internal(set) var style: Style
    /// The package `:source` reads; nil when it is not found. Tests set it.
    lazy var sourceRoot: String? = SourceCommand.defaultSourceRoot()
    /// Set by `:quit`.
    public internal(set) var quitRequested = false
    /// What `:bench` runs: `bindlab-bench` beside this program, unless a test says otherwise.
    public lazy var bench = BenchProgram.besideThisProgram()

    public init(
        backends: [any BindingBackend] = [BackendRegistry.defaultBackend],
        data: DataEnvironment = DataEnvironment(),
        output: any OutputSink, color: Bool = false,
        interrupted: @escaping () -> Bool = { false }
    ) {
        self.playground = Stage(backends: backends, data: data, interrupted: interrupted)
        self.tee = TeeOutput(output)
        self.style = Style(enabled: color)
        tee.journal = journal
    }

    /// The prompt: the backends in use, e.g. `bindlab(delegate)> `; when
    /// their ids would make it long (`:use all`), how many they are:
    /// `bindlab(11 backends)> `, so that it never wraps at 80 columns.
    public var prompt: String {
        let ids = playground.backends.map(\.info.id).joined(separator: ",")
        return "bindlab(\(ids.count <= Self.longestPromptList ? ids : "\(playground.backends.count) backends"))> "
    }

    /// The longest list of ids the prompt names (`delegate,output,event-enum`).
    static let longestPromptList = 32

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
        currentLine = line.trimmingBlanks
        followWidth()
        guard let (command, arguments) = try CommandRegistry.resolve(line) else { return }
        try command.perform(arguments, in: self)
    }

    /// Reads and runs lines from `source` until it ends, `:quit`, or `:resume`.
    ///
    /// - Parameters:
    ///   - name: how errors name the source (`<stdin>`, a file); nil at the
    ///     prompt, where errors need no location.
    ///   - echo: print each line after the prompt, as if typed (replays).
    /// - Returns: `.success`, or `.failure` when a line of a script failed.
    public func run(_ source: any LineSource, name: String?, echo: Bool = false) -> ExitCode {
        var status = ExitCode.success
        var number = 0
        resumeRequested = false
        while !quitRequested, !resumeRequested {
            switch source.readLine(prompt: style.green(prompt)) {
            case .endOfInput:
                return status
            case .interrupted:
                continue
            case .line(let line):
                number += 1
                if echo { tee.write(prompt + line + "\n", to: .standard) }  // as typed, never wrapped
                let location = name.map { "\($0):\(number)" }
                sessions.pageJournal.note(line, backends: playground.backends, columns: columns)
                if !enter(line, location: location), name != nil { status = .failure }
            }
        }
        return status
    }

    /// Runs one line as typed: `:record` records it, the journal keeps it
    /// for `:history` and `:save`, an error is reported (at `location`, in a
    /// script).
    ///
    /// - Returns: whether it ran without an error.
    @discardableResult
    package func enter(_ line: String, location: String? = nil) -> Bool {
        let quits = CommandRegistry.quits(line)
        sessions.recorder?.begin(line, location: location, kept: !quits)
        if !quits {
            followWidth()
            journal.begin(
                line, backends: backendIDs, columns: columns, location: location,
                keepsOutput: SessionJournal.keepsOutput(of: line))
        }
        var succeeded = true
        do {
            try execute(line)
        } catch {
            report(error, at: location)
            succeeded = false
        }
        sessions.recorder?.end()
        journal.end()
        return succeeded
    }

    /// Writes an error as one line, located when it comes from a script;
    /// nothing for one said where it happened (a `:run`'s lines).
    public func report(_ error: ShellError, at location: String?) {
        guard !error.isReported else { return }
        let prefix = location.map { "\($0): " } ?? ""
        // What the user typed may hold control characters: shown, not sent.
        tee.write(style.red("\(prefix)error: \(error.message.escapingControlCharacters)") + "\n", to: .error)
    }

    /// How the frames of the stage are written, with the shell's settings.
    var text: StageText {
        StageText(playground: playground, style: style, tracing: tracing, tracesRealOrder: tracesRealOrder)
    }
}

extension Shell: CommandContext {
    var commands: [any Command] { CommandRegistry.all }
    var aliases: [String: String] { CommandRegistry.aliases }
    var output: any OutputSink { tee }

    func say(_ line: String) {
        tee.write(line + "\n", to: .standard)
    }

    func say(lines: [String]) {
        guard !lines.isEmpty else { return }
        tee.write(lines.joined(separator: "\n") + "\n", to: .standard)
    }

    /// Performs a user action on every lane and shows what happened.
    ///
    /// What the action changed is shown even when it then failed (opening a
    /// tab to act on a row that is not there still opened the tab).
    func act(_ action: UserAction, prepare: (Lane) -> Void) throws(ShellError) {
        let (lines, failure) = text.perform(action, command: currentLine, prepare: prepare)
        say(lines: lines)
        if let failure { throw failure }
    }

    func runClock(until deadline: (Lane) -> Int?, turns: Int) -> [String] {
        text.runClock(until: deadline, turns: turns)
    }

    func screens() -> [String] { text.screens() }
    func census() -> [String] { text.census() }
    func timeline() -> [String] { text.timeline() }
    func marbleText() -> [String] { text.marbleText() }
    func quit() { quitRequested = true }

    func resume() throws(ShellError) {
        guard presenting else {
            throw .actionFailed(
                reason: "nothing to resume: :resume goes back to a presentation (bindlab present FILE, then !)")
        }
        resumeRequested = true
    }
}

extension String {
    var trailingBlanksTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
