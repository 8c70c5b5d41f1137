/// Draws screens as boxes of text, and several of them side by side.
public enum ScreenRenderer {
    /// The width of one screen, frame included: three fit in 120 columns.
    public static let width = 38

    /// The screen in a box titled with its navigation title.
    public static func render(_ screen: (any Screen)?, width: Int = width) -> [String] {
        let inner = width - 4
        let title = screen.map { $0.title.isHidden ? "" : $0.title.text } ?? ""
        var lines = screen?.widgets.flatMap { $0.render(width: inner) } ?? []
        if screen == nil { lines = ["(no screen)"] }
        if lines.isEmpty { lines = [""] }
        let heading = title.isEmpty ? "" : " \(title.fitted(to: inner - 2)) "
        let top = "┌─" + heading + String(repeating: "─", count: max(0, width - 3 - heading.displayWidth)) + "┐"
        let bottom = "└" + String(repeating: "─", count: width - 2) + "┘"
        return [top] + lines.map { "│ " + $0.padded(to: inner) + " │" } + [bottom]
    }

    /// Blocks side by side, each under its caption, separated by two spaces.
    ///
    /// - Complexity: O(total lines).
    public static func columns(_ blocks: [(caption: String, lines: [String])], width: Int = width)
        -> [String]
    {
        guard blocks.count > 1 else { return blocks.first?.lines ?? [] }
        let height = blocks.map(\.lines.count).max() ?? 0
        var output = [
            blocks.map { $0.caption.padded(to: width) }.joined(separator: "  ").trailingSpacesTrimmed
        ]
        for row in 0..<height {
            let cells = blocks.map { row < $0.lines.count ? $0.lines[row].padded(to: width) : String(repeating: " ", count: width) }
            output.append(cells.joined(separator: "  ").trailingSpacesTrimmed)
        }
        return output
    }
}

extension String {
    var trailingSpacesTrimmed: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
