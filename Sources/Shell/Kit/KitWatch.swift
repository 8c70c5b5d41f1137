import Kit
import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `kit watch` waits for: a key, a file saved, or the end of its input.
enum WatchEvent: Equatable {
    case key(Character)
    case changed
    case ended
}

/// Where `kit watch`'s events come from: the terminal and the file watcher,
/// or a script in tests.
protocol WatchEvents: AnyObject {
    /// The next event, waiting for it.
    func next() -> WatchEvent
    /// Gives the terminal back while a child (the build, the grader) runs.
    func pause()
    /// Takes it again.
    func resume()
    /// How the files are watched, said once at the start.
    var watching: String { get }
}

/// `bindlab kit watch`: verifies, then again on every save of a kit file,
/// and answers keys between runs — `h` the next hint of the task in hand,
/// `n` the next task, `l` the list, `r` a run now, `x` the task's files put
/// back as the task began (asked first), `q` (or Ctrl-C, Ctrl-D) quit.
/// Progress is the kit's state file, so quitting and starting again carries
/// on where it was.
final class KitWatch {
    /// How files are watched: told by the system, by looking, or not at all.
    enum Mode {
        case notified, poll, manual
    }

    private let folder: KitFolder
    private let output: any OutputSink
    private let style: Style
    private let mode: Mode
    /// Builds and grades: the task in hand, or nil for every task in order.
    private let verify: (Int?) throws(ShellError) -> Void
    /// Whether the screen is cleared before each run (on a terminal).
    var clearsScreen = false

    init(
        folder: KitFolder, output: any OutputSink, style: Style, mode: Mode,
        verify: @escaping (Int?) throws(ShellError) -> Void
    ) {
        self.folder = folder
        self.output = output
        self.style = style
        self.mode = mode
        self.verify = verify
    }

    static let keys = "h hint · n next task · l list · r rerun · x reset the task's files · q quit"

    /// Watches on this process's terminal (or its stdin, one key a byte).
    func run(interactive: Bool) throws(ShellError) {
        let kind: FileWatcher.Kind =
            switch mode {
            case .notified: .notified
            case .poll: .polling
            case .manual: .manual
            }
        let events = TerminalWatchEvents(watcher: FileWatcher(folder: folder, wanted: kind))
        clearsScreen = interactive
        try loop(events)
    }

    /// Answers `events` until one says quit.
    func loop(_ events: any WatchEvents) throws(ShellError) {
        say("kit watch: \(folder.sources.count) files of \(KitFolder.slotPath), \(events.watching)")
        runVerify(events)
        while true {
            switch events.next() {
            case .changed, .key("r"):
                runVerify(events)
            case .key("h"):
                try hint()
            case .key("n"):
                try nextTask(events)
            case .key("l"):
                say(KitText.list(try state(), style: style).joined(separator: "\n"))
            case .key("x"):
                try reset(events)
            case .key("q"), .ended:
                say("kit watch: done (your progress is in \(KitFolder.slotPath)/\(KitState.path))")
                return
            case .key:
                say(style.dim(Self.keys))
            }
        }
    }

    /// Builds and grades, with the terminal given back meanwhile: every task
    /// in order while the task in hand is the first pending one, else it alone.
    private func runVerify(_ events: any WatchEvents) {
        events.pause()
        defer { events.resume() }
        if clearsScreen { output.write("\u{1B}[H\u{1B}[2J", to: .standard) }
        guard let state = try? state() else { return }
        let firstPending = Curriculum.tasks.first { !state.passed.contains($0.number) }?.number
        let inOrder = firstPending == nil || firstPending == state.current
        do {
            try verify(inOrder ? nil : state.current)
        } catch {
            if !error.isReported { say(style.red("✗") + " " + error.message) }
        }
        say(style.dim(Self.keys))
    }

    private func hint() throws(ShellError) {
        var state = try state()
        guard let task = Curriculum.task(state.current) else { return }
        let shown = state.hints[task.number, default: 0]
        say(KitText.hint(task, shown).joined(separator: "\n"))
        guard shown < task.hints.count else { return }
        state.hints[task.number] = shown + 1
        try save(state)
    }

