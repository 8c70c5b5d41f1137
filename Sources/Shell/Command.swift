/// One command of the shell: its name, how to call it, what it does, and the
/// code that runs it.
struct Command: Sendable {
    enum Group: String, CaseIterable, Sendable {
        case screen = "Screen actions (what a user of the app does)"
        case playground = "Playground (what the explorer does)"
    }

    /// The first word: `orders`, `:use`.
    let name: String
    let group: Group
    /// One line per form: `orders select N`.
    let usage: [String]
    /// One line: what it does.
    let summary: String
    /// Longer help for `:help NAME`, made when asked for: some is built from
    /// tables (`:probe`'s, from every experiment), which every start of the
    /// program would otherwise pay for.
    var details: String { makeDetails() }
    private let makeDetails: @Sendable () -> String
    /// Words that may follow the name, for completion.
    let arguments: [String]
    let run: @Sendable (Shell, [String]) throws(ShellError) -> Void

    init(
        _ name: String, _ group: Group, usage: [String], summary: String,
        details: @autoclosure @escaping @Sendable () -> String = "",
        arguments: [String] = [], run: @escaping @Sendable (Shell, [String]) throws(ShellError) -> Void
    ) {
        self.name = name
        self.group = group
        self.usage = usage
        self.summary = summary
        self.makeDetails = details
        self.arguments = arguments
        self.run = run
    }

    /// Runs the command on the words after its name; an argument in the
    /// wrong form is reported with the usage of the form it was given to.
    func perform(_ shell: Shell, _ words: [String]) throws(ShellError) {
        do {
            try run(shell, words)
        } catch .argument(let problem) {
            throw misuse(problem, of: words.first)
        }
    }

    /// A usage error naming this command's forms: those of `verb` when it
    /// has some (`orders rename x` shows `orders rename N NAME`, not all six),
    /// else every form.
    func misuse(_ problem: String, of verb: String? = nil) -> ShellError {
        let forms = verb.map { verb in usage.filter { $0.split(separator: " ").dropFirst().first == Substring(verb) } }
        let shown = forms.flatMap { $0.isEmpty ? nil : $0 } ?? usage
        return .usage("\(problem) (usage: \(shown.joined(separator: " | ")))")
    }
}
