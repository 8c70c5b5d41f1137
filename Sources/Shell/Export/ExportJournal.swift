import BindingKit
import Playground

/// The lines a shell ran at its prompt (or from `-c`, or a pipe), or of the
/// session `run` or `present` replays on it, with the narration typed before
/// each, for `:export html FILE` to replay: what the user did, as a session
/// of it would hold it. A `:run`'s lines are not noted: its own line is.
///
/// The lines that write files (`:export`, `:record`, `:save`), `:resume` and `:quit` are left
/// out; so is nothing else, errors included, as a transcript would show them.
final class ExportJournal {
    /// How the replay of a journal is named where a session's path would be.
    static let name = "(the lines typed)"
    /// The commands not replayed.
    static let leftOut: Set = [":export", ":record", ":save", ":resume", ":quit"]

    /// The most lines kept, as `:save`'s journal keeps: a shell fed a script
    /// of millions of lines stays small.
    static let capacity = SessionJournal.capacity

    /// Whether lines were run after the journal was full: the page would
    /// miss them, so none is made.
    private(set) var overflowed = false

    /// The backends in use, and the width, when the first line ran.
    private(set) var backends: [any BindingBackend]?
    private(set) var columns: Int?
    private(set) var entries: [(narration: [String], input: String)] = []
    /// `#` lines typed since the last command.
    private(set) var pendingNarration: [String] = []

    /// Notes a line the shell is about to run.
    ///
    /// - Parameters:
    ///   - backends: the backends in use before it runs.
    ///   - columns: the width in force before it runs.
    func note(_ line: String, backends: [any BindingBackend], columns: Int) {
        guard !overflowed else { return }
        if self.backends == nil {
            self.backends = backends
            self.columns = columns
        }
        let trimmed = line.trimmingBlanks
        if trimmed.hasPrefix("#") {
            var text = trimmed.dropFirst()
            if text.first == " " { text = text.dropFirst() }
            pendingNarration.append(String(text))
            return
        }
        guard !trimmed.isEmpty else { return }
        if let name = (try? CommandRegistry.commandName(of: line)) ?? nil, Self.leftOut.contains(name) { return }
        guard entries.count < Self.capacity else {
            overflowed = true
            entries = []
            pendingNarration = []
            return
        }
        entries.append((pendingNarration, line))
        pendingNarration = []
    }

    /// Notes a session's line about to be replayed as the first lines a
    /// shell runs (`run`, `present`): its narration, then its input.
    func note(_ block: Session.Block, backends: [any BindingBackend], columns: Int) {
        if self.backends == nil {
            self.backends = backends
            self.columns = columns
        }
        pendingNarration += block.narration
        note(block.input, backends: backends, columns: columns)
    }
}
