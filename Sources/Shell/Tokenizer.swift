/// Splits a command line into words, the way a POSIX shell would for the
/// simple cases: blanks separate words, single quotes keep everything, double
/// quotes keep blanks and honour `\"` and `\\`, a backslash outside quotes
/// escapes the next character.
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
    /// still unsplit, blank ones dropped.
    public static func commands(_ line: String) throws(Failure) -> [String] {
        var commands: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
                current.append(character)
                continue
            }
            switch (character, quote) {
            case ("\\", let q) where q != "'":
                escaped = true
                current.append(character)
            case ("'", nil), ("\"", nil):
                quote = character
                current.append(character)
            case (let c, let q?) where c == q:
                quote = nil
                current.append(character)
            case (";", nil):
                commands.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        if let quote { throw .unbalancedQuote(quote) }
        if escaped { throw .trailingBackslash }
        commands.append(current)
        return commands.map { $0.trimmingBlanks }.filter { !$0.isEmpty }
    }

    private static func split(_ line: String, separators: Set<Character>) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
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
}

extension String {
    var trimmingBlanks: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return String(text)
    }
}
