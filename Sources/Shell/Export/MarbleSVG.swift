import BindingKit
import Pictures

/// A marble diagram drawn as SVG, laid out as `:timeline` lays it out in
/// the terminal: a lane per backend (or per receiver), a column per turn of
/// an instant that delivers something, the instants apart with a dashed
/// line between them and their time over them, a lettered marble per hop —
/// red with `×` when dropped, hollow with `=` when it redrew what was shown —
/// and under the drawing each backend's legend. Each marble's `<title>` is
/// its hop, for a pointer to read.
///
/// The page's style colours it (`MarbleSVG.style`); sizes are in pixels of
/// a 12 px monospace font, so no font metrics are needed.
struct MarbleSVG {
    let diagram: MarbleDiagram

    /// One character of the 12 px monospace font, wide.
    private static let character = 7.25
    private static let pitch = 26.0
    private static let radius = 10.0
    private static let slotPadding = 6.0
    private static let slotGap = 6.0
    private static let instantGap = 28.0
    private static let rulerHeight = 40.0
    private static let laneHeight = 32.0

    /// A column: a slot, where it starts and how wide it is.
    private struct Column {
        let slot: MarbleDiagram.Slot
        let x: Double
        let width: Double
    }

    /// The SVG element; an empty string when there is nothing to draw.
    func svg() -> String {
        guard !diagram.slots.isEmpty else { return "" }
        let titles = diagram.lanes.map(\.title)
        let labelWidth = Double(titles.map(\.count).max() ?? 0) * Self.character + 16
        // How many marbles share a slot on one lane: the slot is that wide.
        var widest: [MarbleDiagram.Slot: Int] = [:]
        var placed: [[MarbleDiagram.Slot: Int]] = Array(repeating: [:], count: diagram.lanes.count)
        for (index, lane) in diagram.lanes.enumerated() {
            for marble in lane.marbles { placed[index][marble.slot, default: 0] += 1 }
            for (slot, count) in placed[index] { widest[slot] = max(widest[slot] ?? 0, count) }
        }
        var groups: [[MarbleDiagram.Slot]] = []
        for slot in diagram.slots {
            if groups.last?.first?.time == slot.time {
                groups[groups.count - 1].append(slot)
            } else {
                groups.append([slot])
            }
        }
        var columns: [Column] = []
        var instants: [(time: Int, x: Double)] = []
        var x = labelWidth + 8
        for (index, group) in groups.enumerated() {
            if index > 0 { x += Self.instantGap }
            let start = x
            for (position, slot) in group.enumerated() {
                if position > 0 { x += Self.slotGap }
                let width = Double(widest[slot] ?? 1) * Self.pitch + Self.slotPadding
                columns.append(Column(slot: slot, x: x, width: width))
                x += width
            }
            // An instant is at least as wide as its time.
            let time = group[0].time
            x = max(x, start + Double("\(time) ms".count) * Self.character)
            instants.append((time, start))
        }
        let width = x + 12
        let height = Self.rulerHeight + Double(diagram.lanes.count) * Self.laneHeight + 8
        let column = Dictionary(uniqueKeysWithValues: columns.map { ($0.slot, $0) })

        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"marbles\" role=\"img\" width=\"\(Self.number(width))\""
            + " height=\"\(Self.number(height))\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\">"
            + "<title>\(HTML.escape("marbles of " + diagram.command))</title>\n"
        // The ruler: each instant's time, each column's turn.
        svg += "<text class=\"ruler\" x=\"\(Self.number(labelWidth))\" y=\"32\" text-anchor=\"end\">turn</text>"
        for (index, instant) in instants.enumerated() {
            svg += "<text class=\"time\" x=\"\(Self.number(instant.x))\" y=\"14\">\(instant.time) ms</text>"
            if index > 0 {
                let line = Self.number(instant.x - Self.instantGap / 2)
                svg +=
                    "<line class=\"instant\" x1=\"\(line)\" y1=\"4\" x2=\"\(line)\" y2=\"\(Self.number(height - 4))\"/>"
            }
        }
        for column in columns {
            svg +=
                "<text class=\"ruler\" x=\"\(Self.number(column.x + column.width / 2))\" y=\"32\" "
                + "text-anchor=\"middle\">\(column.slot.turn)</text>"
        }
        svg += "\n"
        for (index, lane) in diagram.lanes.enumerated() {
            let y = Self.rulerHeight + Double(index) * Self.laneHeight + Self.laneHeight / 2
            svg +=
                "<text class=\"lane\" x=\"\(Self.number(labelWidth))\" y=\"\(Self.number(y + 4))\" "
                + "text-anchor=\"end\">\(HTML.escape(lane.title))</text>"
                + "<line class=\"track\" x1=\"\(Self.number(labelWidth + 8))\" y1=\"\(Self.number(y))\" "
                + "x2=\"\(Self.number(width - 8))\" y2=\"\(Self.number(y))\"/>"
            var used: [MarbleDiagram.Slot: Int] = [:]
            for marble in lane.marbles {
                guard let column = column[marble.slot] else { continue }
                let place = used[marble.slot, default: 0]
                used[marble.slot] = place + 1
                let cx = column.x + Self.slotPadding / 2 + Self.pitch / 2 + Double(place) * Self.pitch
                svg += marbleElement(marble, x: cx, y: y)
            }
            svg += "\n"
        }
        return svg + "</svg>"
    }

