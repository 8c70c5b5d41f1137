import Playground

/// `:backends`: every backend, each variant under its approach.
struct BackendsCommand: Command {
    let name = ":backends"
    let group = CommandGroup.playground
    let usage = [":backends"]
    let summary = "list the binding backends, each variant under its approach"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let inUse = Set(context.playground.backends.map(\.info.id))
        // A variant is listed under its approach's default form, indented.
        let indent = "  └ "
        let approaches = BackendRegistry.all.filter(\.info.isDefaultVariant)
        let width =
            BackendRegistry.all.map { $0.info.id.count + ($0.info.isDefaultVariant ? 0 : indent.count) }.max() ?? 0
        for approach in approaches {
            for backend in BackendRegistry.all where backend.info.approach == approach.info.id {
                let info = backend.info
                let mark = inUse.contains(info.id) ? "*" : " "
                let name = info.isDefaultVariant ? info.id : indent + info.id
                // A summary too long for the width goes on under itself, not under the ids.
                let line = "\(mark) \(name.padded(to: width))  \(info.summary) (\(info.year))"
                context.say(lines: line.wrapped(to: context.columns, indent: width + 4))
            }
        }
    }
}
