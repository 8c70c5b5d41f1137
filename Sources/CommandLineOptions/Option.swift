// CommandLineOptions: the one grammar of bindlab's command line — the option
// group every subcommand shares, each subcommand's share of it, and the
// parser; with the "did you mean" of a mistyped word and the backend lists
// `--backend` and `:use` take. `bindlab` (through the Shell) and
// `bindlab-bench` read their arguments with it, so they cannot drift apart.
// Imports nothing.

/// One option of the group, spelled the same by every subcommand that takes
/// it: a flag (`--json`), or an option with a value, given as the next
/// argument or after `=` (`--width 100`, `--width=100`).
public struct Option: Hashable, Sendable {
    /// How it is written: `--width`, `-c`.
    public let name: String
    /// Other spellings that mean the same: `--no-colour`, `-h`.
    public let aliases: [String]
    /// What its value stands for in a usage line (`N`, `LIST`); nil for a flag.
    public let value: String?
    /// What to say when its value is missing.
    public let missing: String

    init(_ name: String, aliases: [String] = [], value: String? = nil, missing: String? = nil) {
        self.name = name
        self.aliases = aliases
        self.value = value
        self.missing = missing ?? "\(name) needs a value"
    }

    /// Whether it takes a value.
    public var takesValue: Bool { value != nil }

    /// Every way it is written.
    public var spellings: [String] { [name] + aliases }

    /// Whether `-c=…` may be written: a long option only.
    var takesEquals: Bool { name.hasPrefix("--") }
}

extension Option {
    /// The backends to start on or to measure: ids separated by commas, or `all`.
    public static let backend = Option("--backend", value: "LIST")
    /// The width to lay screens and tables out for, in columns.
    public static let width = Option("--width", value: "N", missing: "--width needs a number of columns")
    /// The prompt's commands to run, separated by `;`.
    public static let commands = Option("-c", value: "'CMD; CMD…'")
    public static let noColor = Option("--no-color", aliases: ["--no-colour"])
    /// The folder the sessions replayed may create files in (`:record`).
    public static let allowWrite = Option(
        "--allow-write", value: "DIR", missing: "--allow-write needs the folder the sessions may write in")
    /// The file `run` writes its replay to, as an asciicast recording.
    public static let cast = Option("--cast", value: "FILE", missing: "--cast needs the file to write the recording to")
    /// The file an export is written to, instead of standard output.
    public static let output = Option("-o", aliases: ["--output"], value: "FILE", missing: "-o needs the file to write")
    public static let update = Option("--update")
    public static let check = Option("--check")
    public static let markdown = Option("--markdown")
    public static let html = Option("--html")
    public static let json = Option("--json")
    public static let quick = Option("--quick")
    /// `quiz`: the teacher's answers instead of the questions.
    public static let answers = Option("--answers")
    /// `kit new`'s template: the approach the attendee sets out from.
    public static let from = Option("--from", value: "NAME", missing: "--from needs a template: delegate or blank")
    /// `kit new` over a kit in progress; `kit solve` over the attendee's files.
    public static let force = Option("--force")
    /// `kit verify` graded by this binary, without building first.
    public static let noBuild = Option("--no-build")
    /// `kit watch` looking at the files' stamps, not told by the system.
    public static let poll = Option("--poll")
    /// `kit watch` not watching: `r` rebuilds and verifies.
    public static let manual = Option("--manual")
    /// `kit selfcheck` in the package's own slot and build, not a scratch copy (CI).
    public static let inPlace = Option("--in-place")
    public static let help = Option("--help", aliases: ["-h"])
    public static let version = Option("--version")

    /// The group: every option of every subcommand, once.
    public static let group: [Option] = [
        .backend, .width, .commands, .noColor, .allowWrite, .cast, .output, .update, .check, .markdown, .html, .json,
        .quick, .answers, .from, .force, .noBuild, .poll, .manual, .inPlace, .help, .version,
    ]

    /// The option of the group written `spelling`, if any.
    public static func named(_ spelling: String) -> Option? {
        group.first { $0.spellings.contains(spelling) }
    }
}
