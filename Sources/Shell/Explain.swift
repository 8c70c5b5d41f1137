import BindingKit
import Playground

extension Shell {
    /// `:explain [NAME]`: what a backend is, where it comes from, and how it
    /// differs from the common behaviour.
    static let explainCommand = Command(
        ":explain", .playground, usage: [":explain [NAME]"],
        summary: "what a backend is: its article, its glue, its declared differences",
        details: "Without a name, explains the backends in use. Its page in Docs/approaches says more.",
        arguments: BackendRegistry.ids
    ) { shell, words throws(ShellError) in
        let command = Shell.command(named: ":explain")!
        guard words.count <= 1 else { throw command.misuse("name one backend") }
        let backends =
            try words.first.map { name throws(ShellError) in try BackendRegistry.resolve(name) }
            ?? shell.playground.backends
        var lines: [String] = []
        for backend in backends {
            let info = backend.info
            if !lines.isEmpty { lines.append("") }
            lines.append(shell.style.bold(info.id) + " — \(info.summary)")
            lines.append("  article: \(info.article) (\(info.year))")
            if let variant = info.variant {
                lines.append("  variant of \(info.approach): \(variant)")
            } else {
                let others = BackendRegistry.variants(of: info.approach).filter { $0 != info.id }
                if !others.isEmpty {
                    lines.append("  the default form; other variants: \(others.joined(separator: ", "))")
                }
            }
            if backend.traits.isEmpty {
                lines.append("  declared differences: none (the common screens; nothing kept after :release view)")
            }
            for trait in backend.traits {
                switch trait {
                case .coarseUpdates(let reason):
                    lines.append("  coarse updates: \(reason)")
                case .keepsAliveAfterRelease(let classes, let reason):
                    lines.append("  keeps \(classes.joined(separator: ", ")) after :release view: \(reason)")
                case .deliversOnLaterTurn(let reason):
                    lines.append("  delivers a main-queue turn later: \(reason)")
                case .lastObserverWins(let reason):
                    lines.append("  the last observer wins: \(reason)")
                case .deliversAnswersOnLaterTurn(let reason):
                    lines.append("  delivers the data layer's answers a main-queue turn later: \(reason)")
                case .replaysOnLaterTurn(let reason):
                    lines.append("  replays a main-queue turn later: \(reason)")
                case .deliversInNoDefinedOrder(let reason):
                    lines.append("  delivers in no defined order: \(reason)")
                case .viewsNeverHearOfChanges(let reason):
                    lines.append("  views never hear of a change: \(reason)")
                }
            }
            lines.append(
                "  docs: Docs/approaches/\(info.approach).md; see it work: :use \(info.id), :trace on, orders load")
        }
        shell.say(lines: lines)
    }
}
