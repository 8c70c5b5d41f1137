// LineEditing: where the shell's lines come from — the libedit editor on a
// terminal, plain reading from pipes and files, and scripted lines in tests.
// May import: CLibEdit and the C library. Knows nothing of bindlab's commands.

/// What one read gave.
public enum LineInput: Equatable, Sendable {
    /// A line, without its line break.
    case line(String)
    /// Ctrl-C: the line being typed was dropped.
    case interrupted
    /// Ctrl-D on an empty line, or the end of the input.
    case endOfInput
}

/// A source of input lines: a terminal editor, a pipe, a script.
public protocol LineSource: AnyObject {
    /// Reads one line; `prompt` is shown only by sources that prompt.
    func readLine(prompt: String) -> LineInput
}

/// Completes the word before the cursor: the shell's knowledge, handed to an editor.
public protocol CompletionProvider: AnyObject {
    /// The words that could replace the last word of `line` (the text before
    /// the cursor); the last word is empty after a space.
    func completions(for line: String) -> [String]
}

/// Lines given up front: scripts passed with `-c`, and tests.
public final class ScriptedLines: LineSource {
    private var lines: [String]

    public init(_ lines: [String]) {
        self.lines = lines
    }

    public func readLine(prompt: String) -> LineInput {
        lines.isEmpty ? .endOfInput : .line(lines.removeFirst())
    }
}