    private func nextTask(_ events: any WatchEvents) throws(ShellError) {
        var state = try state()
        guard state.current < Curriculum.tasks.count else {
            say("task \(state.current) is the last")
            return
        }
        state.current += 1
        try save(state)
        do {
            try folder.snapshot(task: state.current)
        } catch {
            throw .fileUnwritable(path: folder.slot.path, reason: error.message)
        }
        runVerify(events)
    }

    private func reset(_ events: any WatchEvents) throws(ShellError) {
        let state = try state()
        let files = folder.files(of: state.current, name: state.name)
        say("put \(files.joined(separator: ", ")) back as task \(state.current) began? y/N")
        guard events.next() == .key("y") else {
            say("kept as they are")
            return
        }
        do {
            let restored = try folder.reset(task: state.current)
            say("reset: \(restored.joined(separator: ", "))")
        } catch {
            say(style.red("✗") + " " + error.message)
            return
        }
        runVerify(events)
    }

    private func state() throws(ShellError) -> KitState {
        try KitVerify(folder: folder, output: output, style: style).loadState()
    }

    private func save(_ state: KitState) throws(ShellError) {
        do {
            try folder.save(state)
        } catch {
            throw .fileUnwritable(path: folder.slot.path + "/" + KitState.path, reason: error.message)
        }
    }

    private func say(_ text: String) {
        output.write(text + "\n", to: .standard)
    }
}

/// Keys from this process's stdin (single keys in raw mode on a terminal,
/// else one a byte), and saves from a `FileWatcher`, waited for together.
/// The terminal is raw only while keys are read, and put back whatever ends
/// the process (`SingleKeyReader`, Docs/robustness.md).
final class TerminalWatchEvents: WatchEvents {
    private let watcher: FileWatcher
    private var reader: SingleKeyReader?
    private let isTerminal = isatty(0) == 1
    /// How long after a save other saves are waited for, so that one editor
    /// save (several writes, a rename) is one run.
    static let settleMilliseconds: Int32 = 120

    init(watcher: FileWatcher) {
        self.watcher = watcher
        resume()
    }

    deinit {
        pause()
    }

    var watching: String { watcher.kind.rawValue }

    func pause() {
        reader?.restore()
        reader = nil
    }

    func resume() {
        if isTerminal, reader == nil { reader = SingleKeyReader(descriptor: 0) }
    }

    func next() -> WatchEvent {
        while true {
            if Terminal.interruptRequested {
                Terminal.clearInterrupt()
                return .ended
            }
            var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            if let inotify = watcher.descriptor {
                descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), watcher.timeout ?? -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .ended
            }
            if ready == 0 {
                if watcher.kind == .polling, watcher.stampsChanged() { return settled() }
                continue
            }
            if descriptors.count > 1, descriptors[1].revents != 0, watcher.readNotifications() { return settled() }
            if descriptors[0].revents != 0 {
                guard let key = readKey() else { return .ended }
                if let key { return .key(key) }
            }
        }
    }

    /// A key, nil for a byte that is none (a line break from a pipe), or
    /// nil-nil at the end of the input.
    private func readKey() -> Character?? {
        if let reader {
            guard let byte = reader.nextByte() else { return nil }
            switch byte {
            case 3, 4: return .some("q")  // Ctrl-C, Ctrl-D
            case 0x80...: return .some(nil)
            default: return .some(Character(Unicode.Scalar(byte)))
            }
        }
        var byte: UInt8 = 0
        let count = read(0, &byte, 1)
        guard count == 1 else { return nil }
        return byte == UInt8(ascii: "\n") || byte >= 0x80 ? .some(nil) : .some(Character(Unicode.Scalar(byte)))
    }

    /// `.changed`, once the saves that follow within a moment have come too.
    private func settled() -> WatchEvent {
        guard let inotify = watcher.descriptor else { return .changed }
        var descriptor = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptor, 1, Self.settleMilliseconds) > 0 {
            _ = watcher.readNotifications()
        }
        return .changed
    }
}
