import BindingKit
import Experiments
import Pictures
import Playground

/// `:diff A B [ROLE]` as a page: what TodoMVC's readers asked for — two
/// approaches' files paired by role, side by side. First a table of the
/// roles (each a link to its pair), then each pair's hunks in two columns,
/// every line numbered, a line only one side has or that changed marked
/// (`-` and red on the left, `+` and green on the right). A file the other
/// backend has nothing for is shown whole, on its side.
struct DiffPage {
    let pairing: SourcePairing
    let sources: PackageSources
    /// The pairs shown: every one, or the one ROLE named.
    let pairs: [SourcePairing.Pair]
    let generator: String?

    /// The page `:diff` would print for `words` (`NAME NAME [ROLE]`), read
    /// from the package at `sourceRoot`.
    ///
    /// - Throws: as `:diff` does: an unknown backend or role, no sources.
    static func make(_ words: [String], sourceRoot: String?, generator: String?) throws(ShellError) -> DiffPage {
        guard words.count >= 2 else {
            throw .badUsage(problem: "name two backends", forms: [":export diff NAME NAME [ROLE] FILE"])
        }
        let backends = try words.prefix(2).map { word throws(ShellError) in try BackendRegistry.resolve(word) }
        guard backends.allSatisfy({ $0.count == 1 }) else {
            throw .badUsage(problem: "name two backends, one each side", forms: [":export diff NAME NAME [ROLE] FILE"])
        }
        let sources = try SourceCode.sources(at: sourceRoot)
        let pairing = SourcePairing(backends[0][0], backends[1][0], in: sources)
        var pairs = pairing.pairs
        if words.count > 2, !pairing.sharesFolder {
            pairs = [try DiffCommand.pair(named: words.dropFirst(2).joined(separator: " "), in: pairing)]
        }
        return DiffPage(pairing: pairing, sources: sources, pairs: pairs, generator: generator)
    }

    private var left: String { pairing.left.backend }
    private var right: String { pairing.right.backend }

    /// `12 roles, 9 in both`, or that the two share their files.
    var summary: String {
        guard !pairing.sharesFolder else { return "\(left) and \(right) share their files" }
        return "\(pairs.count) role\(pairs.count == 1 ? "" : "s"), "
            + "\(pairs.count { $0.left != nil && $0.right != nil }) in both"
    }

    var html: String {
        let title = "\(left) ↔ \(right)"
        var body = "<header>\n<h1>\(HTML.escape(title))</h1>\n<p class=\"meta\">"
        body += "<code>\(HTML.escape(pairing.left.folder))/</code> ↔ <code>\(HTML.escape(pairing.right.folder))/</code>"
        body += ": \(HTML.escape(summary))"
        if let generator { body += " · made with <code>\(HTML.escape(generator))</code>" }
        body += "</p>\n</header>\n<main>\n"
        if pairing.sharesFolder {
            body +=
                "<p>\(HTML.escape(left)) and \(HTML.escape(right)) share \(HTML.escape(pairing.left.folder))/: "
                + "the same files, nothing to pair (<code>:explain</code> says how each is built).</p>\n"
        } else {
            body += table()
            for pair in pairs { body += section(pair) }
        }
        body += "</main>\n"
        return HTML.page(title: title, generator: generator, style: Self.style, body: body)
    }

    private func anchor(_ pair: SourcePairing.Pair) -> String { "role-" + HTML.slug(pair.role) }

