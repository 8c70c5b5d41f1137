import BindingKit
import Playground

/// `:explain [NAME]`: what a backend is, where it comes from, and how it
/// differs from the common behaviour.
struct ExplainCommand: Command {
    let name = ":explain"
    let group = CommandGroup.playground
    let usage = [":explain [NAME]"]
    let summary = "what a backend is: its article, its glue, its declared differences"
    let details = "Without a name, explains the backends in use. Its page in Docs/approaches says more."
    var completions: [String] { BackendRegistry.ids }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count <= 1 else { throw misuse("name one backend") }
        let backends =
            try words.first.map { name throws(ShellError) in try BackendRegistry.resolve(name) }
            ?? context.playground.backends
        var lines: [String] = []
        for backend in backends {
            let info = backend.info
            if !lines.isEmpty { lines.append("") }
            // Wrapped plain, then the id made bold: a coloured line is never cut.
            var heading = "\(info.id) — \(info.summary)".wrapped(to: context.columns, indent: 2)
            heading[0] = context.style.bold(info.id) + heading[0].dropFirst(info.id.count)
            lines += heading
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
            lines += backend.traits.map(Self.line)
            lines.append(
                "  docs: Docs/approaches/\(info.approach).md; see it work: :use \(info.id), :trace on, orders load")
        }
        // Each line fitted to the width; a heading, wrapped already and maybe bold, stays as it is.
        context.say(lines: lines.flatMap { $0.wrapped(to: context.columns, indent: 4) })
    }

    /// A declared difference, as one line.
    static func line(_ trait: BackendTrait) -> String {
        switch trait {
        case .coarseUpdates(let reason):
            "  coarse updates: \(reason)"
        case .keepsAliveAfterRelease(let classes, let reason):
            "  keeps \(classes.joined(separator: ", ")) after :release view: \(reason)"
        case .deliversOnLaterTurn(let reason):
            "  delivers a main-queue turn later: \(reason)"
        case .lastObserverWins(let reason):
            "  the last observer wins: \(reason)"
        case .deliversAnswersOnLaterTurn(let reason):
            "  delivers the data layer's answers a main-queue turn later: \(reason)"
        case .replaysOnLaterTurn(let reason):
            "  replays a main-queue turn later: \(reason)"
        case .deliversInNoDefinedOrder(let reason):
            "  delivers in no defined order: \(reason)"
        case .viewsNeverHearOfChanges(let reason):
            "  views never hear of a change: \(reason)"
        }
    }
}
