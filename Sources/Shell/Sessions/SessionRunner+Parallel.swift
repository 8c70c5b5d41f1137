import BindingKit
import Catalog
import Playground

extension SessionRunner {
    /// How `check(_:on:schedule:)` runs the checks.
    enum Schedule: Sendable {
        /// Every session on every backend, one after the other, each on a fresh shell.
        case sequential
        /// The same checks on the cores, with what is the same on every backend replayed once.
        case parallel
    }

    /// Checks every session on every backend: `result[s][b]` is
    /// `check(sessions[s], on: backends[b])`, whichever way they are run.
    ///
    /// In parallel, the replays run on every core, each on a shell of its own
    /// (sessions × backends share nothing but the catalogue, which locks).
    /// What follows a `:use` that succeeds is replayed once for all the
    /// backends: `:use` starts every lane afresh and says only the new
    /// backends, so from there each backend's replay prints the same, as long
    /// as the shell kept the same settings up to it (`settings(of:data:)`).
    /// A session whose first line is such a `:use` is replayed once; one with
    /// such a `:use` later is replayed whole on the first backend and up to
    /// the `:use` on the others, and whole again on a backend whose settings
    /// there differ. The outputs are matched against each backend's expected
    /// lines, as a replay of its own would be.
    ///
    /// - Complexity: one replay a check at most, spread over the processors,
    ///   the longest first; one a session that chooses its backends first thing.
    static func check(
        _ sessions: [Session], on backends: [any BindingBackend], schedule: Schedule
    ) -> [[Outcome]] {
        guard schedule == .parallel else { return sessions.map { session in backends.map { check(session, on: $0) } } }
        let replays = self.replays(of: sessions, on: backends)
        let found = run(replays, sessions, backends)
        var printed = sessions.map { _ in [[[String]]?](repeating: nil, count: backends.count) }
        var again: [Replay] = []
        for (replay, result) in zip(replays, found) {
            switch replay.part {
            case .whole:
                printed[replay.session][replay.backend] = result.outputs
            case .shared(let use):
                // From a first line on, every backend's; else the first one's (the others follow).
                for backend in use == 0 ? Array(backends.indices) : [replay.backend] {
                    printed[replay.session][backend] = result.outputs
                }
            case .upTo(let use):
                // Its own lines up to the `:use`, the first backend's after it.
                let first = found[replays.firstIndex { $0.session == replay.session && $0.part == .shared(from: use) }!]
                if result.settings == first.settings {
                    printed[replay.session][replay.backend] = result.outputs + first.outputs[use...]
                } else {
                    again.append(Replay(session: replay.session, backend: replay.backend, part: .whole, weight: 0))
                }
            }
        }
        for (replay, result) in zip(again, run(again, sessions, backends)) {
            printed[replay.session][replay.backend] = result.outputs
        }
        return sessions.indices.map { index in
            backends.indices.map { backend in
                outcome(of: sessions[index], on: backends[backend].info.id, printed: printed[index][backend]!)
            }
        }
    }

    /// One replay to run: a session on a fresh shell that starts on a backend.
    private struct Replay: Sendable {
        let session: Int
        let backend: Int
        let part: Part
        /// Roughly how long it takes, for the longest to start first.
        let weight: Int

        enum Part: Sendable, Equatable {
            /// The whole session, for this backend alone.
            case whole
            /// The whole session, for every backend: what follows the block
            /// `from` (a `:use` that succeeds) stands for every backend's.
            case shared(from: Int)
            /// The blocks before `upTo` only, and the settings there.
            case upTo(Int)
        }
    }

    /// Runs `replays` on every core: what each printed, and the settings
    /// before its `:use` where it shares what follows.
    private static func run(
        _ replays: [Replay], _ sessions: [Session], _ backends: [any BindingBackend]
    ) -> [(outputs: [[String]], settings: [String])] {
        concurrentMap(replays.count, threads: processorCount(limit: .max)) { index in
            let replay = replays[index]
            let session = sessions[replay.session]
            let on = [backends[replay.backend]]
            switch replay.part {
            case .whole: return (self.outputs(of: session, on: on), [])
            case .shared(let use): return self.outputs(of: session, on: on, notingSettingsAt: use)
            case .upTo(let use): return self.outputs(of: session, on: on, notingSettingsAt: use, stoppingThere: true)
            }
        }
    }

    /// The replays `check` runs, longest first (so that the last to end is a
    /// short one, and no core waits long for the other), else in order.
    private static func replays(of sessions: [Session], on backends: [any BindingBackend]) -> [Replay] {
        var replays: [Replay] = []
        for (index, session) in sessions.enumerated() {
            let blocks = session.blocks.count
            guard backends.count > 1, let (use, chosen) = firstUse(in: session) else {
                replays += backends.indices.map { Replay(session: index, backend: $0, part: .whole, weight: blocks) }
                continue
            }
            let after = (blocks - use) * chosen
            replays.append(Replay(session: index, backend: 0, part: .shared(from: use), weight: use + after))
            guard use > 0 else { continue }
            replays += backends.indices.dropFirst().map {
                Replay(session: index, backend: $0, part: .upTo(use), weight: use)
            }
        }
        return replays.enumerated().sorted { ($0.element.weight, $1.offset) > ($1.element.weight, $0.offset) }
            .map(\.element)
    }

    /// How many backends `session` starts on whatever the shell started on:
    /// its first line is `:use LIST` naming known backends; nil when its
    /// first line is anything else, or a `:use` that fails.
    static func backendsChosen(by session: Session) -> Int? {
        guard let (use, chosen) = firstUse(in: session), use == 0 else { return nil }
        return chosen
    }

    /// The first block of `session` that is a `:use` that succeeds (`:use
    /// LIST` naming known backends: whatever the lanes before it, it starts
    /// afresh on those), and how many backends it names.
    static func firstUse(in session: Session) -> (block: Int, backends: Int)? {
        for (index, block) in session.blocks.enumerated() {
            guard let (command, arguments) = try? CommandRegistry.resolve(block.input), command is UseCommand,
                arguments.count == 1, let chosen = try? BackendRegistry.resolve(arguments[0])
            else { continue }
            return (index, chosen.count)
        }
        return nil
    }
}
