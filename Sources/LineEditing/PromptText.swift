/// Turns the prompt the shell asks for into what libedit is given.
///
/// libedit counts every character of the prompt as taking a column unless it
/// sits between two `ignore` characters, so each escape sequence is fenced.
/// A prompt the caller already coloured keeps its colours; a plain one gets
/// the house colour. Without colour, escape sequences are stripped, so
/// `NO_COLOR` holds even for a prompt built with colours in it.
enum PromptText {
    /// The fence character handed to `EL_PROMPT_ESC`.
    static let ignore: Character = "\u{1}"

    /// The colour given to a plain prompt: bold.
    static let colourOn = "\u{1B}[1m"
    static let colourOff = "\u{1B}[0m"

    static func render(_ prompt: String, color: Bool) -> String {
        var parts: [Part] = []
        var sawEscape = false
        var scalars = prompt.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                sawEscape = true
                parts.append(.escape("\u{1B}" + escapeSequence(after: &scalars)))
            } else if (scalar.value < 0x20 && scalar != "\n") || scalar.value == 0x7F {
                continue  // would move the cursor behind libedit's back
            } else {
                parts.append(.visible(scalar))
            }
        }
        if !color {
            parts.removeAll { if case .escape = $0 { true } else { false } }
        } else if !sawEscape, !parts.isEmpty {
            parts.insert(.escape(colourOn), at: 0)
            parts.append(.escape(colourOff))
        }
        return joined(keepingLastEscapes(parts))
    }

    /// One piece of the prompt: a character that takes a column, or an
    /// escape sequence that takes none.
    private enum Part {
        case visible(Unicode.Scalar)
        case escape(String)
    }

    /// libedit drops an ignored run at the very end of the prompt, so a
    /// closing "colour off" would never be sent and the typed text would
    /// inherit the prompt's colour. Moving the last visible character after
    /// the trailing escapes keeps them (that character loses the colour,
    /// which for the usual trailing space shows no difference).
    private static func keepingLastEscapes(_ parts: [Part]) -> [Part] {
        guard case .escape = parts.last,
            let lastVisible = parts.lastIndex(where: { if case .visible = $0 { true } else { false } })
        else { return parts }
        var parts = parts
        let moved = parts.remove(at: lastVisible)
        parts.append(moved)
        return parts
    }

    private static func joined(_ parts: [Part]) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .visible(let scalar): text.unicodeScalars.append(scalar)
            case .escape(let sequence): text += fenced(sequence)
            }
        }
        return text
    }

    private static func fenced(_ sequence: String) -> String {
        "\(ignore)\(sequence)\(ignore)"
    }

    /// Consumes the rest of an escape sequence: CSI (`ESC [ … final`), OSC
    /// (`ESC ] … BEL` or `ESC ] … ESC \`), or a single character.
    private static func escapeSequence(after scalars: inout Substring.UnicodeScalarView) -> String {
        guard let introducer = scalars.popFirst() else { return "" }
        var sequence = String(introducer)
        switch introducer {
        case "[":
            while let next = scalars.popFirst() {
                sequence.unicodeScalars.append(next)
                if (0x40...0x7E).contains(next.value) { break }
            }
        case "]":
            while let next = scalars.popFirst() {
                sequence.unicodeScalars.append(next)
                if next == "\u{7}" { break }
                if next == "\u{1B}", scalars.first == "\\" {
                    sequence.unicodeScalars.append(scalars.removeFirst())
                    break
                }
            }
        default:
            break
        }
        return sequence
    }
}
