import Playground

extension Command {
    /// The swipe `scroll [down|up|N]` names (`orders scroll`, `movies scroll`).
    func scroll(_ words: [String]) throws(ShellError) -> UserAction.Scroll {
        guard words.count <= 1 else { throw misuse("scroll takes down, up or a row number", of: "scroll") }
        switch words.first {
        case nil, "down": return .down
        case "up": return .up
        case let word?:
            guard word.first?.isNumber == true else {
                throw misuse(unknownWord(word, among: ["down", "up"]), of: "scroll")
            }
            return .to(row: try Arguments.row(word))
        }
    }
}
