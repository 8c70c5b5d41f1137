import BindingKit
import CommandLineOptions
import Playground

extension CLI {
    /// `bindlab compare [--check|--update] FILE…|DIR…`: the `:compare` tables of
    /// markdown pages (`CompareTables`), checked — a diff and exit 1 for
    /// each that drifted — or, with `--update`, rewritten.
    ///
    /// `--check` is the default, said for scripts that want it said.
    static func runCompare(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let update = arguments.has(.update)
        let files = arguments.operands
        let style = Style(enabled: colorWanted(arguments, environment))
        let data = DataEnvironment()
        var broken = false
        var (current, drifted) = (0, 0)
        for (path, explicit) in markdownPaths(files, output, &broken) {
            let text: String
            let page: CompareTables.Page
            do throws(SessionFiles.Failure) {
                text = String(decoding: try SessionFiles.contents(of: path), as: UTF8.self)
            } catch {
                report(.fileUnreadable(path: path, reason: error.message), of: .compare, output)
                broken = true
                continue
            }
            do throws(CompareTables.Failure) {
                page = try CompareTables.page(text, data: data)
            } catch {
                output.write("bindlab: compare: \(path):\(error.line): \(error.message)\n", to: .error)
                broken = true
                continue
            }
            if page.tables.isEmpty {
                if explicit {
                    output.write(
                        "bindlab: compare: \(path): no compare marker (\(CompareTables.opening) …)\n", to: .error)
                    broken = true
                }
                continue
            }
            let stale = page.drifted
            current += page.tables.count - stale.count
            drifted += stale.count
            if update {
                guard !stale.isEmpty else { continue }
                do throws(SessionFiles.Failure) {
                    try SessionFiles.replace(path, with: page.updated.joined(separator: "\n"))
                } catch {
                    report(.fileUnwritable(path: path, reason: error.message), of: .compare, output)
                    broken = true
                    continue
                }
                for (marker, _) in stale {
                    output.write(
                        "\(path):\(marker.line): table \(marker.table.isEmpty ? "written" : "updated")\n", to: .standard
                    )
                }
                continue
            }
            for (marker, generated) in stale {
                guard !marker.table.isEmpty else {
                    output.write(
                        "bindlab: compare: \(path):\(marker.line): the compare marker has no table under it "
                            + "(bindlab compare --update \(path) writes it)\n", to: .error)
                    broken = true
                    continue
                }
                let diff = UnifiedDiff(old: Array(page.lines[marker.table]), new: generated)
                let lines = diff.render(
                    old: "\(path):\(marker.table.lowerBound + 1) (checked in)", new: "\(path) (generated)", style: style
                )
                output.write(lines.joined(separator: "\n") + "\n", to: .standard)
            }
        }
        if current + drifted == 0 {
            // Nothing was read: the errors above say why.
        } else if update {
            let total = current + drifted
            output.write("\(total) table\(total == 1 ? "" : "s"), \(drifted) updated\n", to: .standard)
        } else {
            output.write("\(current) up to date, \(drifted) drifted\n", to: .standard)
            if drifted > 0 {
                output.write("re-generate them on purpose: swift run bindlab compare --update FILE…\n", to: .standard)
            }
        }
        if broken { throw .failuresReported(in: "the pages compared") }
        if !update, drifted > 0 { throw .checkFailed(count: drifted) }
    }

    /// The markdown files named, a folder's `*.md` (in sub-folders too) in
    /// its place; `explicit` for a file named itself, which must hold a marker.
    private static func markdownPaths(_ files: [String], _ output: any OutputSink, _ broken: inout Bool)
        -> [(path: String, explicit: Bool)]
    {
        var paths: [(path: String, explicit: Bool)] = []
        for file in files {
            guard SessionFiles.isDirectory(file) else {
                paths.append((file, true))
                continue
            }
            do throws(SessionFiles.Failure) {
                paths += try SessionFiles.tree(in: file, endingIn: ".md").map { ($0, false) }
            } catch {
                report(.fileUnreadable(path: file, reason: error.message), of: .compare, output)
                broken = true
            }
        }
        return paths
    }
}
