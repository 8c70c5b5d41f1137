import Playground

/// `check --update`: the session rewritten to expect what the backends
/// printed, touching only the blocks that no longer match.
///
/// In a block that fails, the expected lines that still match (wildcards
/// included) stay as they are, and the rest are replaced by what was printed.
/// Lines that every checked backend printed are written without a prefix;
/// lines only some printed get their ids (`[a,b] `), or the ids of the
/// backends that did not print them when that is shorter (`[!c] `). Lines
/// for backends that were not checked stay as they are.
extension Session {
    /// What became of one block's expected lines for one backend.
    enum Revision: Equatable {
        /// The expected line at this index of the block stays.
        case keep(Int)
        /// A new line of output, written as it was printed.
        case add(String)
    }

    /// The expected lines `backend` would need here to match `output`, or nil
    /// when they match already.
    ///
    /// The lines that still match are found as a longest common subsequence;
    /// between two of them, a `...` keeps matching what lies between, with
    /// fresh lines in place of the old lines before and after it.
    ///
    /// - Complexity: O((m + n)·d) for m expected and n printed lines, d differences.
    /// - Parameter timed: whether the block's command is timed on the wall
    ///   clock: its new lines are written as patterns (`Timings`), as its
    ///   figures change with every run.
    static func revise(_ block: Block, for backend: String, output: [String], timed: Bool = false) -> [Revision]? {
        guard !block.matches(output, for: backend) else { return nil }
        let written = timed ? output.map { Timings.pattern(of: $0) } : output
        let visible = block.expected.indices.filter { block.expected[$0].applies(to: backend) }
        let literals = visible.filter { block.expected[$0].pattern != .anyLines }
        let anchors = LineDiff.commonPairs(literals.count, output.count) { i, j in
            guard case .text(let text) = block.expected[literals[i]].pattern else { return false }
            return SessionMatcher.matches(text, output[j])
        }.map { (entry: visible.firstIndex(of: literals[$0.0])!, line: $0.1) }

        var revisions: [Revision] = []
        var entry = 0
        var line = 0
        for anchor in anchors + [(entry: visible.count, line: output.count)] {
            let gapEntries = visible[entry..<anchor.entry]
            let gapLines = output[line..<anchor.line]
            let wildcards = gapEntries.filter { block.expected[$0].pattern == .anyLines }
            if let first = wildcards.first, let last = wildcards.last {
                // The lines the old ones before and after `...` stood for are written out; `...` takes the middle.
                let before = gapEntries.prefix { $0 != first }.count
                let after = gapEntries.reversed().prefix { $0 != last }.count
                let head = min(before, gapLines.count)
                let tail = min(after, gapLines.count - head)
                revisions += written[gapLines.indices].prefix(head).map(Revision.add)
                revisions.append(.keep(first))
                revisions += written[gapLines.indices].suffix(tail).map(Revision.add)
            } else {
                revisions += written[gapLines.indices].map(Revision.add)
            }
            if anchor.entry < visible.count { revisions.append(.keep(visible[anchor.entry])) }
            entry = anchor.entry + 1
            line = anchor.line + 1
        }
        return revisions
    }

    /// The file's lines rewritten to expect `outputs`: for each backend
    /// checked, what each block printed. Nil when every block matches.
    ///
    /// - Parameter backends: every known id, in the order prefixes list them.
    /// - Parameter timed: whether an input runs a command timed on the wall
    ///   clock (`CommandRegistry.printsTimings`), whose lines are written
    ///   as patterns.
    package func rewritten(
        expecting outputs: [(backend: String, blocks: [[String]])], backends: [String] = BackendRegistry.ids,
        timed: (String) -> Bool = { _ in false }
    )
        -> [String]?
    {
        var result: [String] = []
        var copied = 0
        for (index, block) in blocks.enumerated() {
            let isTimed = timed(block.input)
            let revisions = outputs.map { run in
                (run.backend, Session.revise(block, for: run.backend, output: run.blocks[index], timed: isTimed))
            }
            guard revisions.contains(where: { $0.1 != nil }) else { continue }
            result += lines[copied...block.line]
            result += rewrite(block, revisions, order: backends)
            copied = block.end
        }
        guard copied > 0 else { return nil }
        return result + lines[copied...]
    }

    /// One block's expected lines, rewritten.
    private func rewrite(_ block: Block, _ revisions: [(String, [Revision]?)], order: [String]) -> [String] {
        let checked = Set(revisions.map(\.0))
        let count = block.expected.count
        var keptBy = [Set<String>](repeating: [], count: count)
        // added[s]: each backend's new lines that go before expected line s (s == count: after the last).
        var added = [[(backend: String, lines: [String])]](repeating: [], count: count + 1)
        for (backend, revision) in revisions {
            guard let revision else {
                for index in block.expected.indices where block.expected[index].applies(to: backend) {
                    keptBy[index].insert(backend)
                }
                continue
            }
            var slot = 0
            var pending: [String] = []
            for step in revision {
                switch step {
                case .keep(let index):
                    added[slot].append((backend, pending))
                    pending = []
                    keptBy[index].insert(backend)
                    slot = index + 1
                case .add(let line):
                    pending.append(line)
                }
            }
            added[slot].append((backend, pending))
        }

        // (the line as written, or nil to render it; its backends; its pattern)
        var entries: [(raw: String?, backends: [String]?, pattern: Pattern)] = []
        for slot in 0...count {
            for (line, printers) in Session.merge(added[slot]) {
                let ids = printers == checked ? nil : Session.ordered(printers, by: order)
                entries.append((nil, ids, .text(line)))
            }
            guard slot < count else { break }
            let expected = block.expected[slot]
            let seeing = expected.backends.map(Set.init) ?? checked
            let kept = keptBy[slot]
            let remaining = seeing.subtracting(checked).union(kept)
            if remaining.isEmpty { continue }
            if remaining == seeing {
                entries.append((lines[expected.line], expected.backends, expected.pattern))
            } else {
                entries.append((nil, Session.ordered(remaining, by: order), expected.pattern))
            }
        }
        entries = Session.joiningWildcards(entries, known: order)
        return entries.indices.map { index in
            let entry = entries[index]
            let last = index == entries.count - 1
            if let raw = entry.raw, !raw.isBlank || !last { return raw }
            return Session.render(entry.pattern, backends: entry.backends, last: last, known: order)
        }
    }

