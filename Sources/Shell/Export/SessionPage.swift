/// A session as one page, step by step: the narration, the command typed at
/// its prompt, then what it did — for a screen action, each instant's
/// screens of every backend in use side by side (those that changed then
/// drawn in full, the others dimmed), its marbles as SVG and their legend;
/// for `:compare`, its table; for anything else, the lines it printed.
struct SessionPage {
    let title: String
    /// The command line that made it; nil when it cannot be made again.
    let generator: String?
    /// The backends the session started on, and its width.
    let startedOn: [String]
    let columns: Int
    let steps: [ExportStep]
    /// The narration after the last step.
    let closingNarration: [String]

    func html() -> String {
        var body = "<header>\n<h1>\(HTML.escape(title))</h1>\n<p class=\"meta\">"
        let count = steps.count
        body += "\(count) step\(count == 1 ? "" : "s"), starting on \(HTML.escape(startedOn.joined(separator: ", ")))"
        body += " at \(columns) columns"
        if let generator { body += " · made with <code>\(HTML.escape(generator))</code>" }
        body += "</p>\n</header>\n<main>\n"
        for step in steps { body += section(step) }
        if !closingNarration.isEmpty { body += "<footer>\n" + narration(closingNarration) + "</footer>\n" }
        body += "</main>\n"
        return HTML.page(title: title, generator: generator, style: Self.style + MarbleSVG.style, body: body)
    }

    private func section(_ step: ExportStep) -> String {
        let id = "step-\(step.number)"
        var html = "<section class=\"step\" id=\"\(id)\">\n"
        if !step.narration.isEmpty { html += narration(step.narration) }
        html +=
            "<p class=\"command\"><a class=\"number\" href=\"#\(id)\">\(step.number)</a>"
            + "<span class=\"prompt\">\(HTML.escape(step.prompt))</span><kbd>\(HTML.escape(step.input))</kbd></p>\n"
        if let action = step.action {
            html += actionHTML(action, messages: step.messages)
        } else {
            html += output(step.lines)
        }
        if let comparison = step.comparison { html += table(comparison) }
        return html + "</section>\n"
    }

    /// Narration as paragraphs: an empty line ends one.
    private func narration(_ lines: [String]) -> String {
        var paragraphs: [[String]] = [[]]
        for line in lines {
            if line.trimmingBlanks.isEmpty {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
            } else {
                paragraphs[paragraphs.count - 1].append(line.trimmingBlanks)
            }
        }
        let shown = paragraphs.filter { !$0.isEmpty }
        guard !shown.isEmpty else { return "" }
        return "<div class=\"narration\">\n"
            + shown.map { "<p>" + HTML.inlineCode($0.joined(separator: " ")) + "</p>\n" }.joined() + "</div>\n"
    }

    private func output(_ lines: [ExportStep.Line]) -> String {
        guard !lines.isEmpty else { return "" }
        let text = lines.map { line in
            line.isError ? "<span class=\"error\">\(HTML.escape(line.text))</span>" : HTML.escape(line.text)
        }.joined(separator: "\n")
        return "<pre class=\"output\">\(text)</pre>\n"
    }

    private func actionHTML(_ action: ExportStep.Action, messages: [ExportStep.Line]) -> String {
        var html = ""
        for message in messages { html += "<p class=\"error\">\(HTML.escape(message.text))</p>\n" }
        if action.frames.isEmpty { html += "<p class=\"nochange\">(no change)</p>\n" }
        for frame in action.frames {
            html += "<div class=\"frame\">\n<p class=\"time\">\(frame.time) ms</p>\n"
            if !frame.hops.isEmpty {
                html += "<pre class=\"hops\">" + frame.hops.map(HTML.escape).joined(separator: "\n") + "</pre>\n"
            }
            if !frame.screens.isEmpty {
                html += "<div class=\"screens\">\n"
                for screen in frame.screens {
                    html +=
                        "<figure class=\"screen\(screen.changed ? "" : " unchanged")\">"
                        + "<figcaption>\(HTML.escape(screen.backend))</figcaption>" + Self.device(screen.lines)
                        + "</figure>\n"
                }
                html += "</div>\n"
            }
            html += "</div>\n"
        }
        if let diagram = action.diagram {
            let marbles = MarbleSVG(diagram: diagram)
            html += "<figure class=\"timeline\">\n<div class=\"drawing\">" + marbles.svg() + "</div>\n"
            html += marbles.legend() + "</figure>\n"
        }
        return html
    }

