/// What the `view-methods` experiment reads of a backend's Swift files: the
/// types and protocols declared at the top level of each file, what each
/// inherits or conforms to (its own declaration and its top-level
/// extensions together) and the functions its body declares.
///
/// A scanner, not a parser: comments and string literals are skipped and
/// braces counted, which is all the question needs. A type nested in
/// another (a variant's `Boilerplate.OrdersVC`) is not a top-level type and
/// is not kept; a function inside a function is not the type's.
struct SwiftDeclarations {
    /// A function as a type or a protocol declares it.
    struct Function: Equatable {
        /// `didUpdate(title:)`, `handle(event:)`, `viewModelChanged(_:)`.
        let selector: String
        /// The first word of each parameter's type (`HostingController` for
        /// `HostingController<MoviesQueriesListView>`).
        let parameterTypes: [String]
    }

    /// A type or a protocol, with its extensions.
    struct Declaration {
        enum Kind: Equatable {
            case protocolType
            /// A class, a struct, an enum or an actor.
            case concrete
        }

        let name: String
        var kind: Kind?
        /// The file of its declaration (nil when only extended here).
        var file: String?
        /// What it inherits or conforms to, by name, in the order written.
        var inherited: [String] = []
        /// The functions of its own body: a protocol's requirements.
        var functions: [Function] = []
        /// The functions of its extensions' bodies: a protocol's defaults.
        var extended: [Function] = []

        /// The functions of its body and of its extensions' bodies.
        var allFunctions: [Function] { functions + extended }
    }

    /// Every top-level type, protocol and extended name, by name.
    private(set) var declarations: [String: Declaration] = [:]

    /// Reads `files`: (path, text) pairs.
    init(_ files: [(path: String, text: String)]) {
        for file in files {
            add(Self.tokens(file.text), from: file.path)
        }
    }

    subscript(name: String) -> Declaration? { declarations[name] }

