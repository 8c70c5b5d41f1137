/// Splits a command line into words, the way a POSIX shell would for the
/// simple cases: blanks separate words, single quotes keep everything, double
/// quotes keep blanks and honour `\"` and `\\`, a backslash outside quotes
/// escapes the next character.
///
/// Unlike a POSIX shell, a `'` right after a letter or a digit is an
/// apostrophe, not a quote: free text works as typed (`movies search
/// o'brother`, `orders rename 3 Bob's`). A quote opens a word.
public enum Tokenizer {
    public enum Failure: Error, Equatable, Sendable {
        case unbalancedQuote(Character)
        case trailingBackslash

        public var message: String {
            switch self {
            case .unbalancedQuote(let quote): "unbalanced \(quote) quote: close it or escape it with \\"
            case .trailingBackslash: "a backslash at the end of the line escapes nothing"
            }
        }
    }

    /// The words of `line`.
    ///
    /// - Complexity: O(n) in the length of the line.
    public static func words(_ line: String) throws(Failure) -> [String] {
        try split(line, separators: [" ", "\t"])
    }

    /// The commands of `line` separated by unquoted `;` (for `-c`), each
    /// still unsplit, blank ones dropped. The blanks around a command are
    /// taken off, but not an escaped one (`rename 1 x\ ; …` keeps `x\ `).
    ///
    /// - Parameter keepingTheUnreadable: a quote left open (or a backslash
    ///   at the end) makes the rest of the line one last command, as typed,
    ///   instead of an error: run, it fails as that line would from a pipe,
    ///   after the commands before it.
    public static func commands(_ line: String, keepingTheUnreadable: Bool = false) throws(Failure) -> [String] {
        var commands: [String] = []
        var current = ""
        // Characters in `current`, and how many of them end with its last
        // one that is not a blank separating words (trailing blanks go).
        var length = 0
        var kept = 0
        var quote: Character?
        var escaped = false
        var previous: Character?
        func end() {
            commands.append(String(current.prefix(kept)).trimmingLeadingBlanks)
            current = ""
            length = 0
            kept = 0
        }
        for character in line {
            defer { previous = character }
            if !escaped, quote == nil, character == ";" {
                end()
                continue
            }
            let separates = !escaped && quote == nil && (character == " " || character == "\t")
            current.append(character)
            length += 1
            if !separates { kept = length }
            if escaped {
                escaped = false
                continue
            }
            switch (character, quote) {
            case ("\\", let q) where q != "'":
                escaped = true
            case ("'", nil) where isApostrophe(after: previous):
                break
            case ("'", nil), ("\"", nil):
                quote = character
            case (let c, let q?) where c == q:
                quote = nil
            default:
                break
            }
        }
        if !keepingTheUnreadable {
            if let quote { throw .unbalancedQuote(quote) }
            if escaped { throw .trailingBackslash }
        }
        end()
        return commands.filter { !$0.isEmpty }
    }

    private static func split(_ line: String, separators: Set<Character>) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        var previous: Character?
        for character in line {
            defer { previous = character }
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else {
                    current.append(character)
                }
                continue
            }
            if separators.contains(character) {
                if inWord { words.append(current) }
                current = ""
                inWord = false
                continue
            }
            inWord = true
            switch character {
            case "'" where isApostrophe(after: previous): current.append(character)
            case "'", "\"": quote = character
            case "\\": escaped = true
            default: current.append(character)
            }
        }
        if let quote { throw .unbalancedQuote(quote) }
        if escaped { throw .trailingBackslash }
        if inWord { words.append(current) }
        return words
    }

    /// Whether a `'` after `previous` (outside quotes) is an apostrophe.
    private static func isApostrophe(after previous: Character?) -> Bool {
        guard let previous else { return false }
        return previous.isLetter || previous.isNumber
    }
}

extension String {
    /// Without the blanks it starts with.
    var trimmingLeadingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" })
    }

    package var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
