import Playground

/// What a shell keeps for `:record` and `:run` between commands.
final class SessionState {
    /// Set while `:record` writes.
    var recorder: SessionRecorder?
    /// The lines run at the prompt, for `:export html FILE`.
    let journal = SessionJournal()
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
