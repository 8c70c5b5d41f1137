import BindingKit
import Pictures
import Playground

/// A marble diagram drawn for the terminal: the lanes under a ruler of
/// instants and turns, a marker line under a lane's dropped (`×`) and
/// redundant (`=`) marbles, then each backend's legend.
///
/// ```
///                     0 ms            ┆ 1000 ms
///               turn  0    1 2 3 4    ┆ 1   2 3 4 5 6 7
/// delegate           ├abc─────────────┆─def────────────
/// output             ├────a─b─c─d─────┆─────e─f─g─h─i─j
/// ```
///
/// The slots are as wide as their widest lane's marbles; what does not fit
/// the width goes on in another band under the first, the ruler repeated, so
/// that no marble is ever cut. When the lanes' names would take half the
/// width, each name goes on a line of its own above its track. Colours mark
/// the marbles too, but never alone: the plain form (`NO_COLOR`, sessions)
/// says everything with its glyphs.
struct MarbleArt {
    let diagram: MarbleDiagram
    let columns: Int
    let style: Style

    /// The marbles of one lane in one cell, and where each starts in it.
    private struct Piece {
        var marbles: [(marble: MarbleDiagram.Marble, offset: Int)] = []
        var width = 0
    }

    /// A column of the drawing: one slot, or a part of a slot too wide for a band.
    private struct Cell {
        let slot: MarbleDiagram.Slot
        /// One piece per lane.
        let pieces: [Piece]
        let width: Int
    }

    /// What stands between two slots of an instant, and between two instants.
    private static let slotGap = 1
    private static let instantGap = 3

    /// The diagram's lines: the bands, then the legend.
    func lines() -> [String] {
        var lines: [String] = []
        if diagram.slots.isEmpty {
            lines.append(style.dim("no binding hops"))
        } else {
            lines += bands()
        }
        lines += legend()
        return lines
    }

    // MARK: The lanes

    private var titles: [String] { diagram.lanes.map(\.title) }

    /// Whether each lane's name goes on a line of its own.
    private var stacked: Bool {
        let widest = titles.map(\.displayWidth).max() ?? 0
        return widest + 2 > columns / 2
    }

    /// What comes before a track: its name padded, or nothing when stacked.
    private var labelWidth: Int { stacked ? 0 : (titles.map(\.displayWidth).max() ?? 0) + 1 }

    /// The room for the tracks, after the label and the `├`.
    private var trackWidth: Int { max(1, columns - labelWidth - 1) }

    private func bands() -> [String] {
        let cells = self.cells()
        var bands: [[Cell]] = [[]]
        for cell in cells {
            if let band = bands.last, !band.isEmpty, width(of: band + [cell]) > trackWidth {
                bands.append([cell])
            } else {
                bands[bands.count - 1].append(cell)
            }
        }
        var lines: [String] = []
        for (index, band) in bands.enumerated() {
            if index > 0 { lines.append("") }
            lines += draw(band)
        }
        return lines
    }

    /// The cells: a slot each, but a slot wider than the room for the tracks
    /// is split between marbles into several.
    ///
    /// - Complexity: O(*m*) for *m* marbles.
    private func cells() -> [Cell] {
        var bySlot: [MarbleDiagram.Slot: [[MarbleDiagram.Marble]]] = [:]
        for (index, lane) in diagram.lanes.enumerated() {
            for marble in lane.marbles {
                var slotLanes = bySlot[marble.slot] ?? Array(repeating: [], count: diagram.lanes.count)
                slotLanes[index].append(marble)
                bySlot[marble.slot] = slotLanes
            }
        }
        var cells: [Cell] = []
        for slot in diagram.slots {
            let label = String(slot.turn).displayWidth
            let room = max(trackWidth, label)
            // Each lane's marbles cut into runs that fit the room.
            let runs = (bySlot[slot] ?? []).map { marbles -> [Piece] in
                var pieces = [Piece()]
                for marble in marbles {
                    let width = marble.name.displayWidth
                    if pieces[pieces.count - 1].width + width > room, pieces[pieces.count - 1].width > 0 {
                        pieces.append(Piece())
                    }
                    pieces[pieces.count - 1].marbles.append((marble, pieces[pieces.count - 1].width))
                    pieces[pieces.count - 1].width += width
                }
                return pieces
            }
            let count = runs.map(\.count).max() ?? 1
            for part in 0..<count {
                let pieces = runs.map { part < $0.count ? $0[part] : Piece() }
                cells.append(Cell(slot: slot, pieces: pieces, width: max(label, pieces.map(\.width).max() ?? 0)))
            }
        }
        return cells
    }

    /// The cells of a band grouped by instant, each group as wide as its cells
    /// or its time label, whichever is wider.
    private func instants(_ band: [Cell]) -> [(label: String, cells: [Cell], width: Int)] {
        var groups: [(label: String, cells: [Cell], width: Int)] = []
        for cell in band {
            if let last = groups.last, last.cells.last?.slot.time == cell.slot.time {
                groups[groups.count - 1].cells.append(cell)
            } else {
                groups.append(("\(cell.slot.time) ms", [cell], 0))
            }
        }
        for index in groups.indices {
            let cells = groups[index].cells
            let width = cells.reduce(0) { $0 + $1.width } + Self.slotGap * (cells.count - 1)
            groups[index].width = max(width, groups[index].label.displayWidth)
        }
        return groups
    }

