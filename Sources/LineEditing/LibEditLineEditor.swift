import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines on a terminal with libedit: editing keys, Tab completion,
/// history kept across sessions, Ctrl-R search, Ctrl-C and Ctrl-D.
///
/// Use it only when `Terminal.isInteractive()`; elsewhere read with
/// `PlainLineReader`. Keys are emacs-style; the user's `~/.editrc` (or
/// `$EDITRC`) is read after the defaults, so it can change them.
///
/// Creating an editor changes process-wide state on purpose: LC_CTYPE becomes
/// UTF-8 (libedit drops non-ASCII input otherwise), Ctrl-C sets
/// `Terminal.interruptRequested` instead of ending the process, and fatal
/// signals put the terminal back to how it was before re-raising. libedit is
/// not thread-safe: create, use and close an editor on one thread.
public final class LibEditLineEditor: LineSource {
    /// libedit's `EditLine *`; nil once closed, or if libedit could not start.
    private var editLine: OpaquePointer?
    private let history: PersistentHistory?
    /// Used only when libedit cannot start, so reading still works.
    private let fallback: PlainLineReader?
    private let color: Bool
    private let output: UnsafeMutablePointer<FILE>

    /// The prompt handed to libedit, NUL-terminated; it must outlive every
    /// redraw, so it is owned here rather than borrowed from a Swift string.
    private var promptBuffer: UnsafeMutablePointer<CChar>
    private var promptSource: String?
    /// Keys typed while the last command ran, not yet handed to libedit.
    private var typedAhead = TypeAhead()

    /// Who answers Tab; held strongly, so set it to nil to break a cycle.
    public var completion: (any CompletionProvider)?

    /// Starts an editor on the standard input and output.
    ///
    /// - Parameters:
    ///   - programName: Names the program in the user's `.editrc` and in
    ///     warnings.
    ///   - historyFile: Where history is loaded from and saved to (usually
    ///     `defaultHistoryPath(environment:)`); nil keeps it in memory only.
    ///   - completion: Answers Tab; nil makes Tab beep.
    ///   - color: Whether the prompt may be coloured.
    public init(
        programName: String, historyFile: String?, completion: (any CompletionProvider)?,
        color: Bool
    ) {
        UTF8Locale.adopt()
        SignalHandlers.setProgramName(programName)
        SignalHandlers.protectTerminal(descriptor: 0)
        SignalHandlers.installInterruptHandler()

        self.completion = completion
        self.color = color
        output = cle_stdout()
        promptBuffer = .allocate(capacity: 1)
        promptBuffer.initialize(to: 0)
        history = PersistentHistory(path: historyFile, programName: programName)
        editLine = el_init(programName, cle_stdin(), cle_stdout(), cle_stderr())
        fallback = editLine == nil ? PlainLineReader() : nil
        if let editLine { configure(editLine) }
    }

    deinit {
        close()
        promptBuffer.deallocate()
    }

    private func configure(_ editLine: OpaquePointer) {
        cle_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        cle_set_editor(editLine, "emacs")
        cle_set_signal_handling(editLine, 1)
        if let history { cle_set_history(editLine, history.handle) }
        cle_set_prompt_esc(
            editLine,
            { editLine in
                // libedit dereferences what this returns: never hand it nil.
                guard let editLine, let editor = LibEditLineEditor.owner(of: editLine) else {
                    return emptyPrompt
                }
                return editor.promptBuffer
            }, CChar(PromptText.ignore.asciiValue ?? 1))
        cle_add_function(
            editLine, "lineediting-complete", "Complete the word before the cursor",
            { editLine, _ in
                guard let editLine, let editor = LibEditLineEditor.owner(of: editLine) else {
                    return UInt8(CC_ERROR)
                }
                return editor.complete(in: editLine)
            })
        cle_bind(editLine, "^I", "lineediting-complete")
        // In emacs mode ^R is ed-redisplay by default; users expect search.
        cle_bind(editLine, "^R", "em-inc-search-prev")
        el_source(editLine, nil)
    }

