/// `:wait [DURATION]`: the clock advanced.
struct WaitCommand: Command {
    let name = ":wait"
    let group = CommandGroup.playground
    let usage = [":wait [DURATION]"]
    let summary = "advance the clock by DURATION, or until nothing is queued"
    let details = "Useful in :clock manual and step, where commands leave their work queued."

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count <= 1 else { throw misuse("one duration at most") }
        if let text = words.first {
            let duration = try Arguments.duration(text)
            context.say(lines: context.runClock(until: { $0.scheduler.now + duration }))
        } else {
            context.say(lines: context.runClock(until: { _ in nil }))
        }
    }
}
