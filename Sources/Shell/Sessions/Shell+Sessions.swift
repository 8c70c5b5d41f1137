import BindingKit
import Playground
import Catalog

/// What a shell keeps for `:record` and `:run` between commands.
final class SessionState {
    /// Set while `:record` writes.
    var recorder: SessionRecorder?
    /// The data the playground used before recording started: recording runs
    /// on in-memory recent queries, as replays do, so that the file replays
    /// the same; stopping brings this back for the next fresh start.
    var dataBeforeRecording: DataEnvironment?
    /// The session files being replayed, innermost last: a relative `:run`
    /// path inside one starts from its folder.
    var replaying: [String] = []
    /// The fixed width before recording fixed it (the file states the width
    /// it was recorded at); stopping brings it back.
    var fixedColumnsBeforeRecording: Int??

    /// How deep `:run` may nest.
    static let maximumDepth = 16
}

/// The shell's output, passed on to its sink; `:record` taps it.
final class TeeOutput: OutputSink {
    let sink: any OutputSink
    /// Also gets everything written, while set.
    var tap: (any OutputSink)?

    init(_ sink: any OutputSink) {
        self.sink = sink
    }

    func write(_ text: String, to stream: OutputStream) {
        sink.write(text, to: stream)
        tap?.write(text, to: stream)
    }
}

extension Shell {
    /// Runs one line as if typed at the prompt: an error is shown, without a location.
    ///
    /// - Returns: whether the line ran without an error.
    @discardableResult
    func perform(_ line: String) -> Bool {
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
    /// - Returns: whether every line ran without an error (an abandoned
    ///   replay did not).
    @discardableResult
    func replay(_ session: Session) -> Bool {
        sessions.replaying.append(session.path)
        defer { sessions.replaying.removeLast() }
        var succeeded = true
        for block in session.blocks {
            guard !quitRequested else { break }
            if playground.interrupted() {
                say(style.red("interrupted: \(session.name) abandoned before its line \(block.line + 1)"))
                return false
            }
            output.write(prompt + block.input + "\n", to: .standard)  // as typed, never wrapped
            if !perform(block.input) { succeeded = false }
        }
        return succeeded
    }

    /// `:run FILE`: a relative path starts from the folder of the session
    /// being replayed, if any (as `#include` does), else from the current folder.
    func replay(file: String) throws(ShellError) {
        guard sessions.replaying.count < SessionState.maximumDepth else {
            throw .failed("sessions run sessions \(SessionState.maximumDepth) deep: is one running itself?")
        }
        let path = SessionFiles.resolve(file, from: sessions.replaying.last.flatMap(SessionFiles.folder(of:)))
        let canonical = SessionFiles.canonical(path)
        if sessions.replaying.contains(where: { SessionFiles.canonical($0) == canonical }) {
            throw .failed("\(file) is being replayed already: a session cannot run itself")
        }
        let session: Session
        do {
            session = try Session.load(path, name: file)
        } catch {
            throw .failed(error.summary)
        }
        replay(session)
    }

    /// `:record FILE`: starts afresh on the backends in use and records.
    ///
    /// So that the file replays the same from a fresh shell, it begins with
    /// the commands that set what is not the default: backends other than the
    /// default one, the network, the clock mode, tracing.
    func startRecording(to path: String) throws(ShellError) {
        if let recorder = sessions.recorder {
            throw .failed("recording to \(recorder.name) already; :record stop ends it")
        }
        let ids = playground.backends.map(\.info.id)
        let recorder: SessionRecorder
        do {
            recorder = try SessionRecorder(path: path, backends: ids)
        } catch {
            throw .failed("\(path): \(error.message)")
        }
        sessions.dataBeforeRecording = playground.data
        playground.data = DataEnvironment(catalogue: playground.data.catalogue)
        playground.use(playground.backends)
        say("recording to \(path), from a fresh start on \(ids.joined(separator: ", ")); :record stop ends it")
        sessions.recorder = recorder
        output.tap = recorder
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

    /// `:record stop`.
    func stopRecording() throws(ShellError) {
        guard let recorder = sessions.recorder else { throw .failed("not recording (:record FILE starts)") }
        sessions.recorder = nil
        output.tap = nil
        if let fixed = sessions.fixedColumnsBeforeRecording {
            fixedColumns = fixed
            sessions.fixedColumnsBeforeRecording = nil
        }
        if let data = sessions.dataBeforeRecording {
            playground.data = data  // from the next :use or :reset on
            sessions.dataBeforeRecording = nil
        }
        let problem = recorder.finish()
        if let problem { throw .failed("\(recorder.name): \(problem)") }
        say("recorded \(recorder.recorded) command\(recorder.recorded == 1 ? "" : "s") to \(recorder.name)")
    }
}
