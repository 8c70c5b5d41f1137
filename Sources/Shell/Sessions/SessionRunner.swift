import BindingKit
import Playground

/// Replays sessions on fresh shells and compares what they print with what
/// the sessions expect.
enum SessionRunner {
    /// What each input of `session` printed on a fresh shell on `backends`:
    /// one list of lines per block, stdout and stderr interleaved, no colours.
    static func outputs(of session: Session, on backends: [any BindingBackend]) -> [[String]] {
        outputs(of: session, on: backends, notingSettingsAt: nil).outputs
    }

    /// `outputs(of:on:)`, and what the shell carries over a `:use` (its
    /// `settings`) just before the block `noted` runs.
    ///
    /// - Parameter stoppingThere: run only the blocks before `noted`.
    static func outputs(
        of session: Session, on backends: [any BindingBackend], notingSettingsAt noted: Int?,
        stoppingThere: Bool = false
    ) -> (outputs: [[String]], settings: [String]) {
        let buffer = BufferedOutput()
        let data = DataEnvironment()
        let shell = Shell(backends: backends, data: data, output: buffer, color: false)
        shell.sessions.replaying.append(session.path)
        shell.sessions.writeRefusal = SessionState.checkRefusal
        var settings: [String] = []
        var outputs: [[String]] = []
        for (index, block) in session.blocks.enumerated() {
            if index == noted {
                settings = self.settings(of: shell, data: data)
                if stoppingThere { break }
            }
            // After `:quit`, the rest of the session is not run: it prints nothing.
            guard !shell.quitRequested else {
                outputs.append([])
                continue
            }
            shell.perform(block.input)
            outputs.append(BufferedOutput.lines(of: buffer.take()))
        }
        return (outputs, settings)
    }

    /// What a shell keeps over `:use`, which starts every lane afresh: what
    /// makes the rest of a session print what it prints, but for the lanes.
    /// (`data`: what the shell was made with.) Two shells with the same settings before a `:use` that succeeds
    /// print the same from there on, whatever backends they were on.
    ///
    /// Every setting of the shell and its stage that a command can change
    /// must be here (`SessionsParallelTests` compares the shared replays
    /// with whole ones on the shipped sessions).
    static func settings(of shell: Shell, data: DataEnvironment) -> [String] {
        let stage = shell.playground
        return [
            "latency \(stage.currentNetwork.latency)", "failures \(stage.currentNetwork.failureMode.rawValue)",
            "clock \(stage.clockMode.rawValue)", "columns \(stage.columns)",
            "fixed \(shell.fixedColumns.map(String.init) ?? "-")", "fallback \(shell.fallbackColumns)",
            "tracing \(shell.tracing) \(shell.tracesRealOrder)", "quit \(shell.quitRequested)",
            "recording \(shell.sessions.recorder != nil)", "replaying \(shell.sessions.replaying)",
            "data kept \(stage.data === data)",
        ]
    }

    /// How one session fared on one backend.
    struct Outcome: Sendable {
        let session: Session
        let backend: String
        /// What each block printed.
        let outputs: [[String]]
        /// The blocks whose output differs from the expected.
        let differing: [Int]

        var passed: Bool { differing.isEmpty }

        /// `FILE:LINE: …` naming the first block that differs, then a unified
        /// diff of the file against the file as `--update` would write it for
        /// this backend. Nothing when it passed.
        func report(style: Style) -> [String] {
            guard let first = differing.first else { return [] }
            let block = session.blocks[first]
            var lines = [
                "\(session.name):\(block.line + 1): '\(block.input.fitted(to: 48))' printed something else on \(backend)"
                    + (differing.count > 1 ? " (and \(differing.count - 1) more after it)" : "")
            ]
            let updated =
                session.rewritten(expecting: [(backend, outputs)], timed: CommandRegistry.printsTimings)
                ?? session.lines
            lines += UnifiedDiff(old: session.lines, new: updated).render(
                old: "\(session.name) (expected)", new: "\(session.name) (actual, \(backend))", style: style)
            return lines
        }
    }

    /// Checks `session` on `backend`, on a fresh shell.
    static func check(_ session: Session, on backend: any BindingBackend) -> Outcome {
        outcome(of: session, on: backend.info.id, printed: outputs(of: session, on: [backend]))
    }

    /// How `session` fared on `backend`, from what each of its blocks printed there.
    static func outcome(of session: Session, on backend: String, printed: [[String]]) -> Outcome {
        let differing = session.blocks.indices.filter { !session.blocks[$0].matches(printed[$0], for: backend) }
        return Outcome(session: session, backend: backend, outputs: printed, differing: differing)
    }
}
