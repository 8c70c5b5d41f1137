import BindingKit
import Playground

extension CLI {
    /// `bindlab compare [--update] FILE…|DIR…`: the `:compare` tables of
    /// markdown pages (`CompareTables`), checked — a diff and exit 1 for
    /// each that drifted — or, with `--update`, rewritten.
    static func runCompare(_ arguments: [String], color: Bool, _ environment: Environment) -> Int32 {
        let output = environment.output
        var update = false
        var color = color
        var files: [String] = []
        for argument in arguments {
            switch argument {
            case "--update":
                update = true
            case "--check":
                break  // the default: said for scripts that want it said
            case "--no-color", "--no-colour":
                color = false
            case _ where argument.hasPrefix("-") && argument != "-":
                return fail("compare: unknown option '\(argument.fitted(to: 32))'", output)
            default:
                files.append(argument)
            }
        }
        guard !files.isEmpty else { return fail("compare: name a markdown file or a folder of them", output) }
        let style = Style(
            enabled: Style.colorWanted(
                flag: color, environment: environment.variables, outputIsTerminal: environment.outputIsTerminal))
        let data = DataEnvironment()
        var status = ExitCode.success
        var (current, drifted) = (0, 0)
        for (path, explicit) in markdownPaths(files, output, &status) {
            let text: String
            let page: CompareTables.Page
            do throws(SessionFiles.Failure) {
                text = String(decoding: try SessionFiles.contents(of: path), as: UTF8.self)
            } catch {
                output.write("bindlab: compare: \(path): \(error.message)\n", to: .error)
                status = .failure
                continue
            }
            do throws(CompareTables.Failure) {
                page = try CompareTables.page(text, data: data)
            } catch {
                output.write("bindlab: compare: \(path):\(error.line): \(error.message)\n", to: .error)
                status = .failure
                continue
            }
            if page.tables.isEmpty {
                if explicit {
                    output.write(
                        "bindlab: compare: \(path): no compare marker (\(CompareTables.opening) …)\n", to: .error)
                    status = .failure
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
                    output.write("bindlab: compare: \(path): \(error.message)\n", to: .error)
                    status = .failure
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
                    status = .failure
                    continue
                }
                let diff = UnifiedDiff(old: Array(page.lines[marker.table]), new: generated)
                let lines = diff.render(
                    old: "\(path):\(marker.table.lowerBound + 1) (checked in)", new: "\(path) (generated)", style: style
                )
                output.write(lines.joined(separator: "\n") + "\n", to: .standard)
                if status == .success { status = .checkFailed }
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
        return status.rawValue
    }

    /// The markdown files named, a folder's `*.md` (in sub-folders too) in
    /// its place; `explicit` for a file named itself, which must hold a marker.
    private static func markdownPaths(_ files: [String], _ output: any OutputSink, _ status: inout ExitCode)
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
                output.write("bindlab: compare: \(file): \(error.message)\n", to: .error)
                status = .failure
            }
        }
        return paths
    }
}
