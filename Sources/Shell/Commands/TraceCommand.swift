/// `:trace on|off|raw`: each binding hop shown as it happens.
struct TraceCommand: Command {
    let name = ":trace"
    let group = CommandGroup.playground
    let usage = [":trace on|off|raw"]
    let summary = "show each binding hop: who told whom what, and when"
    var details: String {
        """
        A round the approach delivers in no defined order (the event backend's dictionary of
        handlers) is marked (unordered) and listed sorted, so that it reads the same every run;
        raw lists it in the order it really ran this time.
        """
    }
    let completions = ["on", "off", "raw"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count == 1, completions.contains(words[0]) else { throw misuse("say on, off or raw") }
        context.tracing = words[0] != "off"
        context.tracesRealOrder = words[0] == "raw"
        context.say("trace \(words[0])")
    }
}
