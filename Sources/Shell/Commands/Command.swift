import CommandLineOptions
import Playground

/// One command of the shell: its name, how to call it, what it does, and
/// the code that runs it. Each is a type of its own in a file of its own
/// (`OrdersCommand.swift`); `CommandRegistry` lists them.
///
/// A command is handed what it may touch (`CommandContext`) and reaches its
/// own usage through itself (`misuse`), never through the registry.
protocol Command: Sendable {
    /// The first word: `orders`, `:use`.
    var name: String { get }
    var group: CommandGroup { get }
    /// One line per form: `orders select N`.
    var usage: [String] { get }
    /// One line: what it does.
    var summary: String { get }
    /// Longer help for `:help NAME`, made when asked for (`:probe`'s is built
    /// from every experiment, which a start of the program should not pay for).
    var details: String { get }
    /// Words that may follow the name, for Tab.
    var completions: [String] { get }
    /// When its first word may be a file (`:run FILE`): the ending of the
    /// files Tab offers there, beside folders (`.session`; `""` for any
    /// file); nil when it takes none.
    var fileSuffix: String? { get }
    /// Whether what it prints is measured on the wall clock (`:bench`): a
    /// session expects its figures as patterns (`Timings`), never as figures.
    var printsTimings: Bool { get }

    /// Runs the command on the words after its name.
    func run(_ words: [String], in context: any CommandContext) throws(ShellError)
}

/// Where `:help` lists a command.
enum CommandGroup: String, CaseIterable, Sendable {
    case screen = "Screen actions (what a user of the app does)"
    case playground = "Playground (what the explorer does)"
}

extension Command {
    var details: String { "" }
    var completions: [String] { [] }
    var fileSuffix: String? { nil }
    var printsTimings: Bool { false }

    /// Runs the command; a number in the wrong form is reported with the
    /// usage of the form it was given to.
    func perform(_ words: [String], in context: any CommandContext) throws(ShellError) {
        do {
            try run(words, in: context)
        } catch {
            guard case .badNumber = error else { throw error }
            throw misuse(error.message, of: words.first)
        }
    }

    /// A usage error naming this command's forms: those of `verb` when it
    /// has some (`orders rename x` shows `orders rename N NAME`, not all six),
    /// else every form.
    func misuse(_ problem: String, of verb: String? = nil) -> ShellError {
        let forms = verb.map { verb in usage.filter { $0.split(separator: " ").dropFirst().first == Substring(verb) } }
        return .badUsage(problem: problem, forms: forms.flatMap { $0.isEmpty ? nil : $0 } ?? usage)
    }

    /// `unknown word 'WORD'`, with the nearest of `words`.
    func unknownWord(_ word: String, among words: [String]) -> String {
        "unknown word '\(word.fitted(to: 24))'\(Suggestion.hint(Suggestion.nearest(to: word, in: words)))"
    }
}

/// What a command may ask of the shell that runs it: the stage, the words
/// to say, the width, the clock, and the few things only the shell keeps
/// (tracing, recording, the command list).
protocol CommandContext: AnyObject {
    /// The backends' lanes, the clock mode, the data and the network.
    var playground: Stage { get }
    var style: Style { get }
    /// The width the output is laid out for.
    var columns: Int { get }
    /// Every command, in the order `:help` lists them.
    var commands: [any Command] { get }
    /// Bare words a newcomer types, and the commands they mean.
    var aliases: [String: String] { get }
    /// Where the shell writes (`:record` taps it).
    var output: any OutputSink { get }
    /// The package `:source` reads; nil when it is not found.
    var sourceRoot: String? { get }
    /// The program `:bench` runs.
    var bench: BenchProgram { get }
    /// Whether hops are shown as they happen (`:trace on`).
    var tracing: Bool { get set }
    /// Whether they are shown in the order they really ran (`:trace raw`).
    var tracesRealOrder: Bool { get set }
    /// The width fixed by `:width N` or `--width N`; nil to follow the terminal.
    var fixedColumns: Int? { get set }
    /// Where the width in force comes from, as `:width` says it.
    var widthSource: String { get }

    func say(_ line: String)
    func say(lines: [String])
    /// Lays the output out for the width in force.
    func followWidth()
    /// Performs a user action on every lane and shows what happened.
    func act(_ action: UserAction, prepare: (Lane) -> Void) throws(ShellError)
    /// Runs the clock on every lane and returns the lines to show.
    func runClock(until deadline: (Lane) -> Int?, turns: Int) -> [String]
    /// Every lane's visible screen, side by side.
    func screens() -> [String]
    /// The live-object census of every lane.
    func census() -> [String]
    /// The hops of the last screen action; empty before the first.
    func timeline() -> [String]
    /// The same, as the marbles' text form (`:timeline --marbles`).
    func marbleText() -> [String]
    /// `:run FILE`.
    func replay(file: String) throws(ShellError)
    /// `:record FILE`.
    func startRecording(to path: String) throws(ShellError)
    /// Refuses a file that the line being run may not create or replace: a
    /// line of a session being replayed writes only inside the folder the
    /// command line allowed (`run`, `present` with `--allow-write DIR`), and
    /// never in `check` or an export's replay. Every command that writes a
    /// file asks this first (`:record`, `:export`).
    func permitWriting(_ path: String) throws(ShellError)
    /// `:export html FILE`: the page of the lines run here so far, and how many steps it shows.
    func sessionPage() throws(ShellError) -> (html: String, steps: Int)
    /// `:record stop`.
    func stopRecording() throws(ShellError)
    /// `:save [-f] FILE`.
    func save(to path: String, replacing: Bool) throws(ShellError)
    /// `:history`: the lines typed so far.
    func history() -> [String]
    /// `:resume`: hands the prompt back to the presentation.
    func resume() throws(ShellError)
    /// `:quit`: reads no more lines.
    func quit()
}

extension CommandContext {
    func act(_ action: UserAction) throws(ShellError) {
        try act(action, prepare: { _ in })
    }

    func runClock(until deadline: (Lane) -> Int?) -> [String] {
        runClock(until: deadline, turns: Lane.turnBudget)
    }

    /// The command called `name` (not an alias), if any.
    func command(named name: String) -> (any Command)? {
        commands.first { $0.name == name }
    }
}
