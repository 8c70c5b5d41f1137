import Shell

/// An output that keeps each stream in a text of its own, to tell what went
/// to stderr. (No Foundation here: its `OutputStream` would hide the shell's.)
final class SeparateStreams: OutputSink {
    var standard = ""
    var error = ""

    func write(_ text: String, to stream: OutputStream) {
        if stream == .error { error += text } else { standard += text }
    }
}
