import CommandLineOptions
import Experiments
import Pictures
import Playground

/// `:diff A B [ROLE]`: two backends' files paired by role, and what differs.
struct DiffCommand: Command {
    let name = ":diff"
    let group = CommandGroup.playground
    let usage = [":diff NAME NAME [ROLE]"]
    let summary = "two backends' files paired by role (glue, view model, view, …), and the lines that differ"
    var details: String {
        """
        Pairs the files of two backends by what each is for: the container view,
        the rest of their glue (Glue/, by file name), the orders view model and
        view, the order details, the movies screen's files, the assembly. The
        backends are laid out alike, so most files pair by their path; a role
        filled by files named otherwise is paired too (the orders view is
        OrdersContentView, OrdersView or OrdersListView). A file the other backend
        has nothing for stands alone. The +Trace and +Probe files are left out, as
        :source leaves them.

        Without ROLE: a table of the pairs (how many lines only each side has),
        then the hunks of every pair. ROLE (a role as the table names it, or a
        file's name: OrdersViewModel, Glue/Output) shows one pair. From 100
        columns the two sides of a hunk stand side by side, - marking the first
        backend's lines that differ and + the second's; narrower, each hunk is a
        unified diff with both line numbers. Lines too wide are cut with …. The
        variants of one approach share their files: :diff says so.
        """
    }
    var completions: [String] { BackendRegistry.ids + SourcePairing.roleNames }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count >= 2 else { throw misuse("name two backends") }
        let backends = try words.prefix(2).map { word throws(ShellError) in try BackendRegistry.resolve(word) }
        guard backends.allSatisfy({ $0.count == 1 }) else { throw misuse("name two backends, one each side") }
        let sources = try SourceCode.sources(at: context.sourceRoot)
        let pairing = SourcePairing(backends[0][0], backends[1][0], in: sources)
        if pairing.sharesFolder {
            context.say(
                "\(pairing.left.backend) and \(pairing.right.backend) share \(pairing.left.folder)/: the same files, "
                    + "nothing to pair (:explain says how each is built)")
            return
        }
        let text = SourceDiffText(pairing: pairing, sources: sources, columns: context.columns, style: context.style)
        guard words.count > 2 else {
            context.say(lines: text.all())
            return
        }
        let role = words.dropFirst(2).joined(separator: " ")
        context.say(lines: text.pair(try Self.pair(named: role, in: pairing)))
    }

    /// The pair `name` names: a role (any case), or a file of either side by
    /// its name, with or without its folder and `.swift`.
    static func pair(named name: String, in pairing: SourcePairing) throws(ShellError) -> SourcePairing.Pair {
        let wanted = name.lowercased()
        let stem = wanted.hasSuffix(".swift") ? String(wanted.dropLast(".swift".count)) : wanted
        let match =
            pairing.pairs.first { $0.role.lowercased() == wanted }
            ?? pairing.pairs.first { pair in
                [pair.left, pair.right].compactMap { $0 }.contains { file in
                    let path = String(file.lowercased().dropLast(".swift".count))
                    return path == stem || SourceDiffText.baseName(file).lowercased() == stem
                }
            }
        guard let match else {
            let names =
                pairing.pairs.map(\.role)
                + pairing.pairs.flatMap { [$0.left, $0.right].compactMap { $0 } }
                .map(SourceDiffText.baseName)
            throw .actionFailed(
                reason: "no role or file '\(name.fitted(to: 32))' in \(pairing.left.backend) or "
                    + "\(pairing.right.backend)\(Suggestion.hint(Suggestion.nearest(to: name, in: names)))"
                    + " (roles: \(pairing.pairs.map(\.role).joined(separator: ", ")))")
        }
        return match
    }
}
