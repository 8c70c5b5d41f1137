import BindingKit
import Playground

/// `:save FILE` and `:history`: what was typed at this shell so far, listed,
/// or written as a session that `bindlab check` passes at once.
extension Shell {
    /// What `:save` makes of one line typed.
    enum Saved: Equatable {
        /// An input, as it goes in the file.
        case input(String)
        /// `#` narration.
        case narration(String)
        /// Left out, and why.
        case leftOut(String)
    }

    /// What `:save` makes of `entry`, for a file to be written at `path`.
    func saved(_ entry: SessionJournal.Entry, to path: String) -> Saved {
        let line = entry.line.trimmingBlanks
        if line.isEmpty { return .leftOut("blank") }
        if line.hasPrefix("#") { return .narration(line) }
        guard let (command, words) = try? CommandRegistry.resolve(entry.line) else { return .input(entry.line) }
        switch command.name {
        case ":save", ":history": return .leftOut("it lists or saves what was typed")
        case ":resume": return .leftOut("a presentation's")
        case ":record":
            // Recording started afresh on the backends in use: so does `:use`.
            if words == ["stop"] { return .leftOut("it ends a recording") }
            guard entry.output?.hasPrefix("recording to ") == true else { return .leftOut("it writes a file") }
            return .input(":use \(entry.backends.joined(separator: ","))")
        case ":run" where words.count == 1:
            // At the prompt, from the current folder; in the file, from its own.
            return .input(":run " + Self.quoted(SessionFiles.relative(words[0], toFolderOf: path)))
        default:
            return .input(entry.line)
        }
    }

    /// `:history`: the lines typed so far, numbered; those `:save` leaves out say so.
    func history() -> [String] {
        let entries = journal.entries
        guard !entries.isEmpty else { return ["nothing typed yet"] }
        let width = String(entries.count).count
        var lines = entries.enumerated().map { index, entry -> String in
            let number = String(repeating: " ", count: width - String(index + 1).count) + String(index + 1)
            var line = "  \(number)  \(entry.line.escapingControlCharacters)"
            if case .leftOut(let why) = saved(entry, to: "."), why != "blank" {
                line += style.dim("  (not saved: \(why))")
            }
            return line
        }
        if journal.overflowed {
            lines.append(style.dim("  (and more, past the \(SessionJournal.capacity) lines kept)"))
        }
        return lines
    }

    /// `:save FILE`: what was typed so far, written to `path` as a session
    /// whose expected output is what each input prints from a fresh start
    /// (as `check` replays it), so that `check` passes on it at once.
    ///
    /// The file begins with what sets the backends and the width the first
    /// line ran on, when they are not the defaults, and says so again where
    /// they changed without a command (a resized terminal). A timed
    /// command's figures (`:bench`) are patterns, never figures. What a
    /// fresh start prints otherwise than the live shell did (the recent
    /// queries of earlier runs, a command Ctrl-C cut short) is said, and
    /// the file expects what a fresh start prints.
    ///
    /// - Parameter replacing: replace a file already there (`:save -f`).
    func save(to path: String, replacing: Bool) throws(ShellError) {
        try permitWriting(path)
        guard !journal.overflowed else {
            throw .actionFailed(
                reason: "more than \(SessionJournal.capacity) lines were typed, more than :save keeps; "
                    + ":record FILE writes a session from now on")
        }
        let (text, summary) = savedSession(to: path)
        do {
            try SessionFiles.save(text, to: path, replacing: replacing)
        } catch {
            throw .fileUnwritable(path: path, reason: error.message)
        }
        say(summary.joined(separator: "\n"))
    }

    /// The text of the session `:save` writes at `path`, and what to say about it.
    func savedSession(to path: String) -> (text: String, summary: [String]) {
        let buffer = BufferedOutput()
        let fresh = Shell(backends: [BackendRegistry.defaultBackend], data: DataEnvironment(), output: buffer)
        fresh.sessions.replaying = [path]
        fresh.sessions.writeRefusal = SessionState.checkRefusal
        fresh.sourceRoot = sourceRoot
        fresh.bench = bench
        var blocks: [(narration: [String], input: String, output: [String])] = []
        var narration: [String] = []
        var commands = 0
        var differing: [String] = []
        var timed = 0

        var printed = ""
        func run(_ input: String) -> [String] {
            _ = buffer.take()
            fresh.perform(input)
            printed = buffer.take()
            return BufferedOutput.lines(of: printed)
        }

        for entry in journal.entries {
            guard !fresh.quitRequested else { break }
            switch saved(entry, to: path) {
            case .leftOut:
                continue
            case .narration(let line):
                narration.append(line)
                continue
            case .input(let input):
                // What the line ran on, said where the fresh shell differs.
                if fresh.backendIDs != entry.backends {
                    blocks.append(([], ":use \(entry.backends.joined(separator: ","))", []))
                    blocks[blocks.count - 1].output = run(blocks[blocks.count - 1].input)
                }
                fresh.followWidth()
                if fresh.columns != entry.columns {
                    blocks.append(([], ":width \(entry.columns)", []))
                    blocks[blocks.count - 1].output = run(blocks[blocks.count - 1].input)
                }
                commands += 1
                let output: [String]
                if let live = entry.output, CommandRegistry.printsTimings(input) {
                    // Not run again: its figures are the wall clock's.
                    output = BufferedOutput.lines(of: live).map { Timings.pattern(of: $0) }
                    timed += 1
                } else {
                    output = run(input)
                    // (A line written otherwise than typed prints otherwise too.)
                    if input == entry.line, SessionJournal.Fingerprint.of(printed) != entry.fingerprint {
                        differing.append(input)
                    }
                }
                blocks.append((narration, input, output))
                narration = []
            }
        }

        let backends = journal.entries.first?.backends ?? backendIDs
        var lines = [
            "# Saved with :save on \(backends.joined(separator: ", ")): what was typed, and what each",
            "# command prints from a fresh start. Lines starting with # are narration,",
            "# shown by bindlab present: add your own.",
        ]
        for block in blocks {
            lines.append("")
            lines += block.narration
            lines.append("> " + block.input)
            for (index, line) in block.output.enumerated() {
                lines.append(Session.render(.text(line), backends: nil, last: index == block.output.count - 1))
            }
        }
        lines += narration.isEmpty ? [] : [""] + narration
        var summary = [
            "saved \(commands) command\(commands == 1 ? "" : "s") to \(path); bindlab check \(path) passes on it"
        ]
        if let first = differing.first {
            summary.append(
                "\(differing.count) of them print\(differing.count == 1 ? "s" : "") otherwise from a fresh start "
                    + "(the first: \(first.fitted(to: 32))): the file expects what a fresh start prints")
        }
        if timed > 0 {
            summary.append(
                ":bench's figures are written as patterns ([..]); check runs :bench where bindlab-bench is built")
        }
        return (lines.joined(separator: "\n") + "\n", summary)
    }

    /// A word as a line names it: as it is, or in double quotes when it
    /// holds a blank, a quote or a backslash.
    static func quoted(_ word: String) -> String {
        guard word.contains(where: { " \t'\"\\".contains($0) }) else { return word }
        var text = "\""
        for character in word {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }
}
