import Playground

/// The last line of `bindlab check --backend all DIR`, the workshop's set-up
/// check: one sentence an attendee reads aloud to the presenter — all green,
/// or what failed and the one command that shows it.
///
/// Said only when every backend of the matrix was checked: a check of one
/// backend is a developer's, and its summary line says enough.
struct SetupVerdict: Equatable {
    /// A session that failed, on which backends; `unread` when the file
    /// could not be read or parsed (then none of it ran).
    struct Failure: Equatable {
        let file: String
        let backends: [String]
        let unread: Bool
    }

    /// The backends checked, in the order they were.
    let backends: [String]
    /// How many session files were found.
    let sessions: Int
    let failures: [Failure]
    /// Whether an error was reported (a file unread, a folder unsearchable).
    let errors: Bool

    init(backends: [String], sessions: Int, failures: [Failure], errors: Bool = false) {
        self.backends = backends
        self.sessions = sessions
        self.failures = failures
        self.errors = errors || failures.contains(where: \.unread)
    }

    /// From `check`'s own list of failures and its flag for errors reported.
    init(
        backends: [String], sessions: Int, failing: [(file: String, backends: [String], broken: Bool)], errors: Bool
    ) {
        self.init(
            backends: backends, sessions: sessions,
            failures: failing.map { Failure(file: $0.file, backends: $0.backends, unread: $0.broken) }, errors: errors)
    }

    /// The line, or nil when not every backend of the matrix was checked.
    func line(matrix: [String] = BackendRegistry.inAll.map(\.info.id)) -> String? {
        guard Set(matrix).isSubset(of: backends) else { return nil }
        return sentence
    }

    /// Writes the line, green or red, when every backend was checked.
    func say(to output: any OutputSink, style: Style) {
        guard let line = line() else { return }
        output.write((green ? style.green(line) : style.red(line)) + "\n", to: .standard)
    }

    /// Whether nothing failed, no error was reported and something was checked.
    var green: Bool { failures.isEmpty && !errors && sessions > 0 }

    /// The sentence, whichever backends were checked.
    var sentence: String {
        if green {
            return "set-up: all green — \(count(backends.count, "backend")) × \(count(sessions, "session"))"
        }
        guard sessions > 0 else { return "set-up: no session was found — check the folder's name (errors above)" }
        var parts: [String] = []
        let unread = failures.filter(\.unread)
        if let first = unread.first {
            parts.append("\(count(unread.count, "session file")) not read — fix \(first.file) (its error is above)")
        } else if errors {
            parts.append("a folder could not be searched (its error is above)")
        }
        let differing = failures.filter { !$0.unread }
        if let first = differing.first, let backend = first.backends.first {
            let total = differing.reduce(0) { $0 + $1.backends.count }
            let failing = backends.filter { id in differing.contains { $0.backends.contains(id) } }
            parts.append(
                "\(count(total, "failure")) on \(naming(failing)) — run bindlab check --backend \(backend) \(first.file)"
                    + " and show the presenter its diff")
        }
        return "set-up: " + parts.joined(separator: "; ")
    }

    /// The failing backends, said short: "every backend", or at most three by name.
    private func naming(_ failing: [String]) -> String {
        if failing.count == backends.count, backends.count > 1 { return "every backend" }
        if failing.count > 3 { return "\(failing.prefix(3).joined(separator: ", ")) and \(failing.count - 3) more" }
        return failing.joined(separator: ", ")
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