    private static func owner(of editLine: OpaquePointer) -> LibEditLineEditor? {
        guard let data = cle_get_clientdata(editLine) else { return nil }
        return Unmanaged<LibEditLineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// Shows `prompt` and reads one line, without its line break.
    ///
    /// Ctrl-C drops what was typed and gives `.interrupted`; Ctrl-D on an
    /// empty line gives `.endOfInput`, as does a terminal that went away.
    /// What was typed while the previous command ran counts as if typed
    /// now, Ctrl-D included, and so does a Ctrl-D pressed at any moment
    /// between two reads (see `TypeAhead`).
    /// Either way the cursor is left at the start of a fresh line. A non-blank
    /// line is added to the history and the history file is saved.
    public func readLine(prompt: String) -> LineInput {
        guard let editLine else { return fallback?.readLine(prompt: prompt) ?? .endOfInput }
        setPrompt(prompt)
        Terminal.clearInterrupt()
        // Before el_gets turns canonical mode off: see TypeAhead.
        typedAhead.collect(descriptor: 0)
        if let keys = typedAhead.next() {
            el_push(editLine, String(decoding: keys, as: UTF8.self))
        }
        while true {
            var count: Int32 = 0
            SignalHandlers.beginEditing(descriptor: 0)
            // el_gets leaves errno alone at end of input: clear it to tell
            // that from an error.
            errno = 0
            let result = el_gets(editLine, &count)
            let failure = errno
            SignalHandlers.endEditing()
            if let text = result {
                var line = String(cString: text)
                if line.hasSuffix("\n") { line.removeLast() }
                if line.contains(where: { !$0.isWhitespace }) { history?.enter(Self.historyEntry(line)) }
                return .line(line)
            }
            if Terminal.interruptRequested {
                Terminal.clearInterrupt()
                write("\n")
                return .interrupted
            }
            // Another signal without SA_RESTART (a child exiting, a timer):
            // not the user's doing, so ask again.
            if count == -1, failure == EINTR { continue }
            write("\n")
            return .endOfInput
        }
    }

    /// Saves the history and gives the terminal back; reading afterwards
    /// gives `.endOfInput`. Called by deinit; calling it twice is harmless.
    public func close() {
        guard let editLine else { return }
        self.editLine = nil
        history?.save()
        el_end(editLine)
    }

    private func setPrompt(_ prompt: String) {
        guard prompt != promptSource else { return }
        promptSource = prompt
        let text = PromptText.render(prompt, color: color).utf8CString
        promptBuffer.deallocate()
        promptBuffer = .allocate(capacity: text.count)
        text.withUnsafeBufferPointer { promptBuffer.initialize(from: $0.baseAddress!, count: $0.count) }
    }

    private func write(_ text: String) {
        fputs(text, output)
        fflush(output)
    }

    /// The Tab key: asks the provider about the text before the cursor.
    private func complete(in editLine: OpaquePointer) -> UInt8 {
        guard let completion, let info = el_line(editLine)?.pointee else {
            return UInt8(CC_REFRESH_BEEP)
        }
        let before = String(
            decoding: UnsafeRawBufferPointer(
                start: info.buffer, count: info.cursor - info.buffer),
            as: UTF8.self)
        switch Completion.action(line: before, candidates: completion.completions(for: before)) {
        case .beep:
            return UInt8(CC_REFRESH_BEEP)
        case .insert(let text, let replacing):
            if replacing > 0 { el_deletestr(editLine, Int32(replacing)) }
            return el_insertstr(editLine, text) == 0 ? UInt8(CC_REFRESH) : UInt8(CC_REFRESH_BEEP)
        case .list(let words):
            // Print below the line, then have libedit redraw prompt and line
            // under the list. Raw mode may not translate \n, hence \r\n.
            let rows = Completion.columns(words, width: Terminal.columns() ?? 80)
            write("\r\n" + rows.joined(separator: "\r\n") + "\r\n")
            return UInt8(CC_REDISPLAY)
        }
    }
}

extension LibEditLineEditor {
    /// The line as history keeps it: without the blanks at its end (Tab
    /// completion leaves a space after the word it completed), so that
    /// `:backends` and `:backends ` are one entry. A blank escaped with a
    /// backslash is part of the line and stays.
    static func historyEntry(_ line: String) -> String {
        var entry = Substring(line)
        while let last = entry.last, last == " " || last == "\t" {
            let rest = entry.dropLast()
            if rest.last == "\\" { break }
            entry = rest
        }
        return String(entry)
    }

    /// Where history lives: `$XDG_STATE_HOME/<application>/history`, or
    /// `$HOME/.local/state/<application>/history`.
    ///
    /// As the XDG base directory spec says, an empty or relative
    /// `XDG_STATE_HOME` is ignored. Without `HOME`, the user's home directory
    /// comes from the password database, and failing that the current
    /// directory is used.
    public static func defaultHistoryPath(
        environment: [String: String], application: String = "bindlab"
    ) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return "\(trimmingTrailingSlashes(state))/\(application)/history"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? passwordHome() ?? "."
        return "\(trimmingTrailingSlashes(home))/.local/state/\(application)/history"
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path == "/" ? "" : String(path)
    }

    private static func passwordHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.isEmpty ? nil : home
    }
}

/// What the prompt callback returns when it cannot find its editor.
nonisolated(unsafe) private let emptyPrompt = SignalHandlers.makeBuffer(of: CChar(0))