    private func width(of band: [Cell]) -> Int {
        let groups = instants(band)
        return groups.reduce(0) { $0 + $1.width } + Self.instantGap * (groups.count - 1)
    }

    /// One band: the ruler (times, turns), then each lane's track and markers.
    private func draw(_ band: [Cell]) -> [String] {
        let groups = instants(band)
        let indent = String(repeating: " ", count: labelWidth + 1)
        let times = groups.map { $0.label.padded(to: $0.width) }.joined(separator: " ┆ ")
        let turns = groups.map { group in
            padded(group.cells.map { String($0.slot.turn).padded(to: $0.width) }.joined(separator: " "), group.width)
        }.joined(separator: " ┆ ")
        // "turn" under the lanes' names, when they leave room for it.
        let turnIndent = labelWidth >= 5 ? String(repeating: " ", count: labelWidth - 5) + "turn  " : indent
        var lines = [
            style.dim((indent + times).trailingBlanksTrimmed),
            style.dim((turnIndent + turns).trailingBlanksTrimmed),
        ]
        for (lane, title) in titles.enumerated() {
            var track = ""
            var marks = ""
            for (index, group) in groups.enumerated() {
                if index > 0 {
                    track += "─┆─"
                    marks += String(repeating: " ", count: Self.instantGap)
                }
                var used = 0
                for (position, cell) in group.cells.enumerated() {
                    if position > 0 {
                        track += "─"
                        marks += " "
                        used += Self.slotGap
                    }
                    let piece = cell.pieces[lane]
                    for (marble, _) in piece.marbles {
                        track += colour(marble)
                        marks +=
                            mark(marble).map { $0 + String(repeating: " ", count: marble.name.displayWidth - 1) }
                            ?? String(repeating: " ", count: marble.name.displayWidth)
                    }
                    track += String(repeating: "─", count: cell.width - piece.width)
                    marks += String(repeating: " ", count: cell.width - piece.width)
                    used += cell.width
                }
                track += String(repeating: "─", count: group.width - used)
                marks += String(repeating: " ", count: group.width - used)
            }
            if stacked {
                lines += title.wrapped(to: columns, indent: 2)
                lines.append("├" + track)
            } else {
                lines.append(title.padded(to: labelWidth) + "├" + track)
            }
            let shownMarks = marks.trailingBlanksTrimmed
            if !shownMarks.isEmpty { lines.append(indent + colourMarks(shownMarks)) }
        }
        return lines
    }

    private func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.displayWidth))
    }

    /// `×` under a dropped marble, `=` under a redundant one.
    private func mark(_ marble: MarbleDiagram.Marble) -> String? {
        marble.isDropped ? "×" : (marble.isRedundant ? "=" : nil)
    }

    private func colour(_ marble: MarbleDiagram.Marble) -> String {
        marble.isDropped
            ? style.red(marble.name) : (marble.isRedundant ? style.dim(marble.name) : style.cyan(marble.name))
    }

    private func colourMarks(_ marks: String) -> String {
        guard style.enabled else { return marks }
        return marks.map { $0 == "×" ? style.red("×") : ($0 == "=" ? style.dim("=") : String($0)) }.joined()
    }

    // MARK: The legend

    /// Per backend, how its hops were delivered, then a line per marble.
    private func legend() -> [String] {
        var lines: [String] = []
        for backend in diagram.backends {
            lines += MarbleArt.summary(of: backend).wrapped(to: columns, indent: 4)
            let nameWidth = backend.marbles.map(\.name.displayWidth).max() ?? 1
            for marble in backend.marbles {
                let text =
                    ([
                        "  " + marble.name.padded(to: nameWidth), "\(marble.hop.from) → \(marble.hop.to)",
                        marble.hop.message,
                    ]
                    + MarbleArt.flags(of: marble)).joined(separator: "  ")
                let entry = text.wrapped(to: columns, indent: nameWidth + 4)
                lines += entry.enumerated().map { index, line in
                    index == 0 ? "  " + colour(marble) + String(line.dropFirst(2 + marble.name.count)) : line
                }
            }
        }
        return lines
    }

    /// `delegate: 6 hops (6 sync)`.
    static func summary(of backend: MarbleDiagram.Backend) -> String {
        let counts = Tracer.Hop.Delivery.allCases.compactMap { delivery -> String? in
            let count = backend.marbles.count { $0.hop.delivery == delivery }
            return count == 0 ? nil : "\(count) \(delivery.rawValue)"
        }
        let count = backend.marbles.count
        return "\(backend.id): \(count) hop\(count == 1 ? "" : "s")"
            + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
    }

    /// What the diagram marks, in words: a drop, redundant updates, an unordered delivery.
    static func flags(of marble: MarbleDiagram.Marble) -> [String] {
        var flags: [String] = []
        if marble.isDropped { flags.append("(dropped: no listener)") }
        if marble.isRedundant {
            flags.append("(redundant: \(marble.hop.redundantUpdates) of \(marble.hop.updates) updates)")
        }
        if marble.hop.unordered { flags.append("(unordered)") }
        return flags
    }
}
