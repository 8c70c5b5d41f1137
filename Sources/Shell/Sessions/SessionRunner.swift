import BindingKit
import Playground

/// Replays sessions on fresh shells and compares what they print with what
/// the sessions expect.
enum SessionRunner {
    /// What each input of `session` printed on a fresh shell on `backends`:
    /// one list of lines per block, stdout and stderr interleaved, no colours.
    static func outputs(of session: Session, on backends: [any BindingBackend]) -> [[String]] {
        let buffer = BufferedOutput()
        let shell = Shell(backends: backends, data: DataEnvironment(), output: buffer, color: false)
        shell.sessions.replaying.append(session.path)
        shell.sessions.writeRefusal = SessionState.checkRefusal
        return session.blocks.map { block in
            // After `:quit`, the rest of the session is not run: it prints nothing.
            guard !shell.quitRequested else { return [] }
            shell.perform(block.input)
            return BufferedOutput.lines(of: buffer.take())
        }
    }

    /// How one session fared on one backend.
    struct Outcome {
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
        let outputs = outputs(of: session, on: [backend])
        let id = backend.info.id
        let differing = session.blocks.indices.filter { !session.blocks[$0].matches(outputs[$0], for: id) }
        return Outcome(session: session, backend: id, outputs: outputs, differing: differing)
    }
}
