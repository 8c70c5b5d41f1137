import BindingKit
import Catalog
import Pictures
import Playground

extension Shell {
    /// Runs `blocks` here as a session's lines, and keeps what each did for
    /// an export: what it printed (the shell's output must be `capture`),
    /// the frames and marbles of a screen action, `:compare`'s counts. Stops
    /// after `:quit`, as a replay does.
    func exportSteps(_ blocks: [(narration: [String], input: String)], capture: StepCapture) -> [ExportStep] {
        var steps: [ExportStep] = []
        for (index, block) in blocks.enumerated() {
            guard !quitRequested else { break }
            let prompt = self.prompt
            let before = playground.lanes.map(Tally.init)
            _ = capture.take()
            perform(block.input)
            let lines = capture.take()
            let name = (try? CommandRegistry.commandName(of: block.input)) ?? nil
            let acts = name.map { $0 == ":compare" || CommandRegistry.command(named: $0)?.group == .screen } ?? false
            var action: ExportStep.Action?
            var comparison: ExportStep.Comparison?
            // A line that names an action and is the last action's acted: a
            // line refused before it acted left the one before it there,
            // under another line.
            if acts, let last = playground.lastAction, last.command == block.input.trimmingBlanks {
                let diagram = MarbleDiagram(command: last.command, settled: last.settled)
                action = ExportStep.Action(
                    frames: exportFrames(last.settled), diagram: diagram.slots.isEmpty ? nil : diagram)
                if name == ":compare", playground.lanes.count > 1 { comparison = exportComparison(since: before) }
            }
            steps.append(
                ExportStep(
                    number: index + 1, narration: block.narration, prompt: prompt, input: block.input, lines: lines,
                    action: action, comparison: comparison))
        }
        return steps
    }

    /// The lanes' frames merged by time, as the shell prints them: at each
    /// instant, the hops (with `:trace`), then every screen when one changed.
    private func exportFrames(_ settled: [Stage.Settled]) -> [ExportStep.Frame] {
        let times = Set(settled.flatMap { $0.frames.map(\.time) }).sorted()
        var current = settled.map(\.before)
        let several = settled.count > 1
        var frames: [ExportStep.Frame] = []
        for time in times {
            var hops: [String] = []
            var changed = Array(repeating: false, count: settled.count)
            for (index, entry) in settled.enumerated() {
                for frame in entry.frames where frame.time == time {
                    if tracing {
                        let shown = tracesRealOrder ? frame.hops.sorted { $0.sequence < $1.sequence } : frame.hops
                        hops += shown.map { Self.traceLine($0, lane: several ? entry.lane.id : nil) }
                    }
                    if let screen = frame.screen {
                        current[index] = screen
                        changed[index] = true
                    }
                }
            }
            // Without :trace, an instant of hops alone is not news (as in the terminal).
            guard !hops.isEmpty || changed.contains(true) else { continue }
            let screens =
                changed.contains(true)
                ? settled.indices.map {
                    ExportStep.Screen(backend: settled[$0].lane.id, lines: current[$0], changed: changed[$0])
                } : []
            frames.append(ExportStep.Frame(time: time, hops: hops, screens: screens))
        }
        return frames
    }

    /// A hop as `:trace` prints it, on one line.
    private static func traceLine(_ hop: Tracer.Hop, lane: String?) -> String {
        var fields = ["· " + (lane.map { "\($0): " } ?? "") + "\(hop.from) → \(hop.to)", hop.message]
        switch hop.delivery {
        case .sync: break
        case .queued: fields.append("(main queue, turn \(hop.turn))")
        case .dropped: fields.append("(dropped: no listener)")
        }
        if hop.unordered { fields.append("(unordered)") }
        return fields.joined(separator: "  ")
    }

    /// `:compare`'s table, from the lanes' counters before the action and now.
    private func exportComparison(since before: [Tally]) -> ExportStep.Comparison {
        let after = playground.lanes.map(Tally.init)
        let screens = playground.lanes.map { $0.render() }
        let rows = playground.lanes.indices.map { index -> [String] in
            let (a, b) = (after[index], before[index])
            let counts = [a.sync - b.sync, a.queued - b.queued, a.dropped - b.dropped]
            return [playground.lanes[index].id, String(counts.reduce(0, +))] + counts.map(String.init) + [
                String(a.updates - b.updates), String(a.redundant - b.redundant),
                index == 0 ? "—" : (screens[index] == screens[0] ? "yes" : "NO"),
            ]
        }
        return ExportStep.Comparison(
            header: ["backend", "hops", "sync", "queued", "dropped", "updates", "redundant", "same screen"],
            rows: rows)
    }

    /// `:export html FILE`: the page of the lines run here so far, replayed
    /// from a fresh start on the backends and at the width the first of them
    /// ran on (as `:record` would have written them, so a session of them
    /// exports the same page).
    func sessionPage() throws(ShellError) -> (html: String, steps: Int) {
        let journal = sessions.pageJournal
        guard !journal.overflowed else {
            throw .actionFailed(
                reason: "more than \(ExportJournal.capacity) lines were run, more than :export html keeps; "
                    + ":record FILE writes a session from now on, and bindlab export html FILE makes its page")
        }
        let capture = StepCapture()
        let replay = Shell(backends: journal.backends ?? playground.backends, data: DataEnvironment(), output: capture)
        replay.fixedColumns = journal.columns
        replay.sourceRoot = sourceRoot
        // Replayed, as a session is, with no folder to write in: its lines write no files.
        replay.sessions.replaying.append(ExportJournal.name)
        replay.sessions.writeRefusal = SessionState.exportRefusal
        let steps = replay.exportSteps(journal.entries, capture: capture)
        let count = steps.count
        let page = SessionPage(
            title: "bindlab: \(count) line\(count == 1 ? "" : "s") typed", generator: nil,
            startedOn: (journal.backends ?? playground.backends).map(\.info.id),
            columns: journal.columns ?? Stage.defaultColumns,
            steps: steps, closingNarration: journal.pendingNarration)
        return (page.html(), count)
    }
}
