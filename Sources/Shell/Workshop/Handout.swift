// The workshop's generated pages: the attendees' one-page handout and the
// teacher's answers, made from the registries and live runs so that they
// never drift from the program (Docs/workshop.md holds both, between
// markers, and a test regenerates them). Part of the Shell module.
import BindingKit
import CommandLineOptions
import Playground

/// `bindlab handout`: what an attendee keeps on one page — how to start,
/// every command, the keys, the approaches in one table — as markdown.
enum Handout {
    /// The keys at the prompt: libedit's, as the editor binds them.
    static let promptKeys: [(key: String, does: String)] = [
        ("Tab", "completes the command, its word, a backend; twice lists the choices"),
        ("↑ ↓, Ctrl-R", "the history (kept between runs), searched backwards"),
        ("Ctrl-C", "drops the line; while a command runs, stops its clock"),
        ("Ctrl-D", "on an empty line, quits"),
    ]

    /// `kit watch`'s keys, from the line it shows (`h hint · n next task · …`).
    static var kitWatchKeys: [(key: String, does: String)] {
        KitWatch.keys.split(separator: " · ").map { entry in
            let words = entry.split(separator: " ", maxSplits: 1).map(String.init)
            return (words[0], words.count > 1 ? words[1] : "")
        }
    }

    /// The handout, a line each: of the shipped backends only, so that a
    /// kit in progress (`bindlab kit new`) never lands in the page.
    static func markdown() -> [String] {
        var lines = ["#### Starting", "", "```"]
        lines.append("bindlab                       the prompt: type commands; :help lists them")
        lines += Subcommand.all.map(\.usage)
        lines += ["```", "", "#### Commands", "", "| command | does |", "| --- | --- |"]
        for command in CommandRegistry.all {
            let forms = command.usage.map { "`\($0.tableCell)`" }.joined(separator: " ")
            lines.append("| \(forms) | \(command.summary.tableCell) |")
        }
        lines += ["", "#### Keys", "", "| where | key | does |", "| --- | --- | --- |"]
        for (place, keys) in [
            ("the prompt", promptKeys), ("`present`", Presenter.keys), ("`quiz`", QuizRunner.keys),
            ("`kit watch`", kitWatchKeys),
        ] {
            for (index, key) in keys.enumerated() {
                lines.append("| \(index == 0 ? place : "") | \(key.key.tableCell) | \(key.does.tableCell) |")
            }
        }
        lines += [
            "", "#### The approaches", "", "| backend | approach | year | its glue |", "| --- | --- | --- | --- |",
        ]
        for backend in BackendRegistry.shipped {
            let info = backend.info
            let id = info.variant == nil ? "`\(info.id)`" : "└ `\(info.id)`"
            lines.append("| \(id) | \(info.approach) | \(info.year) | \(info.summary.tableCell) |")
        }
        lines.append("")
        var articles: [(article: String, year: Int, ids: [String])] = []
        for backend in BackendRegistry.shipped {
            if let index = articles.firstIndex(where: { $0.article == backend.info.article }) {
                articles[index].ids.append(backend.info.id)
            } else {
                articles.append((backend.info.article, backend.info.year, [backend.info.id]))
            }
        }
        lines += ["The articles:", ""]
        lines += articles.map { "- «\($0.article)» (\($0.year)): \($0.ids.joined(separator: ", "))" }
        return lines
    }

    /// What the markers of a markdown page stand for.
    enum Marker {
        /// `<!-- generated: bindlab ARGUMENTS -->`: the command whose output
        /// goes between it and `end`.
        static let begin = "<!-- generated: bindlab "
        static let end = "<!-- end of the generated text -->"
    }

    /// A marker that names no command the page may be made from.
    struct Failure: Error, Equatable {
        let line: Int
        let message: String
    }

    /// `text` with what lies between each pair of markers made again: the
    /// handout (`bindlab handout`), or a quiz's answers (`bindlab quiz
    /// --answers [--backend LIST] FILE…|DIR…`, its files read from `root`,
    /// on the shipped backends of LIST).
    static func regenerated(_ text: String, root: String) throws(Failure) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            result.append(line)
            index += 1
            guard line.hasPrefix(Marker.begin), line.hasSuffix("-->") else { continue }
            guard let end = lines[index...].firstIndex(of: Marker.end) else {
                throw Failure(line: index, message: "the marker has no \(Marker.end) below it")
            }
            let command = String(line.dropFirst(Marker.begin.count).dropLast(3)).trimmingBlanks
            result += try generated(by: command, root: root, line: index)
            index = end
        }
        return result.joined(separator: "\n")
    }

    /// What `bindlab COMMAND` prints, for the commands a page is made from.
    private static func generated(by command: String, root: String, line: Int) throws(Failure) -> [String] {
        let words = command.split(separator: " ").map(String.init)
        if words == ["handout"] { return markdown() }
        let arguments: ParsedArguments
        do {
            arguments = try OptionParser.parse(words)
        } catch {
            throw Failure(line: line, message: "bindlab \(command): \(error.message)")
        }
        guard arguments.subcommand == .quiz, arguments.has(.answers) else {
            throw Failure(
                line: line, message: "a page is made from bindlab handout or bindlab quiz --answers, not '\(command)'")
        }
        var backends = [BackendRegistry.defaultBackend]
        if let list = arguments.value(.backend) {
            do {
                backends = try BackendRegistry.resolve(list)
            } catch {
                throw Failure(line: line, message: error.message)
            }
        }
        // A kit in progress is in `all`, never in a page.
        let shipped = Set(BackendRegistry.shipped.map(\.info.id))
        backends = backends.filter { shipped.contains($0.info.id) }
        var quizzes: [Quiz] = []
        for operand in arguments.operands {
            let path = operand.hasPrefix("/") ? operand : root + "/" + operand
            let files: [String]
            do {
                files = SessionFiles.isDirectory(path) ? try SessionFiles.sessions(in: path) : [path]
            } catch {
                throw Failure(line: line, message: "\(operand): \(error.message)")
            }
            for file in files {
                do {
                    quizzes.append(try Quiz(try Session.load(file, name: operand + file.dropFirst(path.count))))
                } catch {
                    throw Failure(line: line, message: error.summary)
                }
            }
        }
        return QuizAnswers.markdown(quizzes, on: backends)
    }
}

extension String {
    /// Text that can stand in a markdown table's cell: its bars escaped.
    fileprivate var tableCell: String { replacingAll("|", with: "\\|") }
}
