import CommandLineOptions

/// `bindlab handout [[--check|--update] FILE]`: the attendees' one page, or a
/// page's generated parts (`Handout.regenerated`) checked against what
/// bindlab makes of them now — a diff and exit 1 when they drifted — or,
/// with `--update`, made again.
extension CLI {
    static func runHandout(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let update = arguments.has(.update)
        if update, arguments.has(.check) {
            throw .badCommandLine(problem: .conflict(problem: "--check or --update, not both"))
        }
        guard let file = arguments.operands.first else {
            guard !update, !arguments.has(.check) else {
                throw .badCommandLine(
                    problem: .conflict(problem: "\(update ? "--update" : "--check") needs a page: name FILE"))
            }
            output.write(Handout.markdown().joined(separator: "\n") + "\n", to: .standard)
            return
        }
        let text: String
        do throws(SessionFiles.Failure) {
            text = String(decoding: try SessionFiles.contents(of: file), as: UTF8.self)
        } catch {
            throw .fileUnreadable(path: file, reason: error.message)
        }
        guard text.contains(Handout.Marker.begin) else {
            throw .actionFailed(
                reason: "\(file) has no place for generated text: put the lines\n  \(Handout.Marker.begin)handout -->\n"
                    + "  \(Handout.Marker.end)\nwhere it goes")
        }
        let updated: String
        do throws(Handout.Failure) {
            updated = try Handout.regenerated(text, root: ".")
        } catch {
            throw .actionFailed(reason: "\(file):\(error.line): \(error.message)")
        }
        guard updated != text else {
            output.write("\(file): up to date\n", to: .standard)
            return
        }
        guard update else {
            let lines = { (text: String) in
                text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            let diff = UnifiedDiff(old: lines(text), new: lines(updated))
            let style = Style(enabled: colorWanted(arguments, environment))
            output.write(
                diff.render(old: "\(file) (checked in)", new: "\(file) (generated)", style: style)
                    .joined(separator: "\n") + "\n", to: .standard)
            output.write(
                "\(file): drifted; make it again on purpose: bindlab handout --update \(file)\n", to: .standard)
            throw .checkFailed(count: 1)
        }
        do throws(SessionFiles.Failure) {
            try SessionFiles.replace(file, with: updated)
        } catch {
            throw .fileUnwritable(path: file, reason: error.message)
        }
        output.write("\(file): updated\n", to: .standard)
    }
}
