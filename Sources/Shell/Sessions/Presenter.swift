public import BindingKit
import Playground

/// `present`: steps through a session for a workshop. It shows the
/// narration, then the prompt; a key press types the next command and runs
/// it live. Space or Enter goes on, `b` goes back one step (by replaying the
/// steps before it from the start, out of sight), `q` quits.
public final class Presenter {
    /// What a key does.
    enum Action: Equatable {
        case next, back, quit, none

        init(_ key: Character) {
            switch key {
            case " ", "\n", "\r", "n": self = .next
            case "b", "B", "p": self = .back
            case "q", "Q": self = .quit
            default: self = .none
            }
        }
    }

    private let session: Session
    private let backends: [any BindingBackend]
    private let screen: MutableOutput
    private let style: Style
    private let keys: any KeySource
    private var shell: Shell
    /// The width to lay the screens out for (`--width`); nil: the session's
    /// own `:width`, else the replay default.
    public var fixedColumns: Int? {
        didSet { shell.fixedColumns = fixedColumns }
    }
    /// The folder the session may create files in (`--allow-write DIR`); nil: nowhere.
    public var writableFolder: String? {
        didSet { shell.sessions.writableFolder = writableFolder }
    }

    /// - Parameters:
    ///   - backends: what the shell starts on.
    ///   - keys: where key presses come from (a terminal in raw mode, lines, a script).
    public init(
        session: Session, backends: [any BindingBackend], output: any OutputSink, color: Bool,
        keys: any KeySource
    ) {
        self.session = session
        self.backends = backends
        self.screen = MutableOutput(output)
        self.style = Style(enabled: color)
        self.keys = keys
        self.shell = Presenter.freshShell(backends, screen, color, session: session)
    }

    /// Presents the session until its end, `q`, or the keys run out.
    public func run() -> Int32 {
        let steps = session.blocks
        // At the width in force: a long file name would make the line wrap.
        let header =
            "\(session.name): \(steps.count) step\(steps.count == 1 ? "" : "s"). Space or Enter: next, b: back, q: quit"
        for line in header.wrapped(to: shell.columns, indent: 2) { say(style.dim(line)) }
        var step = 0
        var showNarration = true
        var promptShown = false
        while true {
            let atEnd = step == steps.count || shell.quitRequested
            if showNarration {
                narrate(atEnd ? session.closingNarration : steps[step].narration)
                if atEnd { say(style.dim("(the end: b goes back, q or Space quits)")) }
                showNarration = false
            }
            if !atEnd, !promptShown {
                screen.write(style.green(shell.prompt), to: .standard)
                promptShown = true
            }
            guard let key = keys.nextKey() else {
                if promptShown { say("") }
                return ExitCode.success.rawValue
            }
            let action = Action(key)
            if action != .none, promptShown, action != .next {
                say("")
                promptShown = false
            }
            switch action {
            case .next:
                guard !atEnd else { return ExitCode.success.rawValue }
                say(steps[step].input)
                promptShown = false
                shell.sessions.journal.note(steps[step], backends: shell.playground.backends, columns: shell.columns)
                shell.perform(steps[step].input)
                step += 1
                showNarration = true
            case .back:
                guard step > 0 else {
                    say(style.dim("(this is the first step)"))
                    continue
                }
                step -= 1
                shell = Presenter.freshShell(backends, screen, style.enabled, session: session)
                shell.fixedColumns = fixedColumns
                shell.sessions.writableFolder = writableFolder
                screen.muted = true
                for earlier in steps[..<step] {
                    shell.sessions.journal.note(earlier, backends: shell.playground.backends, columns: shell.columns)
                    shell.perform(earlier.input)
                }
                screen.muted = false
                say(
                    style.dim(
                        "(back to step \(step + 1) of \(steps.count): the steps before it replayed from the start)"))
                showNarration = true
            case .quit:
                return ExitCode.success.rawValue
            case .none:
                continue
            }
        }
    }

    private func narrate(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        say("")
        for line in lines { say(line.isEmpty ? "" : style.bold(line)) }
    }

    private func say(_ line: String) {
        screen.write(line + "\n", to: .standard)
    }

    /// A shell that runs the session's lines as a replay: a relative `:run`
    /// starts from the session's folder, and files are written only where
    /// the command line allowed.
    private static func freshShell(
        _ backends: [any BindingBackend], _ output: any OutputSink, _ color: Bool, session: Session
    ) -> Shell {
        let shell = Shell(backends: backends, data: DataEnvironment(), output: output, color: color)
        shell.sessions.replaying = [session.path]
        return shell
    }

    /// Output that can be silenced while earlier steps are replayed.
    private final class MutableOutput: OutputSink {
        let sink: any OutputSink
        var muted = false

        init(_ sink: any OutputSink) {
            self.sink = sink
        }

        func write(_ text: String, to stream: OutputStream) {
            if !muted { sink.write(text, to: stream) }
        }
    }
}
