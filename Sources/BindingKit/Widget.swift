/// A terminal widget: the playground's stand-in for a UIKit view.
///
/// Views of every backend are composed of the same widgets, so the only thing
/// that differs between backends is the glue that sets them.
public protocol Widget: AnyObject {
    /// The widget's lines at `width` columns; empty when it shows nothing.
    func render(width: Int) -> [String]
}

/// Shared by the widgets: reports each property set to the tracer, marking a
/// set to the value already shown as redundant, and each gesture the user
/// makes on the widget as a hop from the user to it.
///
/// A widget reports to the trace of the world current when it was made
/// (`World.current`), unless it is given one: a view makes its widgets
/// without naming any trace, as a UIKit view makes its subviews.
public class WidgetBase {
    /// The name the trace shows, e.g. `title` or `list`.
    public let name: String
    let tracer: Tracer?

    init(widgetName name: String, tracer: Tracer?) {
        self.name = name
        self.tracer = tracer
    }

    func didSet<Value: Equatable>(_ old: Value, _ new: Value) {
        tracer?.widgetUpdated(name, redundant: old == new)
    }

    /// Traces a gesture the widget hands to the view's handler, then runs
    /// the handler; a gesture with no handler wired goes nowhere and is not
    /// traced. Every view→view model hop starts at one of these: the
    /// backends' own code traces none.
    func gesture<each Argument>(
        _ message: @autoclosure () -> String, _ handler: ((repeat each Argument) -> Void)?,
        _ argument: repeat each Argument
    ) {
        guard let handler else { return }
        tracer?.hop(message(), from: "user", to: name)
        handler(repeat each argument)
    }
}

extension String {
    /// The columns the text takes on a terminal: most characters one, wide
    /// ones (CJK, fullwidth forms, emoji) two, so that boxes stay aligned
    /// whatever a user names an order.
    ///
    /// Text made only of scalars that are one column each and never join
    /// into a grapheme (ASCII, Latin letters, the box drawing and symbols the
    /// screens use) is measured a scalar at a time, without breaking it into
    /// graphemes or looking up Unicode properties: that is almost every
    /// screen line. Other text is measured grapheme by grapheme.
    ///
    /// - Complexity: O(n) in the number of characters.
    public var displayWidth: Int {
        if let ascii = utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 < 0x80 } }), ascii {
            return utf8.count
        }
        var columns = 0
        for scalar in unicodeScalars {
            guard scalar.isAloneInOneColumn else { return reduce(0) { $0 + $1.displayWidth } }
            columns += 1
        }
        return columns
    }

    /// The text with its control characters spelled out (`\0`, `\t`,
    /// `\u{1B}`): a NUL or an escape typed into a name or a command is shown,
    /// not sent to the terminal, where it would print nothing or move the
    /// cursor and misalign a box.
    ///
    /// - Complexity: O(n) in the length of the text.
    public var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControl) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\0": text += "\\0"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case _ where scalar.isControl: text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The text in quotes as a trace shows what was typed: `"Gift"`, its
    /// quotes and backslashes escaped, its control characters spelled out.
    var quotedForTrace: String {
        var text = ""
        for character in self {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return "\"" + text.escapingControlCharacters + "\""
    }

    /// Cut to `width` columns, with an ellipsis when something was cut;
    /// control characters are spelled out first.
    public func fitted(to width: Int) -> String {
        guard width > 0 else { return "" }
        let text = escapingControlCharacters
        guard text.displayWidth > width else { return text }
        var kept = ""
        var used = 0
        for character in text {
            let columns = character.displayWidth
            guard used + columns <= width - 1 else { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }

    /// Cut or padded with spaces to exactly `width` columns.
    public func padded(to width: Int) -> String {
        let text = fitted(to: width)
        return text + Self.spaces(max(0, width - text.displayWidth))
    }

    /// `count` spaces, cut from one long run of them: `String(repeating:
    /// count:)` appends its piece one at a time, thousands of instructions
    /// for every padded line of every screen.
    static func spaces(_ count: Int) -> String {
        let utf8 = manySpaces.utf8
        guard count > 0 else { return "" }
        guard count <= utf8.count else { return String(repeating: " ", count: count) }
        return String(Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: count)]))
    }

    private static let manySpaces = String(repeating: " ", count: 400)
}

extension Unicode.Scalar {
    /// A C0 or C1 control character, or DEL.
    var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// Whether the scalar is a grapheme of its own, one column wide, in any
    /// text: printable and below the combining marks (U+0300), general
    /// punctuation without the zero-width and joining characters, letterlike
    /// symbols, arrows and technical symbols before the first emoji (U+231A),
    /// box drawing, blocks and geometric shapes before the emoji squares
    /// (U+25FD), and the supplemental arrows. None of these has an emoji
    /// presentation, is wide, or extends the grapheme before it.
    var isAloneInOneColumn: Bool {
        switch value {
        case 0x20..<0x7F, 0xA0..<0x300, 0x2010..<0x2028, 0x2030..<0x2060, 0x2100..<0x231A, 0x2500..<0x25FD,
            0x27F0...0x27FF:
            true
        default:
            false
        }
    }
}

extension Character {
    /// 2 for a wide character (East Asian wide or fullwidth, emoji shown as
    /// emoji), else 1; a grapheme's combining marks add nothing.
    public var displayWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation || unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
