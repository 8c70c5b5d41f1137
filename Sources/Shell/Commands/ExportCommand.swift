import Experiments
import Pictures
import Playground

/// `:export html FILE`, `:export diff NAME NAME [ROLE] FILE`: a page for a
/// browser, written to FILE.
struct ExportCommand: Command {
    let name = ":export"
    let group = CommandGroup.playground
    let usage = [":export html FILE", ":export diff NAME NAME [ROLE] FILE"]
    let summary = "write this session, or two backends' files side by side, as one self-contained HTML page"
    var details: String {
        """
        html FILE writes the lines run here so far as a page: each step's narration
        (the # lines typed before it), its command, the screens of every backend in
        use side by side at each instant, its marbles as SVG, :compare's tables, and
        what the other commands printed. The lines are replayed from a fresh start
        on the backends the first of them ran on, as a session of them would be:
        the page is the one bindlab export html gives for such a session.

        diff NAME NAME [ROLE] FILE writes :diff's pairs as a page: a table of the
        roles, then each pair side by side, the lines that differ marked; ROLE
        picks one pair, as :diff takes it.

        The page is one file: its style and pictures inline, nothing fetched. It
        replaces FILE (a new file written beside it, then renamed over it: a link
        there is replaced, never followed). A session being replayed or checked
        writes nothing: bindlab export html SESSION -o FILE makes its page.
        """
    }
    let completions = ["html", "diff"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard let format = words.first else { throw misuse("say what to export: html or diff") }
        switch format {
        case "html":
            guard words.count == 2 else { throw misuse("name the file to write", of: "html") }
            let path = words[1]
            try context.permitWriting(path)
            let page = try context.sessionPage()
            try Self.write(page.html, to: path)
            context.say(
                "wrote \(path): \(page.steps) step\(page.steps == 1 ? "" : "s"), \(ExportFile.size(of: page.html))")
        case "diff":
            guard words.count >= 4 else { throw misuse("name two backends, then the file to write", of: "diff") }
            let path = words[words.count - 1]
            try context.permitWriting(path)
            let page = try DiffPage.make(
                Array(words[1..<(words.count - 1)]), sourceRoot: context.sourceRoot, generator: nil)
            try Self.write(page.html, to: path)
            context.say("wrote \(path): \(page.summary), \(ExportFile.size(of: page.html))")
        default:
            throw misuse(unknownWord(format, among: completions))
        }
    }

    static func write(_ text: String, to path: String) throws(ShellError) {
        do {
            try ExportFile.write(text, to: path)
        } catch {
            throw .fileUnwritable(path: path, reason: error.message)
        }
    }
}
