/// `:step`: one queued job.
struct StepCommand: Command {
    let name = ":step"
    let group = CommandGroup.playground
    let usage = [":step"]
    let summary = "run one queued job: a main-queue turn or a timer"
    let details = """
        With several backends, the lanes share one virtual time: a step runs one job
        on each lane whose next job is due first; the others wait for that instant,
        so time shown never goes back.
        """

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard context.playground.lanes.contains(where: { !$0.scheduler.isIdle }) else {
            throw .actionFailed(reason: "nothing is queued: the clock is idle")
        }
        // Each lane has its own clock: a lane whose next job is a timer at
        // 1000 ms waits while another runs its main-queue turns at 0 ms.
        let earliest = context.playground.lanes.compactMap(\.scheduler.nextDue).min()
        context.say(
            lines: context.runClock(
                until: { lane in lane.scheduler.nextDue == earliest ? nil : lane.scheduler.now }, turns: 1))
    }
}
