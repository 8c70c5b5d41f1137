/// `:step`: one queued job.
struct StepCommand: Command {
    let name = ":step"
    let group = CommandGroup.playground
    let usage = [":step"]
    let summary = "run one queued job: a main-queue turn or a timer"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard context.playground.lanes.contains(where: { !$0.scheduler.isIdle }) else {
            throw .actionFailed(reason: "nothing is queued: the clock is idle")
        }
        context.say(lines: context.runClock(until: { _ in nil }, turns: 1))
    }
}
