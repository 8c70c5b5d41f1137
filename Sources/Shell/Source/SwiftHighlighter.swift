/// Splits Swift source into what `:source` dims (comments), bolds (keywords)
/// and leaves alone, a line at a time. A comment or a multi-line string
/// opened on one line goes on on the next, so the lines are read in order.
///
/// It is a reader's aid, not a parser: raw strings (`#"…"#`) and a string
/// inside an interpolation are taken for plain text, which only means a
/// keyword in them may be bold.
struct SwiftHighlighter {
    enum Kind: Equatable {
        case plain, keyword, comment
    }

    struct Segment: Equatable {
        var text: String
        let kind: Kind
    }

    private enum State {
        case code
        case blockComment(depth: Int)
        case multilineString
    }

    private var state = State.code

    static let keywords: Set<String> = [
        "actor", "any", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue",
        "convenience", "default", "defer", "deinit", "didSet", "do", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "indirect", "init",
        "inout", "internal", "is", "lazy", "let", "mutating", "nil", "nonisolated", "open", "operator", "override",
        "package", "private", "protocol", "public", "repeat", "required", "rethrows", "return", "self", "Self", "set",
        "some", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias",
        "unowned", "var", "weak", "where", "while", "willSet",
    ]

    /// The segments of the next line of the file.
    ///
    /// - Complexity: O(n) in the length of the line.
    mutating func segments(_ line: String) -> [Segment] {
        var segments: [Segment] = []
        func add(_ text: Substring, _ kind: Kind) {
            guard !text.isEmpty else { return }
            if let last = segments.last, last.kind == kind {
                segments[segments.count - 1].text += text
            } else {
                segments.append(Segment(text: String(text), kind: kind))
            }
        }
        var index = line.startIndex
        while index < line.endIndex {
            let rest = line[index...]
            switch state {
            case .blockComment(let depth):
                // Up to the `*/` that closes the outermost comment (Swift's nest).
                var end = index
                var depth = depth
                while end < line.endIndex, depth > 0 {
                    let ahead = line[end...]
                    if ahead.hasPrefix("*/") {
                        depth -= 1
                        end = line.index(end, offsetBy: 2)
                    } else if ahead.hasPrefix("/*") {
                        depth += 1
                        end = line.index(end, offsetBy: 2)
                    } else {
                        end = line.index(after: end)
                    }
                }
                add(line[index..<end], .comment)
                state = depth > 0 ? .blockComment(depth: depth) : .code
                index = end
            case .multilineString:
                if let close = rest.firstRange(of: "\"\"\"") {
                    add(line[index..<close.upperBound], .plain)
                    state = .code
                    index = close.upperBound
                } else {
                    add(rest, .plain)
                    index = line.endIndex
                }
            case .code:
                if rest.hasPrefix("//") {
                    add(rest, .comment)
                    index = line.endIndex
                } else if rest.hasPrefix("/*") {
                    add(line[index..<line.index(index, offsetBy: 2)], .comment)
                    state = .blockComment(depth: 1)
                    index = line.index(index, offsetBy: 2)
                } else if rest.hasPrefix("\"\"\"") {
                    let end = line.index(index, offsetBy: 3)
                    add(line[index..<end], .plain)
                    state = .multilineString
                    index = end
                } else if rest.first == "\"" {
                    let end = Self.endOfString(in: line, from: line.index(after: index))
                    add(line[index..<end], .plain)
                    index = end
                } else if let first = rest.first, first.isLetter || first == "_" {
                    let end = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? line.endIndex
                    let word = line[index..<end]
                    // `.default` and `@MainActor` are names, not keywords.
                    let before = index > line.startIndex ? line[line.index(before: index)] : " "
                    let isKeyword = Self.keywords.contains(String(word)) && before != "." && before != "@"
                    add(word, isKeyword ? .keyword : .plain)
                    index = end
                } else {
                    add(line[index...index], .plain)
                    index = line.index(after: index)
                }
            }
        }
        return segments
    }

    /// Just past the `"` that closes a one-line string starting before
    /// `start`, or the end of the line when it is not closed there.
    private static func endOfString(in line: String, from start: String.Index) -> String.Index {
        var index = start
        while index < line.endIndex {
            if line[index] == "\\" {
                index = line.index(after: index)
                if index < line.endIndex { index = line.index(after: index) }
                continue
            }
            if line[index] == "\"" { return line.index(after: index) }
            index = line.index(after: index)
        }
        return line.endIndex
    }

    /// The segments styled and fitted to `width` columns: cut with `…` when
    /// wider (the text is cut before it is styled, so the escapes never count).
    ///
    /// - Complexity: O(n) in the length of the segments.
    static func render(_ segments: [Segment], in width: Int, style: Style) -> String {
        let pieces = segments.map { Segment(text: $0.text.escapingControlCharacters, kind: $0.kind) }
        let total = pieces.reduce(0) { $0 + $1.text.displayWidth }
        let room = total > width ? max(0, width - 1) : width
        var used = 0
        var line = ""
        for piece in pieces {
            var kept = ""
            for character in piece.text {
                let columns = String(character).displayWidth
                guard used + columns <= room else { break }
                kept.append(character)
                used += columns
            }
            switch piece.kind {
            case .plain: line += kept
            case .keyword: line += kept.isEmpty ? "" : style.bold(kept)
            case .comment: line += kept.isEmpty ? "" : style.dim(kept)
            }
            if kept.count < piece.text.count { break }
        }
        return total > width ? line + "…" : line
    }
}
