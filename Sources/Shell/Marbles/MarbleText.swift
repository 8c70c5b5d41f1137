import Pictures

/// A marble diagram as plain text, after RxJS's marble syntax, for sessions
/// to assert exactly (`:timeline --marbles`; the grammar is in
/// Docs/sessions.md): a line per lane, then a line per marble.
///
/// ```
/// delegate: 0ms (abc) 1000ms -(def)
/// output: 0ms -abcd 1000ms --efghij
/// delegate a: user → list  pullToRefresh()
/// ```
///
/// A lane gives each instant it has marbles at, then its turns there from
/// the first (0, the command itself) to its last marble: `-` a turn with
/// nothing for it, a name a turn with one marble, `(…)` one turn with
/// several, in the order they ran. More than three empty turns in a row are
/// written as a count, `12t`, between spaces. A name is followed by `×` when
/// the hop was dropped, `=` when it redrew something already shown. Lines
/// are never wrapped.
enum MarbleText {
    /// The longest run of empty turns written out as dashes.
    static let longestDashes = 3

    static func lines(_ diagram: MarbleDiagram) -> [String] {
        var lines = diagram.lanes.map { lane in
            ([lane.title + ":"] + instants(lane)).joined(separator: " ")
        }
        for backend in diagram.backends {
            for marble in backend.marbles {
                lines.append(
                    ["\(backend.id) \(marble.name): \(marble.hop.from) → \(marble.hop.to)", marble.hop.message]
                        .joined(separator: "  ") + MarbleArt.flags(of: marble).map { "  " + $0 }.joined())
            }
        }
        return lines
    }

    /// `0ms (abc)`, `1000ms --d`: each instant of the lane and its turns.
    private static func instants(_ lane: MarbleDiagram.Lane) -> [String] {
        var words: [String] = []
        var index = lane.marbles.startIndex
        while index < lane.marbles.endIndex {
            let time = lane.marbles[index].slot.time
            var turns = ""
            var nextTurn = 0
            while index < lane.marbles.endIndex, lane.marbles[index].slot.time == time {
                let turn = lane.marbles[index].slot.turn
                var group: [MarbleDiagram.Marble] = []
                while index < lane.marbles.endIndex,
                    lane.marbles[index].slot == MarbleDiagram.Slot(time: time, turn: turn)
                {
                    group.append(lane.marbles[index])
                    index += 1
                }
                let empty = turn - nextTurn
                if empty > longestDashes {
                    turns += (turns.isEmpty ? "" : " ") + "\(empty)t "
                } else {
                    turns += String(repeating: "-", count: empty)
                }
                let names = group.map(name).joined()
                turns += group.count == 1 ? names : "(\(names))"
                nextTurn = turn + 1
            }
            words.append("\(time)ms \(turns)")
        }
        return words
    }

    private static func name(_ marble: MarbleDiagram.Marble) -> String {
        marble.name + (marble.isDropped ? "×" : (marble.isRedundant ? "=" : ""))
    }
}
