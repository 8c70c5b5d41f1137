import BindingKit
import Pictures

/// One step of a session as the export shows it: the narration before it,
/// the command typed, and what it did — as the screens of each backend at
/// each instant when it was a screen action, else as the lines it printed.
struct ExportStep {
    /// One line the step printed, and whether it was an error.
    struct Line {
        let text: String
        let isError: Bool
    }

    /// One backend's screen at an instant.
    struct Screen {
        let backend: String
        let lines: [String]
        /// Whether it changed at that instant (else it is shown as it was).
        let changed: Bool
    }

    /// An instant at which some screen changed or, with `:trace on`, a hop happened.
    struct Frame {
        let time: Int
        /// The hops as the trace prints them; empty without `:trace`.
        let hops: [String]
        /// Every backend's screen, side by side; empty when none changed.
        let screens: [Screen]
    }

    /// What a screen action did.
    struct Action {
        let frames: [Frame]
        /// Its hops as marbles; nil when it had none.
        let diagram: MarbleDiagram?
    }

    /// `:compare`'s table: the header, then a row per backend.
    struct Comparison {
        let header: [String]
        let rows: [[String]]
    }

    /// Counted from 1.
    let number: Int
    let narration: [String]
    /// The prompt it was typed at: `bindlab(delegate)> `.
    let prompt: String
    let input: String
    /// Everything it printed, stdout and stderr in order.
    let lines: [Line]
    /// Set when the step was a screen action (or `:compare`'s).
    let action: Action?
    /// Set for `:compare`.
    let comparison: Comparison?

    /// The lines a screen action printed besides its frames: its errors, and
    /// why the clock stopped.
    var messages: [Line] {
        lines.filter { line in
            line.isError || line.text.hasPrefix("error (") || line.text.hasPrefix("interrupted: ")
                || line.text.hasPrefix("stopped after ")
        }
    }
}

/// The shell's output while a step runs, kept as lines that remember
/// whether they were written to stderr.
final class StepCapture: OutputSink {
    private var lines: [ExportStep.Line] = []
    private var partial = ""
    private var partialIsError = false

    func write(_ text: String, to stream: OutputStream) {
        var rest = Substring(text)
        while let end = rest.firstIndex(of: "\n") {
            partial += rest[..<end]
            lines.append(ExportStep.Line(text: partial, isError: partialIsError || stream == .error))
            partial = ""
            partialIsError = false
            rest = rest[rest.index(after: end)...]
        }
        if !rest.isEmpty {
            partial += rest
            partialIsError = partialIsError || stream == .error
        }
    }

    /// The lines written since the last take, a last one without its line break included.
    func take() -> [ExportStep.Line] {
        if !partial.isEmpty {
            lines.append(ExportStep.Line(text: partial, isError: partialIsError))
            partial = ""
            partialIsError = false
        }
        defer { lines = [] }
        return lines
    }
}
