/// What a command line says: the subcommand, its options, its operands.
public struct ParsedArguments: Equatable, Sendable {
    public let subcommand: Subcommand
    /// The flags given.
    public internal(set) var flags: Set<Option> = []
    /// The values given, the last one of each option.
    public internal(set) var values: [Option: String] = [:]
    /// What followed the options, in order (files, folders).
    public internal(set) var operands: [String] = []

    /// Whether `option` (a flag) was given.
    public func has(_ option: Option) -> Bool { flags.contains(option) }

    /// The value given to `option`, if it was given.
    public func value(_ option: Option) -> String? { values[option] }

    /// The value of `option` as a whole number in `range` (`1_000` reads as
    /// `1000`); nil when it was not given.
    public func number(_ option: Option, in range: ClosedRange<Int>) throws(OptionError) -> Int? {
        guard let text = values[option] else { return nil }
        guard let number = Int(text.filter { $0 != "_" }), range.contains(number) else {
            throw .badNumber(option: option.name, text: text, range: range)
        }
        return number
    }
}

/// Reads a command line by the one grammar of every subcommand:
///
/// ```
/// bindlab [OPTION…] [SUBCOMMAND] [OPTION | OPERAND]… [-- OPERAND…]
/// ```
///
/// - The subcommand is the first argument that is neither an option nor an
///   option's value; options before it are its own, as after it.
/// - `--name VALUE` and `--name=VALUE` mean the same; a flag takes no value.
/// - `--` ends the options: what follows is an operand even when it starts
///   with `-`; so is a lone `-`.
/// - An option outside the group, or one this subcommand does not take, is
///   an error naming the nearest of the subcommand's own; one it refuses
///   says why.
public enum OptionParser {
    /// Parses `arguments` (without the program's name).
    ///
    /// - Complexity: O(n) in the number of arguments.
    public static func parse(_ arguments: [String]) throws(OptionError) -> ParsedArguments {
        let (subcommand, position) = subcommand(in: arguments)
        return try parse(arguments, for: subcommand, skipping: position)
    }

    /// Parses `arguments` as the options and operands of `subcommand`, whose
    /// name is not among them (`:bench`'s at the prompt, `bindlab-bench`'s).
    public static func parse(_ arguments: [String], for subcommand: Subcommand) throws(OptionError) -> ParsedArguments {
        try parse(arguments, for: subcommand, skipping: nil)
    }

    /// The subcommand `arguments` name: bindlab itself when they name none.
    public static func subcommand(of arguments: [String]) -> Subcommand {
        subcommand(in: arguments).0
    }

    private static func parse(_ arguments: [String], for subcommand: Subcommand, skipping position: Int?)
        throws(OptionError) -> ParsedArguments
    {
        var parsed = ParsedArguments(subcommand: subcommand)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if index - 1 == position { continue }
            guard !optionsEnded, word.hasPrefix("-"), word != "-" else {
                try parsed.add(operand: word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (spelling, inline) = split(word)
            guard let option = Option.named(spelling), subcommand.options.contains(option) else {
                if let option = Option.named(spelling), let reason = subcommand.refusals[option] {
                    throw .refused(option: option.name, reason: reason)
                }
                let known = subcommand.options.flatMap(\.spellings).filter { $0.count > 2 }
                throw .unknownOption(word: spelling, suggestion: Suggestion.nearest(to: spelling, in: known))
            }
            guard option.takesValue else {
                if inline != nil { throw .unexpectedValue(option: option.name) }
                parsed.flags.insert(option)
                continue
            }
            if let inline {
                parsed.values[option] = inline
            } else if index < arguments.count {
                parsed.values[option] = arguments[index]
                index += 1
            } else {
                throw .missingValue(option: option)
            }
        }
        if !parsed.has(.help) { try parsed.checkOperands() }
        return parsed
    }

    /// The subcommand `arguments` name, and where its name is (nil for bindlab itself).
    static func subcommand(in arguments: [String]) -> (Subcommand, Int?) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { break }
            if word.hasPrefix("-"), word != "-" {
                let (spelling, inline) = split(word)
                if inline == nil, Option.named(spelling)?.takesValue == true { index += 1 }
                index += 1
                continue
            }
            return Subcommand.named(word).map { ($0, index) } ?? (.shell, nil)
        }
        return (.shell, nil)
    }

    /// `--name=value` as its name and value; a short option keeps its `=`.
    static func split(_ word: String) -> (spelling: String, value: String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

extension ParsedArguments {
    fileprivate mutating func add(operand: String) throws(OptionError) {
        if subcommand.operands == .none {
            let suggestion =
                subcommand == .shell
                ? Suggestion.nearest(to: operand, in: Subcommand.all.compactMap(\.name)) : nil
            throw .unexpectedArgument(word: operand, suggestion: suggestion)
        }
        operands.append(operand)
    }

    fileprivate func checkOperands() throws(OptionError) {
        switch subcommand.operands {
        case .none:
            break
        case .some(let missing):
            if operands.isEmpty { throw .missingOperand(problem: missing) }
        case .one(let missing, let extra):
            if operands.isEmpty { throw .missingOperand(problem: missing) }
            if operands.count > 1 { throw .extraOperand(problem: extra) }
        case .optional(let extra):
            if operands.count > 1 { throw .extraOperand(problem: extra) }
        }
    }
}

/// What is wrong with a command line, in words a person understands.
public enum OptionError: Error, Equatable, Sendable {
    /// An option outside the group, or one the subcommand does not take.
    case unknownOption(word: String, suggestion: String?)
    /// A word where an option or a subcommand was expected.
    case unexpectedArgument(word: String, suggestion: String?)
    /// An option that takes a value, last on the line.
    case missingValue(option: Option)
    /// A flag written with a value (`--json=yes`).
    case unexpectedValue(option: String)
    /// An option of the group this subcommand refuses, and why.
    case refused(option: String, reason: String)
    /// A value that should be a whole number in `range`.
    case badNumber(option: String, text: String, range: ClosedRange<Int>)
    /// A value the subcommand could not read (`-c`'s commands).
    case badValue(option: String, problem: String)
    /// No file where one is needed.
    case missingOperand(problem: String)
    /// More files than the subcommand takes.
    case extraOperand(problem: String)
    /// Options that do not go together, said by the subcommand.
    case conflict(problem: String)

    public var message: String {
        switch self {
        case .unknownOption(let word, let suggestion):
            "unknown option '\(word.shortened(to: 32))'\(Suggestion.hint(suggestion))"
        case .unexpectedArgument(let word, let suggestion):
            "unknown argument '\(word.shortened(to: 32))'\(Suggestion.hint(suggestion))"
        case .missingValue(let option): option.missing
        case .unexpectedValue(let option): "\(option) takes no value"
        case .refused(_, let reason): reason
        case .badNumber(let option, let text, let range):
            "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.shortened(to: 24))'"
        case .badValue(let option, let problem): "\(option): \(problem)"
        case .missingOperand(let problem), .extraOperand(let problem), .conflict(let problem): problem
        }
    }
}

extension String {
    /// At most `width` characters, the last one `…` when cut.
    func shortened(to width: Int) -> String {
        count <= width ? self : String(prefix(max(0, width - 1))) + "…"
    }
}
