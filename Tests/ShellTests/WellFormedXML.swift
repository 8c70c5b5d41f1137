/// A small XML well-formedness checker, for the exported pages (polyglot
/// XHTML and SVG): one root element, every element closed in order, names
/// well formed, attributes quoted and not repeated, entities known (the five
/// of XML, and character references), no `<` or a bare `&` in text or
/// attributes, comments, CDATA, processing instructions and a doctype
/// where XML allows them. It checks the document's form, not a schema.
enum WellFormedXML {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "line \(line): \(message)" }
    }

    /// Throws the first thing that makes `text` not well-formed XML.
    ///
    /// - Complexity: O(*n*).
    static func check(_ text: String) throws(Failure) {
        var parser = Parser(Array(text.unicodeScalars))
        try parser.document()
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var open: [String] = []
        var sawRoot = false

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        func fail(_ message: String) -> Failure { Failure(line: line, message: message) }

        var atEnd: Bool { index >= scalars.count }

        func peek(_ text: String) -> Bool {
            let wanted = Array(text.unicodeScalars)
            guard index + wanted.count <= scalars.count else { return false }
            return Array(scalars[index..<(index + wanted.count)]) == wanted
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < scalars.count {
                if scalars[index] == "\n" { line += 1 }
                index += 1
            }
        }

        mutating func expect(_ text: String) throws(Failure) {
            guard peek(text) else { throw fail("expected '\(text)'") }
            advance(text.unicodeScalars.count)
        }

        mutating func skipUntil(_ end: String, what: String) throws(Failure) {
            while !peek(end) {
                guard !atEnd else { throw fail("\(what) never ends ('\(end)')") }
                try character()
            }
            advance(end.unicodeScalars.count)
        }

        /// One character XML allows in a document.
        mutating func character() throws(Failure) {
            let value = scalars[index].value
            let allowed =
                value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
                || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            guard allowed else { throw fail("a character XML does not allow: U+\(String(value, radix: 16))") }
            advance()
        }

        static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == ":" || scalar == "_" || ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar)
                || scalar.value >= 0xC0
        }

        static func isName(_ scalar: Unicode.Scalar) -> Bool {
            isNameStart(scalar) || scalar == "-" || scalar == "." || ("0"..."9").contains(scalar)
                || scalar.value == 0xB7
        }

        mutating func name() throws(Failure) -> String {
            guard !atEnd, Self.isNameStart(scalars[index]) else { throw fail("expected a name") }
            var name = ""
            while !atEnd, Self.isName(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                advance()
            }
            return name
        }

        mutating func spaces() -> Bool {
            var any = false
            while !atEnd, [" ", "\t", "\n", "\r"].contains(scalars[index]) {
                advance()
                any = true
            }
            return any
        }

        /// `&amp;`, `&#60;`, `&#x3C;`.
        mutating func reference() throws(Failure) {
            try expect("&")
            if peek("#x") {
                advance(2)
                var digits = ""
                while !atEnd, scalars[index].properties.isASCIIHexDigit {
                    digits.unicodeScalars.append(scalars[index])
                    advance()
                }
                guard let value = UInt32(digits, radix: 16), Unicode.Scalar(value) != nil else {
                    throw fail("a bad character reference")
                }
            } else if peek("#") {
                advance()
                var digits = ""
                while !atEnd, ("0"..."9").contains(scalars[index]) {
                    digits.unicodeScalars.append(scalars[index])
                    advance()
                }
                guard let value = UInt32(digits), Unicode.Scalar(value) != nil else {
                    throw fail("a bad character reference")
                }
            } else {
                let entity = try name()
                guard ["amp", "lt", "gt", "quot", "apos"].contains(entity) else {
                    throw fail("an entity XML does not know: &\(entity);")
                }
            }
            try expect(";")
        }

        mutating func document() throws(Failure) {
            if peek("\u{FEFF}") { advance() }
            if peek("<?xml") { try skipUntil("?>", what: "the XML declaration") }
            while true {
                _ = spaces()
                if atEnd { break }
                if peek("<!--") {
                    advance(4)
                    try skipUntil("-->", what: "a comment")
                } else if peek("<!DOCTYPE") {
                    guard !sawRoot else { throw fail("a doctype after the root element") }
                    try skipUntil(">", what: "the doctype")
                } else if peek("<?") {
                    try skipUntil("?>", what: "a processing instruction")
                } else if peek("<") {
                    guard !sawRoot else { throw fail("a second root element") }
                    sawRoot = true
                    try element()
                } else {
                    throw fail("text outside the root element")
                }
            }
            guard sawRoot else { throw fail("no root element") }
        }

        mutating func element() throws(Failure) {
            try expect("<")
            let tag = try name()
            var attributes: Set<String> = []
            while true {
                let spaced = spaces()
                if peek("/>") {
                    advance(2)
                    return
                }
                if peek(">") {
                    advance()
                    break
                }
                guard spaced else { throw fail("attributes of <\(tag)> need a space between them") }
                let attribute = try name()
                guard attributes.insert(attribute).inserted else { throw fail("<\(tag)> repeats \(attribute)") }
                _ = spaces()
                try expect("=")
                _ = spaces()
                guard !atEnd, scalars[index] == "\"" || scalars[index] == "'" else {
                    throw fail("the value of \(attribute) in <\(tag)> is not quoted")
                }
                let quote = scalars[index]
                advance()
                while !atEnd, scalars[index] != quote {
                    if scalars[index] == "<" { throw fail("'<' in the value of \(attribute)") }
                    if scalars[index] == "&" { try reference() } else { try character() }
                }
                guard !atEnd else { throw fail("the value of \(attribute) never ends") }
                advance()
            }
            open.append(tag)
            try content()
        }

        mutating func content() throws(Failure) {
            while !atEnd {
                if peek("</") {
                    advance(2)
                    let tag = try name()
                    _ = spaces()
                    try expect(">")
                    guard tag == open.last else {
                        throw fail("</\(tag)> closes <\(open.last ?? "nothing")>")
                    }
                    open.removeLast()
                    return
                } else if peek("<!--") {
                    advance(4)
                    try skipUntil("-->", what: "a comment")
                } else if peek("<![CDATA[") {
                    advance(9)
                    try skipUntil("]]>", what: "a CDATA section")
                } else if peek("<?") {
                    try skipUntil("?>", what: "a processing instruction")
                } else if peek("<") {
                    try element()
                } else if peek("&") {
                    try reference()
                } else if peek("]]>") {
                    throw fail("']]>' in text")
                } else {
                    try character()
                }
            }
            throw fail("<\(open.last ?? "?")> is never closed")
        }
    }
}