    private func marbleElement(_ marble: MarbleDiagram.Marble, x: Double, y: Double) -> String {
        let kind = marble.isDropped ? " dropped" : (marble.isRedundant ? " redundant" : "")
        let hop =
            ["\(marble.name): \(marble.hop.from) → \(marble.hop.to)", marble.hop.message]
            + MarbleArt.flags(of: marble)
        var element =
            "<g class=\"marble\(kind)\"><title>\(HTML.escape(hop.joined(separator: "  ")))</title>"
            + "<circle cx=\"\(Self.number(x))\" cy=\"\(Self.number(y))\" r=\"\(Self.number(Self.radius))\"/>"
            + "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y + 4))\" text-anchor=\"middle\">"
            + HTML.escape(marble.name) + "</text>"
        if let mark = marble.isDropped ? "×" : (marble.isRedundant ? "=" : nil) {
            element +=
                "<text class=\"mark\" x=\"\(Self.number(x + Self.radius + 1))\" y=\"\(Self.number(y - 5))\">"
                + mark + "</text>"
        }
        return element + "</g>"
    }

    /// Under the drawing, per backend: how its hops were delivered, then a
    /// row per marble. Open when one backend is drawn; each backend's a
    /// click away when several are.
    func legend() -> String {
        var html = "<div class=\"legend\">\n"
        let open = diagram.backends.count == 1 ? " open=\"open\"" : ""
        for backend in diagram.backends {
            html += "<details\(open)><summary>\(HTML.escape(MarbleArt.summary(of: backend)))</summary>"
            guard !backend.marbles.isEmpty else {
                html += "</details>\n"
                continue
            }
            html += "<table><tbody>\n"
            for marble in backend.marbles {
                let kind = marble.isDropped ? " dropped" : (marble.isRedundant ? " redundant" : "")
                html +=
                    "<tr><td><span class=\"chip\(kind)\">\(HTML.escape(marble.name))</span></td>"
                    + "<td>\(HTML.escape(marble.hop.from)) → \(HTML.escape(marble.hop.to))</td>"
                    + "<td><code>\(HTML.escape(marble.hop.message))</code></td>"
                    + "<td>\(HTML.escape(MarbleArt.flags(of: marble).joined(separator: " ")))</td></tr>\n"
            }
            html += "</tbody></table></details>\n"
        }
        return html + "</div>\n"
    }

    /// `12`, `12.5`: at most two decimals, none when whole.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        guard fraction != 0 else { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The drawing's and the legend's colours, for a page that shows marbles.
    static let style = """
        svg.marbles { display: block; font-family: var(--mono); font-size: 12px; }
        svg.marbles .time { fill: var(--ink); }
        svg.marbles .ruler { fill: var(--dim); font-size: 10px; }
        svg.marbles .lane { fill: var(--ink); }
        svg.marbles .track { stroke: #8c959f; stroke-width: 1.5; }
        svg.marbles .instant { stroke: #afb8c1; stroke-dasharray: 4 3; }
        svg.marbles .marble circle { fill: var(--blue); stroke: var(--blue); stroke-width: 1.5; }
        svg.marbles .marble text { fill: #ffffff; font-size: 11px; font-weight: bold; }
        svg.marbles .marble.redundant circle { fill: #ffffff; stroke: var(--dim); stroke-dasharray: 3 2; }
        svg.marbles .marble.redundant text { fill: var(--dim); }
        svg.marbles .marble.dropped circle { fill: var(--red); stroke: var(--red); }
        svg.marbles .marble text.mark { fill: var(--ink); font-size: 11px; }
        svg.marbles .marble.dropped text.mark { fill: var(--red); }
        .legend details { margin: 2px 0; }
        .legend summary { cursor: pointer; color: var(--dim); }
        .legend table { margin: 4px 0 8px 16px; font-size: 13px; }
        .legend td { border: none; padding: 1px 8px 1px 0; }
        .chip { display: inline-block; min-width: 22px; padding: 0 5px; border-radius: 11px; text-align: center;
          background: var(--blue); color: #ffffff; font: bold 11px/18px var(--mono); }
        .chip.redundant { background: #ffffff; color: var(--dim); border: 1px dashed var(--dim); line-height: 16px; }
        .chip.dropped { background: var(--red); }

        """
}
