public import BindingKit
import Playground

/// How findings are shown: the `:probe` table, the terminal matrix, the
/// markdown table of Docs/approaches/README.md.
public enum Report {
    /// `:probe NAME`: the question, a row per backend, then the notes,
    /// wrapped at `width` columns.
    public static func probe(_ experiment: Experiment, on backends: [any BindingBackend], width: Int = 100)
        -> [String]
    {
        // What runs in children runs for every backend at once, side by side.
        if experiment.runsInAChild { Isolation.prepare(backends) }
        let findings = backends.map { experiment.run(on: $0) }
        var rows = [["backend"] + experiment.columns]
        for (backend, finding) in zip(backends, findings) {
            rows.append([backend.info.id] + finding.cells)
        }
        var lines = wrapped("\(experiment.name): \(experiment.question)", width: width, indent: "  ")
        let laidOut = table(rows)
        if laidOut.allSatisfy({ $0.displayWidth <= width }) {
            lines += laidOut
        } else {
            // Too wide for a table: a block per backend, a line per column.
            for (backend, finding) in zip(backends, findings) {
                lines.append(backend.info.id)
                for (column, cell) in zip(experiment.columns, finding.cells) {
                    lines += wrapped("  \(column): \(cell)", width: width, indent: "      ")
                }
            }
        }
        for (backend, finding) in zip(backends, findings) {
            for note in finding.notes {
                lines += wrapped("  \(backend.info.id): \(note)", width: width, indent: "      ")
            }
        }
        return lines
    }

    /// `:probe` alone: one line per experiment, its question wrapped at `width` columns.
    public static func list(width: Int = 100) -> [String] {
        let names = Experiments.all.map(\.name.count).max() ?? 0
        let indent = String(repeating: " ", count: names + 4)
        return Experiments.all.flatMap { experiment in
            // Wrapped on its own, so that the padding between name and question stays.
            let question = wrapped(experiment.question, width: max(20, width - indent.count), indent: "")
            return question.enumerated().map { index, line in
                (index == 0 ? "  \(experiment.name.padded(to: names))  " : indent) + line
            }
        }
    }

    /// `bindlab matrix`: every experiment × every backend, the verdicts in
    /// tables of as many backends as fit `width` columns.
    public static func matrix(_ backends: [any BindingBackend], width: Int = 100) -> [String] {
        matrix(MatrixTable(running: backends), width: width)
    }

    /// The same tables, laid out from the matrix as data.
    public static func matrix(_ table: MatrixTable, width: Int = 100) -> [String] {
        let ids = table.backends.map(\.id)
        let verdicts = table.findings.map { $0.map(\.verdict) }
        let names = table.experiments.map(\.name)
        let nameWidth = names.map(\.count).max() ?? 0
        var lines: [String] = []
        var start = 0
        while start < ids.count {
            // Add backends while the table still fits.
            var end = start + 1
            while end < ids.count {
                let used =
                    nameWidth
                    + (start...end).reduce(0) { total, index in
                        total + 2 + max(ids[index].count, verdicts.map { $0[index].count }.max() ?? 0)
                    }
                if used > width { break }
                end += 1
            }
            if !lines.isEmpty { lines.append("") }
            var rows = [["experiment"] + ids[start..<end]]
            for (name, row) in zip(names, verdicts) {
                rows.append([name] + Array(row[start..<end]))
            }
            lines += self.table(rows)
            start = end
        }
        return lines
    }

    /// `bindlab matrix --markdown`: the table of Docs/approaches/README.md,
    /// a column per backend (linked to its page), a row per experiment.
    public static func markdown(_ backends: [any BindingBackend]) -> [String] {
        markdown(MatrixTable(running: backends))
    }

    /// The same table, laid out from the matrix as data.
    public static func markdown(_ table: MatrixTable) -> [String] {
        func escaped(_ text: String) -> String { text.replacingAll("|", with: "\\|") }
        let backends = table.backends
        var lines = [
            // A variant links to its approach's page, which covers every variant.
            "| | " + backends.map { "[`\($0.id)`](\($0.approach).md)" }.joined(separator: " | ") + " |",
            "| --- |" + String(repeating: " --- |", count: backends.count),
            "| article | " + backends.map { escaped("\($0.article) (\($0.year))") }.joined(separator: " | ")
                + " |",
        ]
        for (experiment, findings) in zip(table.experiments, table.findings) {
            let cells = findings.map { finding -> String in
                // The first column often is the verdict itself: not said twice.
                let detail = zip(experiment.columns, finding.cells).enumerated()
                    .filter { index, pair in
                        ![Finding.notPossible, "—"].contains(pair.1) && !(index == 0 && pair.1 == finding.verdict)
                    }
                    .map { "\($0.1.0): \($0.1.1)" }
                if finding.isNotPossible {
                    return escaped("n/a — " + finding.notes.joined(separator: "; ").droppingPrefix("not possible: "))
                }
                return escaped(
                    "**\(finding.verdict)**" + (detail.isEmpty ? "" : " (" + detail.joined(separator: "; ") + ")"))
            }
            lines.append("| \(experiment.name) | " + cells.joined(separator: " | ") + " |")
        }
        lines += ["", "How each row is observed (`:probe NAME` runs one at the prompt, on the backends in use):", ""]
        for experiment in table.experiments {
            let method = experiment.method.split(separator: "\n").joined(separator: " ")
            lines.append("- **\(experiment.name)**: \(experiment.question) \(method)")
        }
        return lines
    }

    /// `text` cut into lines of at most `width` columns at spaces, the lines
    /// after the first indented by `indent`. A word longer than a line stays whole.
    static func wrapped(_ text: String, width: Int, indent: String) -> [String] {
        let margin = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = margin
        for word in text.dropFirst(margin.count).split(separator: " ") {
            if line.count > margin.count, (line + " " + word).displayWidth > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (line.count > margin.count ? " " : "") + word
            }
        }
        lines.append(line)
        return lines
    }

    /// Columns padded to their widest cell, two spaces apart.
    static func table(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].displayWidth : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in cell.padded(to: widths[column]) }.joined(separator: "  ")
                .trimmingTrailingSpaces
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        reduce(into: "") { result, character in
            if character == target { result += replacement } else { result.append(character) }
        }
    }

    fileprivate func droppingPrefix(_ prefix: String) -> String {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self
    }
}
