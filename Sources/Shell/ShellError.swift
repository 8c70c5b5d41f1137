public import CommandLineOptions

/// Something the user can fix or should know, named for what went wrong,
/// with the words to show (`message`) and the status a script or the
/// program ends with (`exitCode`).
public enum ShellError: Error, Equatable, Sendable {
    // MARK: The words of a line

    /// A line that does not split into words: a quote left open, a backslash
    /// escaping nothing.
    case unreadableLine(reason: String)
    /// A line whose first word names no command.
    case unknownCommand(word: String, suggestion: String?)
    /// `:help` asked about a command there is not.
    case unknownHelpTopic(word: String, suggestion: String?)
    /// A list of backends (`:use`, `--backend`) that names one there is not.
    case badBackendList(problem: BackendList.Problem)
    /// A command given words it does not take: what is wrong with them, and
    /// the forms it takes (those of the verb it was given, when it has some).
    case badUsage(problem: String, forms: [String])
    /// A word that should be a whole number in `range`; the command it was
    /// given to turns it into `badUsage`, naming its forms.
    case badNumber(what: String, text: String, range: ClosedRange<Int>)
    /// A word that should be a duration (`250ms`, `1.5s`, `2m`).
    case badDuration(text: String)
    /// A range of lines whose last line comes before its first.
    case backwardsLines(text: String)
    /// `:source NAME WHAT` where the backend has no file or type WHAT.
    case unknownSourceFile(name: String, backend: String, suggestion: String?)
    /// `:source NAME WHAT` where WHAT names several files of the backend.
    case ambiguousSourceFile(name: String, backend: String, files: [String], byDeclaration: Bool)

    // MARK: What could not be done

    /// A command that could not do what it was asked (no such row, nothing
    /// to go back to, nothing to compare with).
    case actionFailed(reason: String)
    /// A file that could not be read.
    case fileUnreadable(path: String, reason: String)
    /// A file that could not be written.
    case fileUnwritable(path: String, reason: String)
    /// A file a replayed session asked to write (`:record`, `:export`),
    /// refused: a session being checked, presented or exported writes
    /// nothing the user did not allow on the command line.
    case writeRefused(path: String, reason: String)
    /// A session file that could not be read or does not parse.
    case unreadableSession(error: SessionFileError)
    /// The bench executable is not beside the running bindlab.
    case benchNotBuilt(path: String, build: String)
    /// Ctrl-C stopped `what` before it finished.
    case interrupted(what: String)

    // MARK: The command line

    /// A command line that does not follow the grammar (`Docs/commands.md`).
    case badCommandLine(problem: OptionError)

    // MARK: Outcomes said where they happened

    /// What a check compared differs from what it expects, `count` times;
    /// the differences have been shown (diffs, then a count).
    case checkFailed(count: Int)
    /// Errors in `place` (`-c`, `<stdin>`, the files of a `check`), each
    /// reported where it happened: a script's line, a file of several.
    case failuresReported(in: String)

    /// The words to show.
    public var message: String {
        switch self {
        case .unreadableLine(let reason): reason
        case .unknownCommand(let word, let suggestion):
            "unknown command '\(word.fitted(to: 32))'\(Suggestion.hint(suggestion)) (try :help)"
        case .unknownHelpTopic(let word, let suggestion):
            "no command '\(word.fitted(to: 32))'\(Suggestion.hint(suggestion))"
        case .badBackendList(let problem): problem.message
        case .badUsage(let problem, let forms): "\(problem) (usage: \(forms.joined(separator: " | ")))"
        case .badNumber(let what, let text, let range) where range.upperBound >= Int(Int32.max):
            // A bound nobody types (a row's): only the lower one is news.
            "\(what) must be a whole number from \(range.lowerBound) up, not '\(text.fitted(to: 24))'"
        case .badNumber(let what, let text, let range):
            "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.fitted(to: 24))'"
        case .badDuration(let text):
            "'\(text.fitted(to: 24))' is not a duration from 0 to 1h (like 250ms, 1s, 1.5s, 2m, 1h)"
        case .backwardsLines(let text):
            "the lines \(text.fitted(to: 24)) run backwards; write the first line first (e.g. 10-20)"
        case .unknownSourceFile(let name, let backend, let suggestion):
            "no file or type '\(name.fitted(to: 32))' in \(backend)\(Suggestion.hint(suggestion)) "
                + "(:source \(backend) lists its files)"
        case .ambiguousSourceFile(let name, let backend, let files, let byDeclaration):
            "'\(name.fitted(to: 32))' \(byDeclaration ? "is declared in" : "names") \(files.count) files of "
                + "\(backend): \(files.joined(separator: ", ")); say which: :source \(backend) \(files[0])"
        case .actionFailed(let reason): reason
        case .fileUnreadable(let path, let reason), .fileUnwritable(let path, let reason): "\(path): \(reason)"
        case .writeRefused(let path, let reason): "\(path): not written: \(reason)"
        case .unreadableSession(let error): error.summary
        case .benchNotBuilt(let path, let build):
            "bindlab-bench is not beside bindlab (no \(path)): build it with \(build)"
        case .interrupted(let what): "interrupted: \(what) stopped before it finished"
        case .badCommandLine(let problem): problem.message
        case .checkFailed(let count): "\(count) check\(count == 1 ? "" : "s") failed"
        case .failuresReported(let place): "errors in \(place), each reported at its place"
        }
    }

    /// The status the program ends with: 1 for a failed check, 2 for the rest.
    public var exitCode: ExitCode {
        switch self {
        case .checkFailed: .checkFailed
        default: .failure
        }
    }

    /// Whether the message has been shown where the error happened (a
    /// check's diffs, a script's lines), so that nothing more is said.
    public var isReported: Bool {
        switch self {
        case .checkFailed, .failuresReported: true
        default: false
        }
    }

    /// Whether the error is in how the command line was written, so that
    /// its usage is worth showing beside it.
    public var isUsageError: Bool {
        switch self {
        case .badCommandLine, .badBackendList: true
        default: false
        }
    }
}
