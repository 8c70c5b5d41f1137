import Experiments
import Playground
import Synchronization

/// `:source [NAME [WHAT [LINES]]]`: a backend's files, or one of them with
/// line numbers, read from the package bindlab was built in (`SourceCode`).
struct SourceCommand: Command {
    let name = ":source"
    let group = CommandGroup.playground
    let usage = [":source [NAME]", ":source NAME WHAT [LINE[-LINE]]"]
    let summary = "the code behind a backend: its files, or one of them with line numbers"
    var details: String {
        """
        Without a name, the backends in use; with one (an id, or all), that backend:
        its folder, Sources/Backends/<Name>/, then a line per Swift file under it
        (Glue/, Orders/, Movies/, then the backend's own files): its line count and
        the types it declares at the top level. Variants share one folder; they say so.

        WHAT prints one file, its lines numbered: a file's name (OrdersViewModel.swift,
        OrdersViewModel, Orders/OrdersViewModel) or a type the backend declares
        (Output, Dynamic), found by its declaration when its file has another name.
        A name two files answer to lists both: say which with the folder. LINE shows
        that line, LINE-LINE a range, LINE- the rest; else the whole file (the
        terminal scrolls). A line wider than the width is cut with …, never wrapped:
        each line shown is one line of the file. On a terminal, comments are dimmed
        and keywords bold, where the shell colours: never with NO_COLOR, in a pipe,
        or in a session's check.

        The files are read from the package bindlab was built in, whatever the current
        folder holds: its own regular files only, each at most 1 MiB.
        """
    }
    var completions: [String] { BackendRegistry.ids + ["all"] }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count <= 3 else { throw misuse("a backend, a file or type, and lines at most") }
        let backends =
            try words.first.map { name throws(ShellError) in try BackendRegistry.resolve(name) }
            ?? context.playground.backends
        let sources = try SourceCode.sources(at: context.sourceRoot)
        guard words.count >= 2 else {
            context.say(lines: try SourceCode.listing(backends, in: sources, columns: context.columns))
            return
        }
        guard backends.count == 1 else { throw misuse("name one backend to show a file of") }
        let range = try words.count == 3 ? SourceCode.lineRange(words[2]) : nil
        context.say(
            lines: try SourceCode.file(
                words[1], lines: range, of: backends[0], in: sources, style: context.style, columns: context.columns))
    }

    /// Where `:source` reads from unless a test says otherwise: the package
    /// bindlab was built in, never the current folder.
    static func defaultSourceRoot() -> String? {
        PackageSources.built()?.root
    }

    /// What Tab offers after `:source NAME `: the backend's file names
    /// (with and without their folder) and the types it declares, in the
    /// package at `root`.
    ///
    /// The names are kept per folder with the stamps of the files they
    /// were read from, and read again only when one of those changed (a file
    /// edited, added or removed while bindlab runs): a Tab costs the folder's
    /// listing and a `stat` a file, not reading and parsing every file.
    static func sourceNames(of id: String, root: String? = defaultSourceRoot()) -> [String] {
        guard let backend = BackendRegistry.backend(id), let root else { return [] }
        let sources = PackageSources(root: root)
        let folder = PackageSources.folder(of: backend)
        let paths = sources.swiftFiles(under: folder).filter { !PackageSources.isInstrumentation($0) }
        let stamps = paths.map(sources.stamp(of:))
        let key = root + "/" + folder
        if let kept = SourceNames.kept.withLock({ $0[key] }), kept.paths == paths, kept.stamps == stamps {
            return kept.names
        }
        var names: [String] = []
        for file in SourceCode.files(of: backend, in: sources) {
            names += [file.baseName, file.stem]
            names += file.declarations.map(\.name)
        }
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }.sorted()
        SourceNames.kept.withLock { $0[key] = SourceNames(paths: paths, stamps: stamps, names: names) }
        return names
    }
}

/// Tab's names for one backend's folder, and what they were read from.
private struct SourceNames: Sendable {
    let paths: [String]
    let stamps: [PackageSources.Stamp?]
    let names: [String]

    /// By the backend's folder (with its package's root).
    static let kept = Mutex<[String: SourceNames]>([:])
}
