import BindingKit
import Catalog
import Playground

/// A replay written as an asciicast v2 recording (asciinema's format): a
/// JSON header line, then one `[seconds, "o", text]` line per piece of
/// output and one `[seconds, "m", label]` marker per step, so that a player
/// can jump from step to step.
///
/// Its clock is made up, never read: each step's prompt comes a pause after
/// the step before, its command is typed at a steady pace, and what it prints
/// follows at once. The same sessions give the same file, byte for byte, on
/// every machine.
final class CastRecording: OutputSink {
    /// How long the recording waits before typing a command, per character
    /// typed, before the command's output, and after it.
    static let beforeTyping = 600
    static let perCharacter = 45
    static let beforeOutput = 150
    static let afterOutput = 1500

    /// The smallest and the largest height the header gives the terminal.
    static let heights = 24...60

    private struct Event {
        let milliseconds: Int
        let code: String
        var data: String
    }

    private var events: [Event] = []
    /// The recording's clock, in milliseconds.
    private(set) var now = 0
    /// How many markers (steps) it holds.
    private(set) var steps = 0
    /// The widest width the shell laid its output out for.
    var width = Stage.defaultColumns
    /// The most lines one step printed, its prompt included.
    private var tallest = 0
    private var linesThisStep = 0

    func write(_ text: String, to stream: OutputStream) {
        output(text)
    }

    /// Terminal output now: line breaks as a terminal gets them (`\r\n`).
    func output(_ text: String) {
        guard !text.isEmpty else { return }
        linesThisStep += text.utf8.count { $0 == UInt8(ascii: "\n") }
        let data = text.replacing("\n", with: "\r\n")
        if let last = events.last, last.milliseconds == now, last.code == "o" {
            events[events.count - 1].data += data
        } else {
            events.append(Event(milliseconds: now, code: "o", data: data))
        }
    }

    /// A step: its marker, the prompt, the command typed a character at a time.
    func beginStep(prompt: String, input: String) {
        tallest = max(tallest, linesThisStep)
        linesThisStep = 0
        now += events.isEmpty ? 0 : Self.afterOutput
        steps += 1
        events.append(Event(milliseconds: now, code: "m", data: input))
        output(prompt)
        now += Self.beforeTyping
        for character in input {
            output(String(character))
            now += Self.perCharacter
        }
        output("\n")
        now += Self.beforeOutput
    }

    /// The recording as asciicast v2 text.
    func text(title: String) -> String {
        let height = min(max(max(tallest, linesThisStep) + 1, Self.heights.lowerBound), Self.heights.upperBound)
        var text =
            "{\"version\": 2, \"width\": \(width), \"height\": \(height), \"title\": \(Self.json(title)), "
            + "\"env\": {\"TERM\": \"xterm-256color\"}}\n"
        for event in events {
            text += "[\(Self.seconds(event.milliseconds)), \"\(event.code)\", \(Self.json(event.data))]\n"
        }
        return text
    }

    /// `1.250` for 1250 ms: written from whole milliseconds, so never `1.2499999`.
    static func seconds(_ milliseconds: Int) -> String {
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension Shell {
    /// Replays `session` into `cast` as if typed: each input after the
    /// prompt, typed, then what it printed. Stops at `:quit`.
    ///
    /// - Returns: whether every line ran without an error.
    func replay(_ session: Session, into cast: CastRecording) -> Bool {
        sessions.replaying.append(session.path)
        defer { sessions.replaying.removeLast() }
        var succeeded = true
        for block in session.blocks {
            guard !quitRequested else { break }
            cast.beginStep(prompt: style.green(prompt), input: block.input)
            sessions.pageJournal.note(block, backends: playground.backends, columns: columns)
            if !perform(block.input) { succeeded = false }
            cast.width = max(cast.width, columns)
        }
        return succeeded
    }
}