    /// A screen as the terminal draws it, framed (`┌─ Title ─┐`, `│ … │`,
    /// `└─┘`), becomes a device: its title in a bar, its lines under it, the
    /// frame drawn by the page rather than by box-drawing characters (which
    /// a browser's fonts do not all join). A screen in the compact form,
    /// without its side frame, is shown as its lines.
    static func device(_ lines: [String]) -> String {
        guard lines.count >= 2, let first = lines.first, let last = lines.last, first.hasPrefix("┌"),
            first.hasSuffix("┐"), last.hasPrefix("└"), last.hasSuffix("┘"),
            lines.dropFirst().dropLast().allSatisfy({ $0.hasPrefix("│") && $0.hasSuffix("│") })
        else { return "<pre>\(HTML.escape(lines.joined(separator: "\n")))</pre>" }
        let title = String(first.dropFirst().dropLast().drop { $0 == "─" }).trimmingBoxRule
        let content = lines.dropFirst().dropLast().map { line -> String in
            var inner = line.dropFirst().dropLast()
            if inner.first == " " { inner = inner.dropFirst() }
            return String(inner).trailingBlanksTrimmed
        }
        return "<div class=\"device\"><div class=\"bar\">\(HTML.escape(title))</div>"
            + "<pre>\(HTML.escape(content.joined(separator: "\n")))</pre></div>"
    }

    private func table(_ comparison: ExportStep.Comparison) -> String {
        var html = "<table class=\"compare\">\n<thead><tr>"
        html += comparison.header.map { "<th>\(HTML.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in comparison.rows {
            html += "<tr>"
            for (index, cell) in row.enumerated() {
                let kind =
                    index == 0
                    ? "" : (index == row.count - 1 ? (cell == "NO" ? " class=\"error\"" : "") : " class=\"number\"")
                html += "<td\(kind)>\(HTML.escape(cell))</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    static let style = """
        section.step { border-top: 1px solid var(--line); padding: 12px 0 16px; }
        .narration p { margin: 4px 0; max-width: 80ch; }
        p.command { margin: 8px 0; font-family: var(--mono); font-size: 14px; }
        p.command a.number { display: inline-block; min-width: 2.5em; color: var(--dim); text-decoration: none; }
        p.command .prompt { color: var(--green); }
        p.command kbd { font-weight: bold; }
        pre.output { background: var(--wash); border-radius: 6px; padding: 8px 12px; overflow-x: auto; }
        pre.hops { color: #0a6a80; margin: 4px 0; overflow-x: auto; }
        p.time { margin: 8px 0 4px; color: var(--dim); font-family: var(--mono); font-size: 13px; }
        p.nochange { color: var(--dim); font-family: var(--mono); font-size: 13px; }
        div.screens { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure.screen { margin: 0; }
        figure.screen.unchanged { opacity: 0.5; }
        figure.screen figcaption { font: bold 12px var(--mono); color: var(--blue); margin-bottom: 2px; }
        figure.screen pre { font-size: 12px; line-height: 1.25; }
        figure.screen div.device { border: 1.5px solid #57606a; border-radius: 8px; background: #ffffff;
          overflow: hidden; }
        figure.screen div.device div.bar { padding: 2px 8px; background: #eaeef2; border-bottom: 1px solid var(--line);
          font: bold 12px var(--mono); white-space: pre; }
        figure.screen div.device pre { padding: 4px 8px 6px; min-width: 35ch; }
        figure.timeline { margin: 12px 0 0; }
        figure.timeline div.drawing { display: inline-block; max-width: 100%; overflow-x: auto;
          border: 1px solid var(--line); border-radius: 6px; padding: 6px; background: #ffffff; }
        table.compare { margin-top: 12px; font-size: 13px; }
        footer { border-top: 1px solid var(--line); padding-top: 12px; }

        """
}

extension String {
    /// `Orders (100)` for ` Orders (100) ───────`: a title without the rule after it.
    fileprivate var trimmingBoxRule: String {
        var text = Substring(self)
        while let last = text.last, last == "─" || last == " " { text = text.dropLast() }
        while text.first == " " { text = text.dropFirst() }
        return String(text)
    }
}
