/// A subcommand of bindlab (or bindlab itself): which options of the group
/// it takes, which it refuses and why, and what it takes after them.
public struct Subcommand: Sendable, Equatable {
    /// `run`, `matrix`; nil for bindlab itself.
    public let name: String?
    /// Its line of the usage, `bindlab …` included (forms that do not fit
    /// one line separated by `; `: see `usageLines`).
    public let usage: String
    /// Its usage as printed, one form a line.
    public var usageLines: [String] { usage.split(separator: "; ").map(String.init) }
    /// The options it takes, in the order its usage gives them.
    public let options: [Option]
    /// Options of the group it refuses, with the reason said for each.
    public let refusals: [Option: String]
    /// What may follow its options.
    public let operands: Operands

    /// What a subcommand takes after its options: files, or folders of them.
    public enum Operands: Sendable, Equatable {
        /// Nothing.
        case none
        /// At least one; `missing` says what to name.
        case some(missing: String)
        /// Exactly one; `missing` and `extra` say what is wrong.
        case one(missing: String, extra: String)
        /// None or one.
        case optional(extra: String)
    }

    /// - Parameter options: what it takes besides `--help`, which every subcommand takes.
    public init(
        _ name: String?, usage: String, options: [Option], refusals: [Option: String] = [:], operands: Operands = .none
    ) {
        self.name = name
        self.usage = usage
        self.options = options + [.help]
        self.refusals = refusals
        self.operands = operands
    }

    /// How errors name it: `bindlab matrix`.
    public var title: String { "bindlab" + (name.map { " " + $0 } ?? "") }
}

extension Subcommand {
    /// bindlab itself: the prompt, a script from a pipe, or `-c`.
    public static let shell = Subcommand(
        nil, usage: "bindlab [--backend NAME[,NAME…]|all] [--width N] [--no-color] [-c 'CMD; CMD…']",
        options: [.backend, .width, .noColor, .commands, .version])

    public static let run = Subcommand(
        "run", usage: "bindlab run [--backend LIST] [--width N] [--allow-write DIR] [--cast FILE] FILE…|DIR…",
        options: [.backend, .width, .allowWrite, .noColor, .cast], operands: .some(missing: "name a session file"))

    public static let check = Subcommand(
        "check", usage: "bindlab check [--backend LIST] [--update] FILE…|DIR…",
        options: [.backend, .update, .noColor],
        refusals: [
            .width: "--width would change what the sessions print; a session states its own with :width N",
            .allowWrite: "a session being checked writes no files",
        ],
        operands: .some(missing: "name a session file"))

    public static let present = Subcommand(
        "present", usage: "bindlab present [--backend LIST] [--width N] [--allow-write DIR] FILE",
        options: [.backend, .width, .allowWrite, .noColor],
        operands: .one(missing: "name a session file", extra: "one file at a time"))

    /// A quiz is asked one file at a time; `--answers` reads the answers of many.
    public static let quiz = Subcommand(
        "quiz", usage: "bindlab quiz [--backend LIST] [--width N] FILE | --answers [--backend LIST] FILE…|DIR…",
        options: [.backend, .width, .answers, .noColor],
        operands: .some(missing: "name a quiz: a session with questions (#? …)"))

    /// The handout alone, or a page's generated parts checked (the default
    /// with a FILE) or, with `--update`, rewritten.
    public static let handout = Subcommand(
        "handout", usage: "bindlab handout [[--check|--update] FILE]", options: [.check, .update, .noColor],
        refusals: [
            .backend: "each marker names its own backends: no --backend or --width",
            .width: "each marker names its own backends: no --backend or --width",
        ], operands: .optional(extra: "one page at a time"))

    /// `--update` rewrites the matrix in the file named after the options;
    /// `--html` and `--json` write it as a page and as data.
    public static let matrix = Subcommand(
        "matrix",
        usage: "bindlab matrix [--backend LIST] [--width N] [--markdown [--update FILE] | --html | --json] [-o FILE]",
        options: [.backend, .width, .markdown, .update, .html, .json, .output, .noColor],
        operands: .optional(extra: "one file to update at a time"))

    /// A page of a session or of a `:diff`, or the check of pages written before.
    public static let export = Subcommand(
        "export",
        usage:
            "bindlab export [--backend LIST] [--width N] [-o FILE] html SESSION | diff NAME NAME [ROLE]; "
            + "bindlab export --check|--update PAGE…|DIR…",
        options: [.backend, .width, .output, .check, .update, .noColor],
        operands: .some(missing: "say what to export: html SESSION, or diff NAME NAME [ROLE]"))

    /// `--width` fits its progress line to the terminal; the tables are markdown.
    public static let bench = Subcommand(
        "bench", usage: "bindlab bench [--backend LIST] [--width N] [--json] [--quick]",
        options: [.backend, .json, .quick, .width, .noColor])

    public static let compare = Subcommand(
        "compare", usage: "bindlab compare [--check|--update] FILE…|DIR…", options: [.check, .update, .noColor],
        refusals: [
            .backend: "each marker names its backends, at 80 columns: no --backend or --width",
            .width: "each marker names its backends, at 80 columns: no --backend or --width",
        ], operands: .some(missing: "name a markdown file or a folder of them"))

    /// The workshop's kit (Docs/workshop.md, "The kit"): its first operand
    /// says what to do, the rest what to do it to.
    public static let kit = Subcommand(
        "kit",
        usage: "bindlab kit new NAME [--from delegate|blank] [--force] | verify [TASK] [--json] | watch | list"
            + " | solve TASK | selfcheck",
        options: [.from, .force, .json, .noBuild, .poll, .manual, .inPlace, .noColor],
        refusals: [
            .backend: "the kit grades its own backend, the one `bindlab kit new NAME` named",
            .width: "the kit's screens are the sessions' own, at 80 columns",
        ], operands: .some(missing: "say what to do: new NAME, verify [TASK], watch, list, solve TASK or selfcheck"))

    /// Every subcommand after bindlab itself, in the order the usage lists them.
    public static let all: [Subcommand] = [
        .run, .check, .present, .quiz, .matrix, .export, .bench, .compare, .handout, .kit,
    ]

    /// The subcommand called `name`, if any.
    public static func named(_ name: String) -> Subcommand? {
        all.first { $0.name == name }
    }
}
