import Playground

/// What a shell keeps for `:record` and `:run` between commands.
final class SessionState {
    /// Set while `:record` writes.
    var recorder: SessionRecorder?
    /// The lines run at the prompt, for `:export html FILE`.
    let pageJournal = ExportJournal()
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

    /// The folder the lines of a replayed session may create files in
    /// (`bindlab run` or `present` with `--allow-write DIR`); nil: nowhere.
    var writableFolder: String?
    /// Why a replayed session writes nothing there, as said when one tries.
    var writeRefusal = SessionState.replayRefusal

    static let replayRefusal =
        "a session being replayed writes no files (bindlab run or present --allow-write DIR lets it write in DIR)"
    static let checkRefusal = "a session being checked writes no files"
    static let exportRefusal = "a session being exported writes no files (its page is what the export writes)"

    /// How deep `:run` may nest.
    static let maximumDepth = 16
}