    /// Two `...` in a row for one backend can never match anything (the
    /// parser refuses them): where a rewrite leaves two adjacent — the lines
    /// between them gone — the second keeps only the backends the first
    /// does not stand for, and goes when there are none (for a backend of
    /// both, one `...` matches what the two did).
    ///
    /// - Parameter known: every known id; a line without a prefix stands for all of them.
    static func joiningWildcards(
        _ entries: [(raw: String?, backends: [String]?, pattern: Pattern)], known: [String]
    ) -> [(raw: String?, backends: [String]?, pattern: Pattern)] {
        var joined: [(raw: String?, backends: [String]?, pattern: Pattern)] = []
        joined.reserveCapacity(entries.count)
        for entry in entries {
            guard entry.pattern == .anyLines, let previous = joined.last, previous.pattern == .anyLines,
                Session.overlap(previous.backends, entry.backends)
            else {
                joined.append(entry)
                continue
            }
            guard let covered = previous.backends else { continue }  // the first stands for every backend
            let rest = (entry.backends ?? known).filter { !covered.contains($0) }
            if !rest.isEmpty { joined.append((nil, rest, .anyLines)) }
        }
        return joined
    }

    /// Several backends' new lines for one place, merged: the lines they share
    /// once, each with the backends that printed it, in an order that keeps
    /// every backend's lines in their order.
    private static func merge(_ runs: [(backend: String, lines: [String])]) -> [(String, Set<String>)] {
        var merged: [(String, Set<String>)] = []
        for run in runs where !run.lines.isEmpty {
            let pairs = LineDiff.commonPairs(merged.count, run.lines.count) { merged[$0].0 == run.lines[$1] }
            var next: [(String, Set<String>)] = []
            var i = 0
            var j = 0
            for (mi, rj) in pairs + [(merged.count, run.lines.count)] {
                next += merged[i..<mi]
                next += run.lines[j..<rj].map { ($0, [run.backend]) }
                if mi < merged.count {
                    next.append((merged[mi].0, merged[mi].1.union([run.backend])))
                }
                i = mi + 1
                j = rj + 1
            }
            merged = next
        }
        return merged
    }

    private static func ordered(_ ids: Set<String>, by order: [String]) -> [String] {
        order.filter(ids.contains) + ids.subtracting(order).sorted()
    }

    /// One expected line as written in a file.
    ///
    /// Text that would read as something else — an input, narration, a
    /// prefix, `...`, a blank that would be layout — is escaped with `\`.
    ///
    /// - Parameters:
    ///   - last: whether it ends its block (a blank there is escaped).
    ///   - known: every known id; the prefix names the backends left out
    ///     (`[!c] `) when that is shorter than naming the ones in.
    static func render(_ pattern: Pattern, backends: [String]?, last: Bool, known: [String] = []) -> String {
        let prefix = backends.map { Session.prefix(naming: $0, known: known) } ?? ""
        guard case .text(let text) = pattern else { return prefix + "..." }
        let escaped =
            text == "..." || text.unicodeScalars.first == "\\"
            || (backends == nil
                && (text.unicodeScalars.first == ">" || text.unicodeScalars.first == "#"
                    || backendPrefix(of: text) != nil))
            || (text.isBlank && (backends != nil || last))
        return prefix + (escaped ? "\\" : "") + text
    }

    /// `[a,b] `, or `[!c] ` for the same backends when every id in `ids` is
    /// known and naming the others is shorter.
    static func prefix(naming ids: [String], known: [String]) -> String {
        let listed = "[\(ids.joined(separator: ","))] "
        guard ids.allSatisfy(known.contains) else { return listed }
        let others = known.filter { !ids.contains($0) }
        guard !others.isEmpty else { return listed }
        let excluded = "[!\(others.joined(separator: ","))] "
        return excluded.count < listed.count ? excluded : listed
    }

    /// The file's text from its lines, in its own layout.
    ///
    /// Reading takes one carriage return off the end of each line, so a line
    /// whose text itself ends in one (`a\r` typed as an input, printed in an
    /// error) is always written with CRLF: read back, it is the same text.
    /// Lines end as the file's first line does (a file with mixed endings
    /// comes out with one kind); the text of every line is kept exactly.
    package func text(of lines: [String]) -> String {
        var text = layout.byteOrderMark ? "\u{FEFF}" : ""
        for (index, line) in lines.enumerated() {
            text += line
            guard index < lines.count - 1 || layout.finalLineBreak else {
                if line.hasSuffix("\r") { text += "\r" }
                break
            }
            text += layout.carriageReturns || line.hasSuffix("\r") ? "\r\n" : "\n"
        }
        return text
    }
}
