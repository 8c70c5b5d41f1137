public import BindingKit
public import LineEditing
import Playground

/// `present`: steps through a session for a workshop. It shows the
/// narration, then the prompt; a key press types the next command and runs
/// it live. Space or Enter goes on, `b` goes back one step (by replaying the
/// steps before it from the start, out of sight), `!` hands the prompt back
/// at the current step until `:resume`, as IPython's demo mode does, `q`
/// quits.
public final class Presenter {
    /// What a key does.
    enum Action: Equatable {
        case next, back, prompt, quit, none

        init(_ key: Character) {
            switch key {
            case " ", "\n", "\r", "n": self = .next
            case "b", "B", "p": self = .back
            case "!": self = .prompt
            case "q", "Q": self = .quit
            default: self = .none
            }
        }
    }

    /// What the keys do, for the help line and the handout.
    package static let keys: [(key: String, does: String)] = [
        ("Space, Enter", "types the next command and runs it live"),
        ("b", "back one step: the steps before it replayed from the start, out of sight"),
        ("!", "the live prompt at this step: any command, on the same playground; :resume or Ctrl-D comes back"),
        ("q, Ctrl-C, Ctrl-D", "quits"),
    ]

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
    /// Where the live prompt (`!`) reads its lines when the keys do not come
    /// from lines themselves: the editor, on a terminal. Made at the first `!`.
    public var livePrompt: (() -> any LineSource)?
    private var prompt: (source: any LineSource, echoes: Bool)?

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
            "\(session.name): \(steps.count) step\(steps.count == 1 ? "" : "s"). "
            + "Space or Enter: next, b: back, !: the prompt, q: quit"
        for line in header.wrapped(to: shell.columns, indent: 2) { say(style.dim(line)) }
        var step = 0
        var showNarration = true
        var promptShown = false
        while true {
            let atEnd = step == steps.count || shell.quitRequested
            if showNarration {
                narrate(atEnd ? session.closingNarration : steps[step].narration)
                if atEnd { say(style.dim("(the end: b goes back, ! the prompt, q or Space quits)")) }
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
                shell.sessions.pageJournal.note(
                    steps[step], backends: shell.playground.backends, columns: shell.columns)
                shell.enter(steps[step].input)
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
                    shell.sessions.pageJournal.note(
                        earlier, backends: shell.playground.backends, columns: shell.columns)
                    shell.enter(earlier.input)
                }
                screen.muted = false
                say(
                    style.dim(
                        "(back to step \(step + 1) of \(steps.count): the steps before it replayed from the start)"))
                showNarration = true
            case .prompt:
                let at = atEnd ? "the end" : "step \(step + 1) of \(steps.count)"
                guard livePrompt(at: at) else { return ExitCode.success.rawValue }
            case .quit:
                return ExitCode.success.rawValue
            case .none:
                continue
            }
        }
    }

    /// `!`: the live prompt, on the presentation's own shell, until
    /// `:resume`, Ctrl-D or the end of the input.
    ///
    /// The lines typed there are the user's, not the session's: they write
    /// files where they say (`:save`), as at bindlab's own prompt.
    ///
    /// - Returns: false when the presentation should end (`:quit` there).
    private func livePrompt(at place: String) -> Bool {
        guard let prompt = prompt ?? openPrompt() else {
            say(style.dim("(no prompt here: the keys come from a script)"))
            return true
        }
        say(style.dim("(the prompt, at \(place): any command; :resume or Ctrl-D goes back to the session)"))
        keys.suspend()
        let replaying = shell.sessions.replaying
        shell.sessions.replaying = []
        shell.presenting = true
        _ = shell.run(prompt.source, name: nil, echo: prompt.echoes)
        shell.presenting = false
        shell.sessions.replaying = replaying
        keys.resume()
        guard !shell.quitRequested else { return false }
        say(style.dim("(back to the session, at \(place))"))
        return true
    }

    /// Where the live prompt reads: the lines the keys come from (a pipe:
    /// each line after `!` is a command, shown as if typed), else the editor.
    private func openPrompt() -> (source: any LineSource, echoes: Bool)? {
        if let lines = keys.lines {
            prompt = (lines, true)
        } else if let livePrompt {
            keys.suspend()  // the editor takes the terminal as it finds it: cooked
            prompt = (livePrompt(), false)
            keys.resume()
        }
        return prompt
    }

    private func narrate(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        say("")
        for line in lines { say(Self.shown(line, style)) }
    }

    /// A line of narration as the room sees it: a quiz's question (`#?`)
    /// bold, the line its answer is read from (`#=`) indented, `???` where
    /// the answer goes and `…` for any text, so that the room predicts
    /// before the key runs the command.
    static func shown(_ line: String, _ style: Style) -> String {
        if line.hasPrefix("? ") { return style.bold("Q: " + line.dropFirst(2)) }
        if line.hasPrefix("= "), line.contains(Quiz.blank) {
            return "    " + style.cyan(String(line.dropFirst(2)).replacingAll(SessionMatcher.anyText, with: "…"))
        }
        return line.isEmpty ? "" : style.bold(line)
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