    /// A row per role: its files, how many lines only each side has.
    private func table() -> String {
        var html = "<table class=\"roles\">\n<thead><tr><th>role</th><th>\(HTML.escape(left))</th>"
        html += "<th>\(HTML.escape(right))</th><th>differ</th></tr></thead>\n<tbody>\n"
        for pair in pairs {
            let diff = try? pairing.diff(pair, in: sources, context: 0)
            let removed = diff?.rows.count { $0.kind == .changed || $0.kind == .leftOnly } ?? 0
            let added = diff?.rows.count { $0.kind == .changed || $0.kind == .rightOnly } ?? 0
            let differ =
                diff == nil
                ? "unreadable"
                : (diff?.isEmpty == true
                    ? "same"
                    : [removed > 0 ? "-\(removed)" : nil, added > 0 ? "+\(added)" : nil].compactMap { $0 }
                        .joined(separator: " "))
            html +=
                "<tr><td><a href=\"#\(anchor(pair))\">\(HTML.escape(pair.role))</a></td>"
                + "<td>\(HTML.escape(pair.left ?? "—"))</td><td>\(HTML.escape(pair.right ?? "—"))</td>"
                + "<td class=\"differ\">\(HTML.escape(differ))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    /// One pair: its heading, then its hunks side by side.
    private func section(_ pair: SourcePairing.Pair) -> String {
        let files =
            pair.left == pair.right
            ? (pair.left ?? "") : "\(pair.left ?? "(none)") ↔ \(pair.right ?? "(none)")"
        var html = "<section class=\"pair\" id=\"\(anchor(pair))\">\n"
        html += "<h2>\(HTML.escape(pair.role)) <small>\(HTML.escape(files))</small></h2>\n"
        if pair.left == nil || pair.right == nil {
            let only = pair.left == nil ? right : left
            html += "<p class=\"meta\">only in \(HTML.escape(only))</p>\n"
        }
        let diff: FileDiff
        do {
            diff = try pairing.diff(pair, in: sources)
        } catch {
            return html + "<p class=\"error\">cannot read them: \(HTML.escape(error.message))</p>\n</section>\n"
        }
        guard !diff.isEmpty else {
            return html
                + "<p class=\"meta\">the same in \(HTML.escape(left)) and \(HTML.escape(right))</p>\n</section>\n"
        }
        html +=
            "<table class=\"diff\">\n<colgroup><col class=\"n\"/><col class=\"t\"/><col class=\"n\"/><col class=\"t\"/>"
        html += "</colgroup>\n<tbody>\n"
        for hunk in diff.hunks {
            let span = { (id: String, range: ClosedRange<Int>?) in
                range.map { "\(id) \($0.lowerBound)-\($0.upperBound)" } ?? "\(id) none"
            }
            html +=
                "<tr class=\"hunk\"><th colspan=\"4\">@@ \(HTML.escape(span(left, hunk.left))) ↔ "
                + "\(HTML.escape(span(right, hunk.right))) @@</th></tr>\n"
            for row in diff.rows[hunk.rows] {
                let leftMarked = row.kind == .changed || row.kind == .leftOnly
                let rightMarked = row.kind == .changed || row.kind == .rightOnly
                html += "<tr class=\"\(Self.kind(row.kind))\">"
                html += cells(row.left, mark: leftMarked ? "-" : nil, side: "removed")
                html += cells(row.right, mark: rightMarked ? "+" : nil, side: "added")
                html += "</tr>\n"
            }
        }
        return html + "</tbody></table>\n</section>\n"
    }

    private func cells(_ line: FileDiff.Line?, mark: String?, side: String) -> String {
        guard let line else { return "<td class=\"n\"></td><td class=\"t empty\"></td>" }
        let marked = mark != nil ? " \(side)" : ""
        return "<td class=\"n\(marked)\">\(mark.map { $0 + " " } ?? "")\(line.number)</td>"
            + "<td class=\"t\(marked)\"><pre>\(HTML.escape(line.text))</pre></td>"
    }

    private static func kind(_ kind: FileDiff.Row.Kind) -> String {
        switch kind {
        case .same: "same"
        case .changed: "changed"
        case .leftOnly: "left-only"
        case .rightOnly: "right-only"
        }
    }

    static let style = """
        table.roles td.differ { font-family: var(--mono); font-size: 13px; }
        section.pair { margin-top: 24px; }
        section.pair h2 small { font: 13px var(--mono); color: var(--dim); margin-left: 8px; }
        table.diff { width: 100%; table-layout: fixed; font-size: 12px; }
        table.diff col.n { width: 5em; }
        table.diff td { border: none; padding: 0 6px; }
        table.diff td.n { color: var(--dim); text-align: right; font-family: var(--mono); white-space: nowrap;
          border-left: 1px solid var(--line); }
        table.diff td.t pre { white-space: pre-wrap; word-break: break-all; font-size: 12px; }
        table.diff td.removed { background: #ffebe9; }
        table.diff td.n.removed { color: var(--red); }
        table.diff td.added { background: #dafbe1; }
        table.diff td.n.added { color: var(--green); }
        table.diff td.empty { background: var(--wash); }
        table.diff tr.hunk th { font: 12px var(--mono); color: #0a6a80; background: #ddf4ff; text-align: left; }

        """
}
