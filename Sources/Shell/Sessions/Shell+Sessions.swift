import BindingKit
import Catalog
import Playground

extension Shell {
    /// Runs one line as if typed at the prompt: an error is shown, without a location.
    ///
    /// - Returns: whether the line ran without an error.
    @discardableResult
    package func perform(_ line: String) -> Bool {
        do {
            try execute(line)
            return true
        } catch {
            report(error, at: nil)
            return false
        }
    }

    /// Replays `session` as if typed: each input after the prompt, then what
    /// it printed. Stops at `:quit`, and at Ctrl-C: the rest is abandoned.
    ///
    /// - Parameters:
    ///   - typed: each line counts as typed (`bindlab run`: the journal
    ///     keeps it, for a `:save` in the session); false inside a line
    ///     typed (`:run`), which the journal keeps as one.
    ///   - located: errors are said at `NAME:LINE` (`:run`, where the line
    ///     is in another file than the one running); else as typed, and each
    ///     line noted for `:export html` as if typed.
    /// - Returns: whether every line ran without an error (an abandoned
    ///   replay did not).
    @discardableResult
    func replay(_ session: Session, typed: Bool = false, located: Bool = false) -> Bool {
        sessions.replaying.append(session.path)
        defer { sessions.replaying.removeLast() }
        var succeeded = true
        for block in session.blocks {
            guard !quitRequested else { break }
            if playground.interrupted() {
                say(style.red("interrupted: \(session.name) abandoned before its line \(block.line + 1)"))
                return false
            }
            tee.write(prompt + block.input + "\n", to: .standard)  // as typed, never wrapped
            if !located { sessions.pageJournal.note(block, backends: playground.backends, columns: columns) }
            let location = located ? "\(session.name):\(block.line + 1)" : nil
            if typed {
                if !enter(block.input, location: location) { succeeded = false }
            } else {
                do {
                    try execute(block.input)
                } catch {
                    report(error, at: location)
                    succeeded = false
                }
            }
        }
        return succeeded
    }

    /// `:run FILE`: a relative path starts from the folder of the session
    /// being replayed, if any (as `#include` does), else from the current folder.
    ///
    /// - Throws: `failuresReported` when a line of it failed (each said at
    ///   its `FILE:LINE`), so that the script running `:run` fails too.
    func replay(file: String) throws(ShellError) {
        guard sessions.replaying.count < SessionState.maximumDepth else {
            throw .actionFailed(
                reason: "sessions run sessions \(SessionState.maximumDepth) deep: is one running itself?")
        }
        let path = SessionFiles.resolve(file, from: sessions.replaying.last.flatMap(SessionFiles.folder(of:)))
        let canonical = SessionFiles.canonical(path)
        if sessions.replaying.contains(where: { SessionFiles.canonical($0) == canonical }) {
            throw .actionFailed(reason: "\(file) is being replayed already: a session cannot run itself")
        }
        let session: Session
        do {
            session = try Session.load(path, name: file)
        } catch {
            throw .unreadableSession(error: error)
        }
        guard replay(session, located: true) else { throw .failuresReported(in: file) }
    }

    /// `:record FILE`: starts afresh on the backends in use and records.
    ///
    /// So that the file replays the same from a fresh shell, it begins with
    /// the commands that set what is not the default: backends other than the
    /// default one, the network, the clock mode, tracing.
    func startRecording(to path: String) throws(ShellError) {
        if let recorder = sessions.recorder {
            throw .actionFailed(reason: "recording to \(recorder.name) already; :record stop ends it")
        }
        try permitWriting(path)
        let ids = playground.backends.map(\.info.id)
        let recorder: SessionRecorder
        do {
            recorder = try SessionRecorder(path: path, backends: ids)
        } catch {
            throw .fileUnwritable(path: path, reason: error.message)
        }
        sessions.dataBeforeRecording = playground.data
        playground.data = DataEnvironment(catalogue: playground.data.catalogue)
        playground.use(playground.backends)
        say("recording to \(path), from a fresh start on \(ids.joined(separator: ", ")); :record stop ends it")
        sessions.recorder = recorder
        tee.tap = recorder
        let network = playground.currentNetwork
        var setup: [String] = []
        if columns != Stage.defaultColumns {
            sessions.fixedColumnsBeforeRecording = .some(fixedColumns)
            setup.append(":width \(columns)")
        }
        // A plain `check` starts on the default backend: a recording made on
        // any other says which it needs, so that it passes as written.
        if ids != [BackendRegistry.defaultBackend.info.id] { setup.append(":use \(ids.joined(separator: ","))") }
        if network.latency != NetworkConditions.defaultLatency { setup.append(":net latency \(network.latency)ms") }
        if network.failureMode != .off { setup.append(":net fail \(network.failureMode.rawValue)") }
        if playground.clockMode != .auto { setup.append(":clock \(playground.clockMode.rawValue)") }
        if tracing { setup.append(tracesRealOrder ? ":trace raw" : ":trace on") }
        for line in setup {
            recorder.begin(line)
            perform(line)
            recorder.end()
        }
    }

    /// Lines typed, or of the user's own script (`-c`, a pipe), write where
    /// they say; a line of a session being replayed (`run`, `present`,
    /// `check`, `:run`, an export's replay) only inside
    /// `sessions.writableFolder`.
    func permitWriting(_ path: String) throws(ShellError) {
        guard !sessions.replaying.isEmpty else { return }
        guard let folder = sessions.writableFolder, SessionFiles.isInside(path, folder: folder) else {
            throw .writeRefused(path: path, reason: sessions.writeRefusal)
        }
    }

    /// `:record stop`.
    func stopRecording() throws(ShellError) {
        guard let recorder = sessions.recorder else {
            throw .actionFailed(reason: "not recording (:record FILE starts)")
        }
        sessions.recorder = nil
        tee.tap = nil
        if let fixed = sessions.fixedColumnsBeforeRecording {
            fixedColumns = fixed
            sessions.fixedColumnsBeforeRecording = nil
        }
        if let data = sessions.dataBeforeRecording {
            playground.data = data  // from the next :use or :reset on
            sessions.dataBeforeRecording = nil
        }
        let problem = recorder.finish()
        if let problem { throw .fileUnwritable(path: recorder.name, reason: problem) }
        say("recorded \(recorder.recorded) command\(recorder.recorded == 1 ? "" : "s") to \(recorder.name)")
    }
}