    /// Everything `name` inherits or conforms to, through the backend's own
    /// declarations (a protocol's refinements, a superclass's conformances),
    /// names the backend does not declare (`Screen`) included.
    func conformances(of name: String) -> Set<String> {
        var found: Set<String> = []
        var pending = declarations[name]?.inherited ?? []
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            pending += declarations[next]?.inherited ?? []
        }
        return found
    }

    /// The functions `name` declares itself (its extensions included), or a
    /// superclass of the backend's declares for it.
    func ownFunctions(of name: String) -> Set<String> {
        var selectors = Set(declarations[name]?.allFunctions.map(\.selector) ?? [])
        for inherited in conformances(of: name) where declarations[inherited]?.kind == .concrete {
            selectors.formUnion(declarations[inherited]?.allFunctions.map(\.selector) ?? [])
        }
        return selectors
    }

    // MARK: Scanning

    private mutating func add(_ tokens: [String], from path: String) {
        var index = 0
        var depth = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "{" {
                depth += 1
            } else if token == "}" {
                depth -= 1
            } else if depth == 0, token == "extension" || Self.kinds[token] != nil, index + 1 < tokens.count {
                index = declaration(Self.kinds[token], in: tokens, at: index + 1, from: path)
                continue
            }
            index += 1
        }
    }

    /// The keywords that begin a declaration (an `extension` adds to one).
    private static let kinds: [String: Declaration.Kind] = [
        "protocol": .protocolType, "class": .concrete, "struct": .concrete, "enum": .concrete, "actor": .concrete,
    ]

    /// Reads the declaration (an extension when `kind` is nil) whose name is
    /// at `start`; returns the index after its body.
    private mutating func declaration(_ kind: Declaration.Kind?, in tokens: [String], at start: Int, from path: String)
        -> Int
    {
        var index = start
        var name = tokens[index]
        index += 1
        // `extension Boilerplate.OrdersVC`: the last component names it.
        while index + 1 < tokens.count, tokens[index] == ".", Self.isWord(tokens[index + 1]) {
            name = tokens[index + 1]
            index += 2
        }
        guard Self.isWord(name) else { return index }
        if index < tokens.count, tokens[index] == "<" { index = Self.skipAngles(tokens, from: index) }
        var inherited: [String] = []
        if index < tokens.count, tokens[index] == ":" {
            index += 1
            var entry: [String] = []
            var angles = 0
            while index < tokens.count, tokens[index] != "{", !(angles == 0 && tokens[index] == "where") {
                let token = tokens[index]
                if token == "<" { angles += 1 } else if token == ">" { angles -= 1 }
                if angles == 0, token == "," {
                    inherited += Self.typeName(entry).map { [$0] } ?? []
                    entry = []
                } else {
                    entry.append(token)
                }
                index += 1
            }
            inherited += Self.typeName(entry).map { [$0] } ?? []
        }
        while index < tokens.count, tokens[index] != "{" { index += 1 }
        let bodyEnd = Self.matchingBrace(tokens, from: index)
        var declaration = declarations[name] ?? Declaration(name: name)
        if let kind {
            declaration.kind = kind
            declaration.file = path
        }
        declaration.inherited += inherited
        let functions = Self.functions(in: tokens, from: index + 1, to: bodyEnd)
        if kind == nil {
            declaration.extended += functions
        } else {
            declaration.functions += functions
        }
        declarations[name] = declaration
        return bodyEnd + 1
    }

    /// The functions declared at the top level of the body `tokens[from..<to]`.
    private static func functions(in tokens: [String], from start: Int, to end: Int) -> [Function] {
        var functions: [Function] = []
        var depth = 0
        var index = start
        while index < end {
            let token = tokens[index]
            if token == "{" {
                depth += 1
            } else if token == "}" {
                depth -= 1
            } else if depth == 0, token == "func", index + 1 < end {
                index += 1
                var name = ""
                while index < end, tokens[index] != "(", tokens[index] != "<" {
                    name += tokens[index]
                    index += 1
                }
                if index < end, tokens[index] == "<" { index = skipAngles(tokens, from: index) }
                guard index < end, tokens[index] == "(" else { continue }
                let close = matching(tokens, from: index, open: "(", close: ")")
                let parameters = split(Array(tokens[(index + 1)..<min(close, end)]))
                functions.append(
                    Function(
                        selector: name + "(" + parameters.map { ($0.first ?? "_") + ":" }.joined() + ")",
                        parameterTypes: parameters.map { parameter in
                            let type = parameter.firstIndex(of: ":").map { Array(parameter[($0 + 1)...]) } ?? []
                            return typeName(type) ?? ""
                        }))
                index = close + 1
                continue
            }
            index += 1
        }
        return functions
    }

    /// A parameter list's tokens cut at its top-level commas.
    private static func split(_ tokens: [String]) -> [[String]] {
        var parameters: [[String]] = []
        var current: [String] = []
        var depth = 0
        for token in tokens {
            if ["(", "[", "<"].contains(token) { depth += 1 }
            if [")", "]", ">"].contains(token) { depth -= 1 }
            if depth == 0, token == "," {
                parameters.append(current)
                current = []
            } else {
                current.append(token)
            }
        }
        if !current.isEmpty { parameters.append(current) }
        return parameters
    }

    /// The first word of a type written as `tokens`, past attributes and
    /// `any`, `some`, `inout`: `ViewModelListener` for `ViewModelListener<E>`.
    private static func typeName(_ tokens: [String]) -> String? {
        tokens.first {
            isWord($0) && !$0.hasPrefix("@") && !["any", "some", "inout", "borrowing", "consuming"].contains($0)
        }
    }

    static func isWord(_ token: String) -> Bool {
        guard let first = token.unicodeScalars.first else { return false }
        return first == "_" || first == "@" || first == "`" || first.properties.isAlphabetic
    }

    private static func skipAngles(_ tokens: [String], from index: Int) -> Int {
        matching(tokens, from: index, open: "<", close: ">") + 1
    }

    private static func matchingBrace(_ tokens: [String], from index: Int) -> Int {
        matching(tokens, from: index, open: "{", close: "}")
    }

    /// The index of the `close` that matches the `open` at `index` (the end
    /// when there is none).
    private static func matching(_ tokens: [String], from index: Int, open: String, close: String) -> Int {
        var depth = 0
        var position = index
        while position < tokens.count {
            if tokens[position] == open {
                depth += 1
            } else if tokens[position] == close {
                depth -= 1
                if depth == 0 { return position }
            }
            position += 1
        }
        return tokens.count
    }

    // MARK: Tokens

    /// The words and symbols of Swift source `text`, comments and string
    /// literals left out: a word is an identifier, a keyword, a number or an
    /// attribute (`@MainActor`); `->` is one symbol, every other symbol a
    /// character of its own.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func tokens(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index = skipBlockComment(scalars, from: index)
            } else if scalar == "\"" || (scalar == "#" && isRawStringStart(scalars, at: index)) {
                index = skipString(scalars, from: index)
            } else if isWordStart(scalar) {
                let start = index
                index += 1
                if scalar == "`" {
                    while index < scalars.count, scalars[index] != "`" { index += 1 }
                    index += 1
                } else {
                    while index < scalars.count, isWordPart(scalars[index]) { index += 1 }
                }
                var word = String(String.UnicodeScalarView(scalars[start..<min(index, scalars.count)]))
                if word.hasPrefix("`") { word = String(word.dropFirst().dropLast()) }
                tokens.append(word)
            } else if scalar == "-", index + 1 < scalars.count, scalars[index + 1] == ">" {
                tokens.append("->")
                index += 2
            } else {
                tokens.append(String(scalar))
                index += 1
            }
        }
        return tokens
    }

    private static func isWordStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "@" || scalar == "`" || scalar.properties.isAlphabetic
            || ("0"..."9").contains(scalar)
    }

    private static func isWordPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }

    /// After a `/* … */` (nested ones too) that starts at `index`.
    private static func skipBlockComment(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var depth = 0
        var position = index
        while position + 1 < scalars.count {
            if scalars[position] == "/", scalars[position + 1] == "*" {
                depth += 1
                position += 2
            } else if scalars[position] == "*", scalars[position + 1] == "/" {
                depth -= 1
                position += 2
                if depth == 0 { return position }
            } else {
                position += 1
            }
        }
        return scalars.count
    }

    private static func isRawStringStart(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        while position < scalars.count, scalars[position] == "#" { position += 1 }
        return position < scalars.count && scalars[position] == "\""
    }

    /// After the string literal that starts at `index` (`"…"`, `"""…"""`,
    /// `#"…"#`), its interpolations (and the strings in them) included.
    private static func skipString(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var position = index
        var hashes = 0
        while position < scalars.count, scalars[position] == "#" {
            hashes += 1
            position += 1
        }
        let multiline =
            position + 2 < scalars.count && scalars[position + 1] == "\"" && scalars[position + 2] == "\""
        position += multiline ? 3 : 1
        let quotes = multiline ? 3 : 1
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\\" {
                var escape = position + 1
                var escapeHashes = 0
                while escape < scalars.count, scalars[escape] == "#" {
                    escapeHashes += 1
                    escape += 1
                }
                if escapeHashes == hashes, escape < scalars.count, scalars[escape] == "(" {
                    position = skipInterpolation(scalars, from: escape)
                } else {
                    position = escapeHashes == hashes ? escape + 1 : position + 1
                }
            } else if scalar == "\"", closes(scalars, at: position, quotes: quotes, hashes: hashes) {
                return position + quotes + hashes
            } else if scalar == "\n", !multiline {
                return position
            } else {
                position += 1
            }
        }
        return scalars.count
    }

    private static func closes(_ scalars: [Unicode.Scalar], at index: Int, quotes: Int, hashes: Int) -> Bool {
        guard index + quotes + hashes <= scalars.count else { return false }
        for offset in 0..<quotes where scalars[index + offset] != "\"" { return false }
        for offset in 0..<hashes where scalars[index + quotes + offset] != "#" { return false }
        return true
    }

    /// After the `( … )` of an interpolation that starts at `index`.
    private static func skipInterpolation(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\"" || (scalar == "#" && isRawStringStart(scalars, at: position)) {
                position = skipString(scalars, from: position)
                continue
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                depth -= 1
                if depth == 0 { return position + 1 }
            }
            position += 1
        }
        return scalars.count
    }
}
