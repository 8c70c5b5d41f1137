public import BindingKit

/// Draws screens as boxes of text, and several of them side by side, laid
/// out to fit the width of the terminal.
public enum ScreenRenderer {
    /// The width of one screen, frame included, when there is room: two fit
    /// in 80 columns, four in 160.
    public static let width = 38
    /// The narrowest box: below it rows of films lose their titles, and the
    /// screen is drawn in its compact form instead (no side frame).
    public static let minimumWidth = 30
    /// The narrowest compact form; a terminal narrower than this still gets
    /// lines of this width (they wrap, but nothing is lost).
    public static let minimumCompactWidth = 16
    /// The columns between two screens side by side.
    public static let gap = 2

    /// How screens are placed at a given terminal width.
    public struct Layout: Equatable, Sendable {
        /// How many screens share one row.
        public let perRow: Int
        /// The width of each screen, frame included.
        public let screenWidth: Int

        public init(perRow: Int, screenWidth: Int) {
            self.perRow = max(1, perRow)
            self.screenWidth = screenWidth
        }

        /// Whether screens are drawn without their side frame, to fit.
        public var isCompact: Bool { screenWidth < ScreenRenderer.minimumWidth }

        /// The widest line this layout draws for `count` screens.
        public func lineWidth(count: Int) -> Int {
            let shown = min(max(1, count), perRow)
            return shown * screenWidth + (shown - 1) * ScreenRenderer.gap
        }
    }

    /// Where `count` screens go at `columns` columns: as many side by side as
    /// fit at full width; else narrower boxes, down to `minimumWidth`; else one
    /// a row, the box as wide as the terminal, compact below `minimumWidth`.
    /// Rows are balanced (8 screens that fit 3 a row go 3, 3, 2; 4 that fit 3
    /// go 2, 2), so that a row is never emptier than it must be.
    ///
    /// - Complexity: O(count).
    public static func layout(count: Int, columns: Int) -> Layout {
        let count = max(1, count)
        func boxWidth(_ perRow: Int) -> Int { min(width, (columns - (perRow - 1) * gap) / perRow) }
        var perRow = 1
        for candidate in stride(from: count, through: 2, by: -1) where boxWidth(candidate) >= minimumWidth {
            perRow = candidate
            break
        }
        guard perRow > 1 else {
            return Layout(perRow: 1, screenWidth: max(minimumCompactWidth, min(width, columns)))
        }
        let rows = (count + perRow - 1) / perRow
        let balanced = (count + rows - 1) / rows
        return Layout(perRow: balanced, screenWidth: boxWidth(balanced))
    }

    /// The screen in a box titled with its navigation title; below
    /// `minimumWidth`, its compact form: the title in a rule, the lines
    /// unframed, a rule under them.
    public static func render(_ screen: (any Screen)?, width: Int = width) -> [String] {
        let compact = width < minimumWidth
        let inner = compact ? width : width - 4
        let title = screen.map { $0.title.isHidden ? "" : $0.title.text } ?? ""
        var lines = screen?.widgets.flatMap { $0.render(width: inner) } ?? []
        if screen == nil { lines = ["(no screen)"] }
        if lines.isEmpty { lines = [""] }
        let heading = title.isEmpty ? "" : " \(title.fitted(to: inner - 2)) "
        if compact {
            let top = "─" + heading + horizontal(max(0, width - 1 - heading.displayWidth))
            let rule = horizontal(width)
            return [top] + lines.map { $0.fitted(to: inner).trailingSpacesTrimmed } + [rule]
        }
        let top = "┌─" + heading + horizontal(max(0, width - 3 - heading.displayWidth)) + "┐"
        let bottom = "└" + horizontal(width - 2) + "┘"
        return [top] + lines.map { "│ " + $0.padded(to: inner) + " │" } + [bottom]
    }

