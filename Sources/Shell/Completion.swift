import LineEditing

/// Tab completion from the command table: command names first, then each
/// command's words (subcommands, backend names, modes).
package final class ShellCompletion: CompletionProvider {
    package init() {}

    package func completions(for line: String) -> [String] {
        let endsWithBlank = line.last == " " || line.last == "\t"
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let typed = endsWithBlank ? "" : (words.last ?? "")
        let done = endsWithBlank ? words : Array(words.dropLast())
        let candidates: [String]
        switch done.count {
        case 0:
            candidates = CommandRegistry.names
        case 1:
            let name = CommandRegistry.aliases[done[0]] ?? done[0]
            if name == ":help" {
                candidates = CommandRegistry.all.map(\.name)
            } else if name == ":use" {
                // A list: complete the id after the last comma.
                let head = typed.split(separator: ",", omittingEmptySubsequences: false).dropLast()
                    .joined(separator: ",")
                let prefix = head.isEmpty ? "" : head + ","
                return (CommandRegistry.command(named: name)?.completions ?? []).map { prefix + $0 }
                    .filter { $0.hasPrefix(typed) }
            } else {
                candidates = CommandRegistry.command(named: name)?.completions ?? []
            }
        case 2 where (CommandRegistry.aliases[done[0]] ?? done[0]) == ":source":
            candidates = SourceCommand.sourceNames(of: done[1])
        default:
            candidates = []
        }
        return candidates.filter { $0.hasPrefix(typed) }
    }
}
