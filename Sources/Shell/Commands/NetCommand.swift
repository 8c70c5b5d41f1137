import Catalog

/// `:net [latency DURATION | fail next|always|off]`: the simulated network.
struct NetCommand: Command {
    let name = ":net"
    let group = CommandGroup.playground
    let usage = [":net", ":net latency DURATION", ":net fail next|always|off"]
    let summary = "the simulated network: latency and failures"
    let completions = ["latency", "fail"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let playground = context.playground
        switch words.first {
        case nil: break
        case "latency":
            guard words.count == 2 else { throw misuse("latency takes one duration", of: "latency") }
            playground.setLatency(try Arguments.duration(words[1]))
        case "fail":
            guard words.count == 2, let mode = NetworkConditions.FailureMode(rawValue: words[1]) else {
                throw misuse("fail takes next, always or off", of: "fail")
            }
            playground.setFailureMode(mode)
        case let word?:
            throw misuse(unknownWord(word, among: completions))
        }
        let network = playground.currentNetwork
        context.say("network: latency \(network.latency) ms, failures \(network.failureMode.rawValue)")
    }
}