    /// `count` box-drawing horizontals (`─`), cut from one long rule:
    /// `String(repeating:count:)` appends a non-ASCII piece one at a time,
    /// some 3,000 instructions a box edge, which was a twentieth of replaying
    /// the sessions.
    static func horizontal(_ count: Int) -> String {
        guard count > 0 else { return "" }
        let utf8 = longRule.utf8
        let bytes = count * 3  // "─" is three bytes of UTF-8
        guard bytes <= utf8.count else { return String(repeating: "─", count: count) }
        return String(Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: bytes)]))
    }

    private static let longRule = String(repeating: "─", count: 400)

    /// Blocks side by side, each under its caption, separated by two spaces,
    /// at most `perRow` to a row; each row of blocks starts with its captions.
    ///
    /// - Complexity: O(total lines).
    public static func columns(
        _ blocks: [(caption: String, lines: [String])], width: Int = width, perRow: Int = .max
    ) -> [String] {
        guard blocks.count > 1 else { return blocks.first?.lines ?? [] }
        var output: [String] = []
        let separator = String(repeating: " ", count: gap)
        for start in stride(from: 0, to: blocks.count, by: max(1, perRow)) {
            let row = blocks[start..<min(blocks.count, start + max(1, perRow))]
            let height = row.map(\.lines.count).max() ?? 0
            output.append(row.map { $0.caption.padded(to: width) }.joined(separator: separator).trailingSpacesTrimmed)
            let blank = String(repeating: " ", count: width)
            for line in 0..<height {
                let cells = row.map { line < $0.lines.count ? $0.lines[line].padded(to: width) : blank }
                output.append(cells.joined(separator: separator).trailingSpacesTrimmed)
            }
        }
        return output
    }

    /// Blocks laid out by `layout`: rows of screens under their captions.
    public static func columns(_ blocks: [(caption: String, lines: [String])], layout: Layout) -> [String] {
        columns(blocks, width: layout.screenWidth, perRow: layout.perRow)
    }
}

extension ScreenRenderer {
    /// Fields laid out on a line, `separator` between them; a field that
    /// does not fit what is left of the line starts a continuation line,
    /// indented by `indent`, and a field wider than a whole line is broken
    /// between words. A trace hop (`· From → To`, its message, how it was
    /// delivered) so stays readable at any width.
    ///
    /// - Complexity: O(n) in the length of the fields.
    public static func wrapping(_ fields: [String], separator: String = "  ", width: Int, indent: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        let pad = String(repeating: " ", count: max(0, indent))
        for field in fields {
            let candidate = current.isEmpty ? field : current + separator + field
            if current.isEmpty || candidate.displayWidth <= width {
                current = candidate
            } else {
                lines.append(current)
                current = pad + field
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.flatMap { $0.wrapped(to: width, indent: indent) }
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The line cut into lines of at most `width` columns, at spaces where it
    /// can be, each continuation indented by `indent` spaces: a long line
    /// that the terminal would otherwise wrap in the middle of a word.
    ///
    /// - Complexity: O(n) in the length of the line.
    public func wrapped(to width: Int, indent: Int) -> [String] {
        // Coloured text (ANSI escapes) is wrapped before it is coloured.
        guard width > 0, displayWidth > width, !contains("\u{1B}") else { return [self] }
        let indent = max(0, min(indent, width / 2))
        var lines: [String] = []
        var rest = Substring(self)
        var prefix = ""
        while !rest.isEmpty {
            let room = width - prefix.count
            var used = 0
            var end = rest.startIndex
            var lastSpace: String.Index?
            var sawText = !prefix.isEmpty
            while end < rest.endIndex {
                let columns = rest[end].displayWidth
                if used + columns > room { break }
                // Not in the leading blanks: a break there would leave an empty line.
                if rest[end] == " " { if sawText { lastSpace = end } } else { sawText = true }
                used += columns
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }  // a character wider than the room
            if end == rest.endIndex {
                lines.append(prefix + rest)
                break
            }
            // Break at the last space that leaves something on the line.
            let cut = lastSpace.flatMap { $0 > rest.startIndex ? $0 : nil } ?? end
            lines.append((prefix + rest[..<cut]).trailingSpacesTrimmed)
            rest = rest[cut...].drop { $0 == " " }
            prefix = String(repeating: " ", count: indent)
        }
        return lines
    }
}
