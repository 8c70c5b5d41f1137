import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
            } else if let command = CommandRegistry.command(named: name), let suffix = command.fileSuffix {
                candidates = command.completions + FileNames.completing(typed, endingIn: suffix)
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

/// File names for Tab after a command that takes a file (`:run`, `:record`):
/// the folders and the files with the command's ending in the folder typed
/// so far, each written as it would be typed (`Sessions/01-tour.session`).
enum FileNames {
    /// More entries than this in one folder are not read: Tab stays instant.
    static let maximumEntries = 2000

    /// The names that complete `typed` (a path, relative or absolute): the
    /// folders in its folder (with `/`) and the files ending in `suffix`.
    /// Hidden ones only when `typed` names one (`.h`).
    ///
    /// - Complexity: O(n) in the entries of the folder, at most `maximumEntries`.
    static func completing(_ typed: String, endingIn suffix: String) -> [String] {
        let slash = typed.lastIndex(of: "/")
        let folderPart = slash.map { String(typed[...$0]) } ?? ""
        let start = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        guard let directory = opendir(folderPart.isEmpty ? "." : folderPart) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        var read = 0
        while read < maximumEntries, let entry = readdir(directory) {
            read += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", name.hasPrefix(start), !name.hasPrefix(".") || start.hasPrefix(".")
            else { continue }
            var status = stat()
            let path = folderPart + name
            if stat(path.isEmpty ? "." : path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                names.append(path + "/")
            } else if name.hasSuffix(suffix) {
                names.append(path)
            }
        }
        return names.sorted()
    }
}
