import BindingKit
import Playground

/// The `:compare` tables of the docs' pages, generated: a page states the
/// backends and the actions once, in a comment a reader does not see
/// rendered, and the table under it is what `:compare` counts for them.
///
/// ```
/// <!-- compare: delegate,dynamic; orders load; orders rename 2 Gift; (back); movies search love -->
/// | action | dynamic | delegate |
/// | --- | --- | --- |
/// | `orders load` | HOPS (N queued) / UPDATES / REDUNDANT | HOPS / UPDATES / REDUNDANT |
/// ```
///
/// The marker's first field is the backends, as `:use` takes them; then the
/// steps, separated by `;` (quotes protect one), run one after the other on
/// one fresh playground, as if typed after `:use`. A screen action is a row;
/// a step in parentheses, or one of a few playground commands (`:reset`,
/// `:net`, `:clock`, `:wait`, `:step`, `:release`), runs without one. The
/// marker may span lines; the table is the `|` lines right under its end.
/// Lines inside a fenced code block are never markers.
enum CompareTables {
    static let opening = "<!-- compare:"
    static let closing = "-->"
    /// The playground commands a marker may run between its rows: none
    /// changes the backends in use or touches a file.
    static let playgroundSteps: Set = [":reset", ":net", ":clock", ":wait", ":step", ":release"]

    /// What went wrong, at a line of the page (1-based): the marker's first.
    struct Failure: Error, Equatable {
        let line: Int
        let message: String
    }

    /// One step of a marker.
    struct Step: Equatable {
        /// What is typed.
        let line: String
        /// Whether it gets a row of the table.
        let tabulated: Bool
    }

    /// A marker and the table under it, by line index (0-based) in the page.
    struct Marker: Equatable {
        /// The marker's first line.
        let start: Int
        let backends: String
        let steps: [Step]
        /// The lines of the table under it; empty when there is none.
        let table: Range<Int>

        /// The marker's line as a person counts (1-based).
        var line: Int { start + 1 }
    }

    /// The page's markers, in order.
    static func markers(in lines: [String]) throws(Failure) -> [Marker] {
        var markers: [Marker] = []
        var fence: String?
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingBlanks
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                index += 1
                continue
            }
            if let mark = ["```", "~~~"].first(where: trimmed.hasPrefix) {
                fence = mark
                index += 1
                continue
            }
            guard trimmed.hasPrefix(opening) else {
                index += 1
                continue
            }
            let start = index
            var body = String(trimmed.dropFirst(opening.count))
            while !body.hasSuffix(closing) {
                index += 1
                guard index < lines.count else {
                    throw Failure(line: start + 1, message: "the compare marker does not end (with -->)")
                }
                body += " " + lines[index].trimmingBlanks
            }
            let (backends, steps) = try parse(String(body.dropLast(closing.count)), line: start + 1)
            let first = index + 1
            var end = first
            while end < lines.count, lines[end].hasPrefix("|") { end += 1 }
            markers.append(Marker(start: start, backends: backends, steps: steps, table: first..<end))
            index = end
        }
        return markers
    }

    /// A marker's text between `<!-- compare:` and `-->`: the backends, then the steps.
    static func parse(_ body: String, line: Int) throws(Failure) -> (backends: String, steps: [Step]) {
        let fields: [String]
        do {
            fields = try Tokenizer.commands(body)
        } catch {
            throw Failure(line: line, message: "the compare marker: \(error.message)")
        }
        guard let backends = fields.first, !backends.hasPrefix("(") else {
            throw Failure(line: line, message: "the compare marker names no backends (compare: BACKENDS; ACTION; …)")
        }
        var steps: [Step] = []
        for field in fields.dropFirst() {
            let aside = field.hasPrefix("(") && field.hasSuffix(")")
            let typed = aside ? String(field.dropFirst().dropLast()).trimmingBlanks : field
            let name = typed.prefix { $0 != " " && $0 != "\t" }.lowercased()
            if playgroundSteps.contains(name) {
                steps.append(Step(line: typed, tabulated: false))
            } else if CommandRegistry.command(named: name)?.group == .screen {
                steps.append(Step(line: typed, tabulated: !aside))
            } else {
                let allowed = playgroundSteps.sorted().joined(separator: ", ")
                throw Failure(
                    line: line,
                    message:
                        "'\(typed.fitted(to: 32))' is not a step: a screen action (orders, movies, back), or \(allowed)"
                )
            }
        }
        guard steps.contains(where: \.tabulated) else {
            throw Failure(line: line, message: "the compare marker has no action to tabulate")
        }
        return (backends, steps)
    }

    /// The table a marker stands for: its steps run on a fresh playground.
    static func table(backends list: String, steps: [Step], line: Int, data: DataEnvironment) throws(Failure)
        -> [String]
    {
        let backends: [any BindingBackend]
        do {
            backends = try BackendRegistry.resolve(list)
        } catch {
            throw Failure(line: line, message: error.message)
        }
        let shell = Shell(backends: backends, data: data, output: BufferedOutput())
        let lanes = { shell.playground.lanes }
        let ids = backends.map(\.info.id)
        var rows = [
            "| action | " + ids.joined(separator: " | ") + " |",
            "|" + String(repeating: " --- |", count: ids.count + 1),
        ]
        for step in steps {
            let before = lanes().map(Tally.init)
            do {
                try shell.execute(step.line)
            } catch {
                throw Failure(line: line, message: "'\(step.line.fitted(to: 32))' failed: \(error.message)")
            }
            guard step.tabulated else { continue }
            let after = lanes().map(Tally.init)
            let screens = lanes().map { $0.render() }
            let cells = ids.indices.map { index in
                cell(before: before[index], after: after[index], sameScreen: screens[index] == screens[0])
            }
            // A `|` in the action would end its cell.
            let action = step.line.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
            rows.append("| `\(action)` | " + cells.joined(separator: " | ") + " |")
        }
        return rows
    }

    /// `hops (N queued, N dropped) / updates / redundant`, the counts
    /// `:compare` prints; `(another screen)` when the screen is not the
    /// first backend's.
    static func cell(before: Tally, after: Tally, sameScreen: Bool) -> String {
        let (sync, queued, dropped) = (
            after.sync - before.sync, after.queued - before.queued, after.dropped - before.dropped
        )
        let late = [(queued, "queued"), (dropped, "dropped")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let hops = "\(sync + queued + dropped)" + (late.isEmpty ? "" : " (\(late.joined(separator: ", ")))")
        let counts = "\(hops) / \(after.updates - before.updates) / \(after.redundant - before.redundant)"
        return sameScreen ? counts : counts + " (another screen)"
    }

    /// A page with its tables: each as checked in and as generated.
    struct Page {
        let lines: [String]
        let tables: [(marker: Marker, generated: [String])]

        /// The page with every table as generated.
        var updated: [String] {
            var lines = lines
            for (marker, generated) in tables.reversed() {
                lines.replaceSubrange(marker.table, with: generated)
            }
            return lines
        }

        /// The tables that are not as generated.
        var drifted: [(marker: Marker, generated: [String])] {
            tables.filter { Array(lines[$0.marker.table]) != $0.generated }
        }
    }

    /// Reads `text`'s markers and generates their tables.
    static func page(_ text: String, data: DataEnvironment) throws(Failure) -> Page {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var tables: [(marker: Marker, generated: [String])] = []
        for marker in try markers(in: lines) {
            tables.append(
                (marker, try table(backends: marker.backends, steps: marker.steps, line: marker.line, data: data)))
        }
        return Page(lines: lines, tables: tables)
    }
}
