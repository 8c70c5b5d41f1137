import BindingKit
import Experiments
import Pictures

/// Two backends' files paired by role (`SourcePairing`), as `:diff` prints
/// them: a table of the pairs, then each pair's hunks — side by side from
/// 100 columns, stacked as a unified diff below. A line wider than its room
/// is cut with `…`, never wrapped, so that each line shown is one line of a
/// file, as `:source` shows them.
struct SourceDiffText {
    let pairing: SourcePairing
    let sources: PackageSources
    let columns: Int
    let style: Style

    /// From this width the two sides of a hunk stand side by side.
    static let sideBySideColumns = 100

    /// The table of every pair, then the hunks of each pair both backends have.
    func all() -> [String] {
        var lines = table()
        for pair in pairing.pairs {
            lines.append("")
            lines += self.pair(pair)
        }
        return lines
    }

    /// One pair: a heading, then its hunks (or why there are none).
    func pair(_ pair: SourcePairing.Pair) -> [String] {
        let (left, right) = (pairing.left.backend, pairing.right.backend)
        guard let leftFile = pair.left, let rightFile = pair.right else {
            let (id, file) = pair.left.map { (left, $0) } ?? (right, pair.right ?? "")
            let source = ":source \(id) \(Self.baseName(file))"
            return "── \(pair.role): \(file), only in \(id) (\(source) shows it)".wrapped(to: columns, indent: 3)
                .map(style.bold)
        }
        let heading =
            (leftFile == rightFile
            ? "── \(pair.role): \(leftFile)" : "── \(pair.role): \(leftFile) ↔ \(rightFile)")
            .wrapped(to: columns, indent: 3).map(style.bold)
        let diff: FileDiff
        do {
            diff = try pairing.diff(pair, in: sources)
        } catch {
            return heading + ["  cannot read them: \(error.message)"]
        }
        guard !diff.isEmpty else { return heading + ["  the same in \(left) and \(right)"] }
        var lines = heading
        for hunk in diff.hunks {
            let span = { (id: String, range: ClosedRange<Int>?) in
                range.map { "\(id) \($0.lowerBound)-\($0.upperBound)" } ?? "\(id) none"
            }
            lines.append(style.cyan("@@ \(span(left, hunk.left)) ↔ \(span(right, hunk.right)) @@".fitted(to: columns)))
            let rows = Array(diff.rows[hunk.rows])
            let width = String(max(hunk.left?.upperBound ?? 0, hunk.right?.upperBound ?? 0)).count
            lines += columns >= Self.sideBySideColumns ? sideBySide(rows, width) : stacked(rows, width)
        }
        return lines
    }

    /// A line per role: its files without `.swift` (one path when both sides have the same),
    /// and how many lines differ.
    func table() -> [String] {
        let (left, right) = (pairing.left.backend, pairing.right.backend)
        var rows = [["role", "files", "differ"]]
        for pair in pairing.pairs {
            let (leftStem, rightStem) = (pair.left.map(Self.stem) ?? "—", pair.right.map(Self.stem) ?? "—")
            let files = leftStem == rightStem ? leftStem : "\(leftStem) ↔ \(rightStem)"
            rows.append([pair.role, files, summary(pair)])
        }
        let widths = (0..<3).map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        let title =
            "\(left) (\(pairing.left.folder)/) ↔ \(right) (\(pairing.right.folder)/): "
            + "\(pairing.pairs.count) roles, \(pairing.pairs.count { $0.left != nil && $0.right != nil }) in both"
        var lines = title.wrapped(to: columns, indent: 2)
        guard widths.reduce(0, +) + 2 * 2 + 2 <= columns else {
            // Too narrow for a table: two lines per role.
            for row in rows.dropFirst() {
                lines += "  \(row[0]): \(row[2])".wrapped(to: columns, indent: 4)
                lines += "    \(row[1])".wrapped(to: columns, indent: 6)
            }
            return lines
        }
        for (index, row) in rows.enumerated() {
            let line = "  " + row.enumerated().map { $1.padded(to: widths[$0]) }.joined(separator: "  ")
            lines.append(index == 0 ? style.dim(line.trailingBlanksTrimmed) : line.trailingBlanksTrimmed)
        }
        return lines
    }

    /// `-3 +5`: the lines only the left has, and only the right; `same`.
    /// A file one side has alone counts all its lines.
    private func summary(_ pair: SourcePairing.Pair) -> String {
        guard let diff = try? pairing.diff(pair, in: sources, context: 0) else { return "unreadable" }
        guard !diff.isEmpty else { return "same" }
        let removed = diff.rows.count { $0.kind == .changed || $0.kind == .leftOnly }
        let added = diff.rows.count { $0.kind == .changed || $0.kind == .rightOnly }
        return [removed > 0 ? "-\(removed)" : nil, added > 0 ? "+\(added)" : nil].compactMap { $0 }.joined(
            separator: " ")
    }

    /// The rows as two columns: the left's lines, the right's beside them,
    /// `-` before a line only the left has (or changed), `+` for the right.
    private func sideBySide(_ rows: [FileDiff.Row], _ width: Int) -> [String] {
        let side = (columns - 3) / 2
        return rows.map { row in
            let changedLeft = row.kind == .changed || row.kind == .leftOnly
            let changedRight = row.kind == .changed || row.kind == .rightOnly
            let left = cell(row.left, mark: changedLeft ? "-" : " ", width, side)
            let right = cell(row.right, mark: changedRight ? "+" : " ", width, side)
            let shownLeft = changedLeft ? style.red(left) : left
            let shownRight = changedRight ? style.green(right.trailingBlanksTrimmed) : right.trailingBlanksTrimmed
            return (shownLeft + " │ " + shownRight).trailingBlanksTrimmed
        }
    }

    private func cell(_ line: FileDiff.Line?, mark: String, _ width: Int, _ side: Int) -> String {
        guard let line else { return String(repeating: " ", count: side) }
        let number = String(line.number)
        let text = "\(mark) " + String(repeating: " ", count: width - number.count) + number + "  " + line.text
        return text.padded(to: side)
    }

    /// The rows as a unified diff with both line numbers: a run of changes
    /// gives the left's lines (`-`), then the right's (`+`).
    private func stacked(_ rows: [FileDiff.Row], _ width: Int) -> [String] {
        let blank = String(repeating: " ", count: width)
        let number = { (line: FileDiff.Line?) in
            line.map { String(repeating: " ", count: width - String($0.number).count) + String($0.number) } ?? blank
        }
        var lines: [String] = []
        var run: [FileDiff.Row] = []
        func flush() {
            for row in run {
                if let left = row.left {
                    lines.append(
                        style.red("- \(number(left)) \(blank)  \(left.text)".fitted(to: columns).trailingBlanksTrimmed))
                }
            }
            for row in run {
                if let right = row.right {
                    lines.append(
                        style.green(
                            "+ \(blank) \(number(right))  \(right.text)".fitted(to: columns).trailingBlanksTrimmed))
                }
            }
            run = []
        }
        for row in rows {
            guard row.kind == .same else {
                run.append(row)
                continue
            }
            flush()
            lines.append(
                "  \(number(row.left)) \(number(row.right))  \(row.left?.text ?? "")".fitted(to: columns)
                    .trailingBlanksTrimmed)
        }
        flush()
        return lines
    }

    /// `Orders/OrdersViewModel` for `Orders/OrdersViewModel.swift`.
    static func stem(_ file: String) -> String {
        file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file
    }

    /// `OrdersViewModel` for `Orders/OrdersViewModel.swift`.
    static func baseName(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".swift") ? String(name.dropLast(".swift".count)) : name
    }
}
