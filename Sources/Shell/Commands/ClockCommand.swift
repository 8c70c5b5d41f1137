import Playground

/// `:clock [auto|manual|step]`: virtual time, and when it runs.
struct ClockCommand: Command {
    let name = ":clock"
    let group = CommandGroup.playground
    let usage = [":clock", ":clock auto|manual|step"]
    let summary = "show virtual time, or say when it runs"
    var details: String {
        """
        auto (the default): after each command the clock runs until nothing is queued.
        manual: time stands still; a command runs its main-queue turns due now, and
        requests stay in flight until :wait (so they can be cancelled).
        step: nothing runs by itself; :step runs one main-queue turn at a time.
        """
    }
    var completions: [String] { Stage.ClockMode.allCases.map(\.rawValue) }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let playground = context.playground
        if let word = words.first {
            guard words.count == 1, let mode = Stage.ClockMode(rawValue: word) else {
                throw misuse("the mode is auto, manual or step")
            }
            playground.clockMode = mode
        }
        for lane in playground.lanes {
            let prefix = playground.lanes.count > 1 ? "\(lane.id): " : ""
            let queued = lane.scheduler.pendingCount
            let next = lane.scheduler.nextDue.map { ", next at \($0) ms" } ?? ""
            context.say("\(prefix)\(lane.scheduler.now) ms, turn \(lane.scheduler.turn), \(queued) queued\(next)")
        }
        context.say("clock: \(playground.clockMode.rawValue)")
    }
}
