// Export: what bindlab writes for a browser — a session step by step
// (`SessionPage`), the behaviour matrix as a page and as JSON (`MatrixPage`,
// `MatrixJSON`), two backends' files side by side (`DiffPage`), an action's
// marbles as SVG (`MarbleSVG`). Each is one self-contained file: its CSS
// and SVG inline, no font, image or script from anywhere else (a
// Content-Security-Policy in the page says so to the browser too), and
// well-formed XML as well as HTML (polyglot markup), so that any XML parser
// checks it. The same input gives the same bytes.

/// The shared markup of every exported page: escaping, the page around a
/// body, the style every page shares.
enum HTML {
    /// `text` as XML character data or a double-quoted attribute value: `&`,
    /// `<`, `>` and `"` as entities, and what XML does not allow in a
    /// document at all (C0 controls but tab and line feed, U+FFFE, U+FFFF)
    /// spelled out (`\u{1B}`), as the shell spells it.
    ///
    /// - Complexity: O(*n*); a text with nothing to escape is returned as is.
    static func escape(_ text: String) -> String {
        let special: (UInt8) -> Bool = {
            ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || $0 == 0x22 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E
                || $0 == 0xEF  // the lead byte of U+FFFE and U+FFFF
        }
        guard text.utf8.contains(where: special) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A name for an `id` or a fragment: letters, digits and `-`, every other
    /// run of characters one `-`.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, result.last != "-" {
                result += "-"
            }
        }
        while result.last == "-" { result.removeLast() }
        return result.isEmpty ? "x" : result
    }

    /// Backticks in narration as `<code>`, the rest escaped.
    static func inlineCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return escape(text) }
        var result = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 0 {
                result += escape(String(part))
            } else if index < parts.count - 1 {
                result += "<code>" + escape(String(part)) + "</code>"
            } else {
                result += "`" + escape(String(part))  // a backtick nothing closes
            }
        }
        return result
    }

    /// The words of a command line as one line a shell reads back: a word
    /// with a blank or a quote in it is quoted.
    static func commandLine(_ words: [String]) -> String {
        words.map { word in
            guard word.isEmpty || word.contains(where: { " \"'\\;".contains($0) }) else { return word }
            return "\"" + word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }.joined(separator: " ")
    }

    /// A whole page: the doctype, a head that fetches nothing (the policy
    /// allows inline style and, when given, the inline script only), the body.
    ///
    /// - Parameters:
    ///   - generator: the command line that made the page, which
    ///     `bindlab export --check` runs again; nil for a page that cannot be
    ///     made again (the lines typed at a prompt).
    ///   - style: CSS of the page's own, after the shared style.
    static func page(title: String, generator: String?, style: String, body: String, script: String? = nil) -> String {
        let policy =
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
            + (script == nil ? "" : "; script-src 'unsafe-inline'")
        var page = "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
        page += "<meta charset=\"utf-8\"/>\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\"/>\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        if let generator { page += "<meta name=\"generator\" content=\"\(escape(generator))\"/>\n" }
        page += "<link rel=\"icon\" href=\"data:,\"/>\n"
        page += "<title>\(escape(title))</title>\n"
        page += "<style>\n" + sharedStyle + style + "</style>\n</head>\n<body>\n"
        page += body
        if let script { page += "<script>\n" + script + "</script>\n" }
        page += "</body>\n</html>\n"
        return page
    }

    /// The generator a page names (`<meta name="generator" content="…"/>`,
    /// as `page` writes it), its entities read back; nil without one.
    static func generator(of page: String) -> String? {
        let opening = "<meta name=\"generator\" content=\""
        guard let start = page.firstRange(of: opening), let end = page[start.upperBound...].firstRange(of: "\"/>")
        else { return nil }
        return unescape(String(page[start.upperBound..<end.lowerBound]))
    }

    /// The entities `escape` writes, read back.
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&amp;", with: "&")
    }

    /// What every page shares: the type, the colours, tables, code.
    static let sharedStyle = """
        :root { --ink: #1f2328; --dim: #656d76; --line: #d0d7de; --paper: #ffffff; --wash: #f6f8fa;
          --blue: #0969da; --red: #cf222e; --green: #1a7f37; --amber: #9a6700;
          --mono: "DejaVu Sans Mono", Menlo, Consolas, monospace; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; padding: 24px 32px 64px; max-width: 1800px; color: var(--ink);
          background: var(--paper); font: 15px/1.5 "DejaVu Sans", system-ui, sans-serif; }
        h1 { font-size: 24px; margin: 0 0 4px; }
        h2 { font-size: 18px; margin: 32px 0 8px; }
        p.meta { color: var(--dim); margin: 0 0 24px; }
        code, kbd, pre { font-family: var(--mono); font-size: 13px; }
        code { background: var(--wash); padding: 1px 4px; border-radius: 4px; }
        pre { margin: 0; line-height: 1.2; }
        a { color: var(--blue); }
        table { border-collapse: collapse; }
        th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
        th { background: var(--wash); }
        td.number { text-align: right; font-variant-numeric: tabular-nums; }
        .error { color: var(--red); }

        """
}
