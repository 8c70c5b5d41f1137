import BindingKit
import Foundation
import Playground
import Testing

@testable import Shell

/// `:source`: a backend's files and one file's lines, read from the package.
@Suite struct SourceCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs one line on a fresh shell laid out for `width` columns, reading
    /// the sources under `root` (the package itself unless said otherwise).
    static func run(
        _ line: String, width: Int = 80, root: String? = SourceCommandTests.root.path, color: Bool = false
    ) throws -> (lines: [String], error: String?) {
        let output = BufferedOutput()
        let shell = Shell(backends: try BackendRegistry.resolve("delegate"), output: output, color: color)
        shell.fixedColumns = width
        shell.sourceRoot = root
        do {
            try shell.execute(line)
            return (
                output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), nil
            )
        } catch {
            return (output.text.split(separator: "\n").map(String.init), error.message)
        }
    }

    /// The lines of a file as an editor counts them: a last line break ends the last line.
    static func lines(of url: URL) throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// The Swift files under a folder of the package, relative to it.
    static func swiftFiles(under folder: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            .filter { !$0.hasSuffix("+Trace.swift") && !$0.hasSuffix("+Probe.swift") }
    }

    /// A package of its own, in a fresh temporary folder: `Package.swift` and
    /// the files given (paths relative to it, and their bytes).
    static func package(_ files: [String: [UInt8]]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bindlab-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Sources/Backends"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    /// The listing names every Swift file in every registered backend's folder but the playground's `+Trace` and `+Probe` files, each with its line count, and every backend folder is some backend's.
    /// A file's lines end at each line feed, a carriage return before it dropped (a file saved on
    /// Windows): `"\r\n"` is one Character, so a split on characters would keep such a file whole.
    @Test func linesEndAtLineFeedsWithOrWithoutACarriageReturn() {
        #expect(SourceCode.lines(of: "struct A {}\r\nfinal class B {}\r\n") == ["struct A {}", "final class B {}"])
        #expect(SourceCode.lines(of: "a\n\nb") == ["a", "", "b"])
        #expect(SourceCode.lines(of: "a — b\n") == ["a — b"])
        let parsed = SourceCode.parsed("import X\r\n\r\nfinal class Shown {}\r\n  struct  Inner {}\r\n")
        #expect(parsed.declarations.map(\.name) == ["Shown", "Inner"])
        #expect(parsed.declarations.map(\.line) == [3, 4])
    }

    @Test func theListingNamesEveryFileWithItsLineCount() throws {
        var listedFolders: Set<String> = []
        for backend in BackendRegistry.all {
            let (lines, error) = try Self.run(":source \(backend.info.id)", width: 1000)
            #expect(error == nil)
            let header = try #require(lines.first)
            // The header's second word is "Sources/Backends/X/,".
            let folder = try #require(header.split(separator: " ").dropFirst().first).dropLast(2)
            #expect(header.hasPrefix("\(backend.info.id): Sources/Backends/"))
            listedFolders.insert(String(folder))
            let files = try Self.swiftFiles(under: Self.root.appendingPathComponent(String(folder)))
            #expect(!files.isEmpty)
            var total = 0
            for file in files {
                let count = try Self.lines(
                    of: Self.root.appendingPathComponent(String(folder)).appendingPathComponent(file)
                ).count
                total += count
                let row = lines.first { $0.hasPrefix("  \(file) ") }
                let cells = row?.split(separator: " ").map(String.init) ?? []
                #expect(
                    cells.count >= 2 && cells[1] == String(count),
                    "\(backend.info.id): \(file) should have \(count) lines: \(row ?? "not listed")")
            }
            #expect(header.hasSuffix(", \(files.count) files, \(total) lines"), "\(header)")
            #expect(!lines.contains { $0.contains("+Trace") || $0.contains("+Probe") }, "\(backend.info.id)")
        }
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources/Backends").path)
        // The workshop's slot holds a backend only once `bindlab kit new` has written one.
        let slot = "Sources/Backends/Workshop"
        #expect(
            listedFolders
                == Set(folders.map { "Sources/Backends/\($0)" }).filter { $0 != slot || listedFolders.contains(slot) })
    }

    /// The variants of an approach say that they share one folder; listed together, the folder's files come once.
    @Test func variantsSayTheyShareTheirFiles() throws {
        let (alone, _) = try Self.run(":source observable-article")
        #expect(alone.contains { $0.contains("shared with observable, observable-main") })
        let (together, error) = try Self.run(":source observable,observable-article", width: 1000)
        #expect(error == nil)
        #expect(together.contains("observable-article: Sources/Backends/Observable/, the files of observable above"))
        #expect(together.filter { $0.hasPrefix("  Glue/Observable.swift ") }.count == 1)
    }

    /// A file lists the types it declares at the top level (not nested ones, nor `class func`); one with only extensions lists what they extend.
    @Test func theListingShowsTopLevelTypesElseExtensions() throws {
        let root = try Self.package([
            "Sources/Backends/Delegate/Glue/Types.swift": Array(
                """
                @MainActor public final class Model {
                    enum Event {}
                    class func make() -> Model { Model() }
                }
                protocol Listener: AnyObject {}

                """.utf8),
            "Sources/Backends/Delegate/Glue/Label+Bind.swift": Array(
                "extension BindingKit.Label {}\nextension Model {}\nextension Model {}\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (lines, error) = try Self.run(":source delegate", width: 120, root: root.path)
        #expect(error == nil)
        #expect(
            lines.contains {
                $0.hasPrefix("  Glue/Types.swift ") && $0.hasSuffix(" 5  final class Model, protocol Listener")
            })
        #expect(lines.contains { $0.hasSuffix(" 3  extension BindingKit.Label, extension Model") })
        let (nested, _) = try Self.run(":source delegate Event", width: 120, root: root.path)
        #expect(nested.first == "Sources/Backends/Delegate/Glue/Types.swift, 5 lines; Event is declared at line 2")
    }

    /// Without a name, the listing is of the backends in use.
    @Test func withoutANameTheBackendsInUseAreListed() throws {
        let (lines, _) = try Self.run(":source")
        #expect(lines.first?.hasPrefix("delegate: Sources/Backends/Delegate/") == true)
        #expect(!lines.contains { $0.hasPrefix("output:") })
    }

    /// `:source delegate OrdersViewModel` prints the file, every line numbered and as it is on disk.
    @Test func aFileIsPrintedWithItsLinesNumbered() throws {
        let (lines, error) = try Self.run(":source delegate OrdersViewModel", width: 1000)
        #expect(error == nil)
        let file = try Self.lines(
            of: Self.root.appendingPathComponent("Sources/Backends/Delegate/Orders/OrdersViewModel.swift"))
        #expect(lines.first == "Sources/Backends/Delegate/Orders/OrdersViewModel.swift, \(file.count) lines")
        let width = String(file.count).count
        let expected = file.enumerated().map { index, line in
            let number = String(index + 1)
            let text = String(repeating: " ", count: width - number.count) + number + "  " + line
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        #expect(Array(lines.dropFirst()) == expected)
    }

    /// The other spellings of a file name find the same file.
    @Test(arguments: ["OrdersViewModel.swift", "Orders/OrdersViewModel", "ordersviewmodel"])
    func aFileIsFoundByAnySpellingOfItsName(name: String) throws {
        let (lines, error) = try Self.run(":source delegate \(name)")
        #expect(error == nil)
        #expect(lines.first?.hasPrefix("Sources/Backends/Delegate/Orders/OrdersViewModel.swift, ") == true)
    }

    /// A type declared in a file of another name is found by its declaration, whose line is named.
    @Test func aTypeFindsTheFileThatDeclaresIt() throws {
        let url = Self.root.appendingPathComponent("Sources/Backends/Delegate/Orders/OrdersViewModel.swift")
        let line = try #require(Self.lines(of: url).firstIndex { $0.hasPrefix("protocol OrdersViewModelDelegate") }) + 1
        let (lines, error) = try Self.run(":source delegate OrdersViewModelDelegate 1-2", width: 1000)
        #expect(error == nil)
        #expect(lines.first?.hasPrefix("Sources/Backends/Delegate/Orders/OrdersViewModel.swift, ") == true)
        #expect(lines.first?.contains("OrdersViewModelDelegate is declared at line \(line)") == true)
        #expect(lines.count == 3)
    }

    /// A range prints those lines only; an open range runs to the end; one past the end is an error.
    @Test func aRangeOfLines() throws {
        let file = try Self.lines(
            of: Self.root.appendingPathComponent("Sources/Backends/Delegate/Orders/OrdersViewModel.swift"))
        let (two, _) = try Self.run(":source delegate OrdersViewModel 2-3", width: 1000)
        #expect(two == [two[0], "2  \(file[1])".trailingBlanksTrimmed, "3  \(file[2])".trailingBlanksTrimmed])
        let (rest, _) = try Self.run(":source delegate OrdersViewModel \(file.count - 1)-")
        #expect(rest.count == 3)
        let (_, past) = try Self.run(":source delegate OrdersViewModel \(file.count + 1)")
        #expect(past == "Orders/OrdersViewModel.swift has \(file.count) lines: there is no line \(file.count + 1)")
        let (_, backwards) = try Self.run(":source delegate OrdersViewModel 9-3")
        #expect(backwards?.contains("run backwards") == true)
        let (_, word) = try Self.run(":source delegate OrdersViewModel x")
        #expect(word?.contains("usage: :source") == true)
    }

    /// A name two files answer to gives one line listing both, with the command that picks one.
    @Test func anAmbiguousNameListsTheCandidates() throws {
        let root = try Self.package([
            "Sources/Backends/Delegate/Orders/Details.swift": Array("final class OrderDetails {}\n".utf8),
            "Sources/Backends/Delegate/Movies/Details.swift": Array("final class MovieDetails {}\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (_, error) = try Self.run(":source delegate Details", root: root.path)
        #expect(
            error
                == "'Details' names 2 files of delegate: Orders/Details, Movies/Details; say which: :source delegate Orders/Details"
        )
        let (lines, picked) = try Self.run(":source delegate Movies/Details", root: root.path)
        #expect(picked == nil)
        #expect(lines == ["Sources/Backends/Delegate/Movies/Details.swift, 1 line", "1  final class MovieDetails {}"])
        let (_, declared) = try Self.run(":source output ViewEvent")
        #expect(declared?.hasPrefix("'ViewEvent' is declared in ") == true)
        #expect(declared?.contains("Orders/OrdersViewModel") == true)
        #expect(declared?.contains("; say which: :source output ") == true)
    }

    /// An unknown backend or name is one line naming the nearest.
    @Test func unknownNamesSuggestTheNearest() throws {
        let (_, backend) = try Self.run(":source delegat")
        #expect(backend?.hasPrefix("unknown backend 'delegat'; did you mean 'delegate'?") == true)
        let (_, file) = try Self.run(":source delegate OrdersViewModle")
        #expect(
            file
                == "no file or type 'OrdersViewModle' in delegate; did you mean 'OrdersViewModel'? (:source delegate lists its files)"
        )
        let (_, many) = try Self.run(":source delegate,output OrdersViewModel")
        #expect(many?.hasPrefix("name one backend to show a file of") == true)
    }

    /// At 40 and 80 columns no line is wider than the width: the listing of every backend, and a file.
    @Test(arguments: [40, 80])
    func theWidthIsRespected(width: Int) throws {
        for line in [":source all", ":source dynamic Dynamic", ":source observation ObservingView"] {
            let (lines, error) = try Self.run(line, width: width)
            #expect(error == nil)
            #expect(lines.count > 10)
            let wide = lines.filter { $0.displayWidth > width }
            #expect(wide.isEmpty, "\(line) at \(width): \(wide)")
        }
        let (lines, _) = try Self.run(":source delegate OrdersViewModel", width: width)
        #expect(lines.contains { $0.hasSuffix("…") })
    }

    /// Sources that are not there give one line saying what is missing and what to do.
    @Test func missingSourcesAreOneLine() throws {
        let (_, none) = try Self.run(":source", root: nil)
        #expect(none?.hasPrefix("the sources are not here: ") == true)
        #expect(none?.hasSuffix("build bindlab again from its sources") == true)
        let empty = try Self.package([:])
        defer { try? FileManager.default.removeItem(at: empty) }
        let (_, folder) = try Self.run(":source delegate OrdersViewModel", root: empty.path)
        #expect(
            folder
                == "the sources of delegate are not here: no Sources/Backends/Delegate in \(empty.path)"
        )
    }

    /// A file that is not UTF-8, too large, or not a regular file is one line, and the listing says why it was not read.
    @Test func unreadableFilesAreOneLine() throws {
        let root = try Self.package([
            "Sources/Backends/Delegate/Glue/Latin1.swift": [0x2F, 0x2F, 0x20, 0xE9, 0x0A],
            "Sources/Backends/Delegate/Glue/Huge.swift": Array(repeating: 0x0A, count: (1 << 20) + 1),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("Sources/Backends/Delegate/Glue/Pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (_, latin1) = try Self.run(":source delegate Latin1", root: root.path)
        #expect(latin1 == "cannot show Sources/Backends/Delegate/Glue/Latin1.swift: it is not UTF-8 text")
        let (_, huge) = try Self.run(":source delegate Huge", root: root.path)
        #expect(huge?.hasSuffix("it is too large (1048577 bytes; at most 1048576 are read)") == true)
        let (_, pipe) = try Self.run(":source delegate Pipe", root: root.path)
        #expect(pipe == "cannot show Sources/Backends/Delegate/Glue/Pipe.swift: it is not a regular file")
        let (listing, error) = try Self.run(":source delegate", width: 120, root: root.path)
        #expect(error == nil)
        #expect(
            listing.contains {
                $0.hasPrefix("  Glue/Pipe.swift ") && $0.hasSuffix("not read: it is not a regular file")
            })
        #expect(
            listing.contains { $0.hasPrefix("  Glue/Latin1.swift ") && $0.hasSuffix("not read: it is not UTF-8 text") })
    }

    /// A folder reached through a symbolic link is not entered: a link back up the tree lists each file once.
    @Test func aLinkBackUpIsNotFollowed() throws {
        let root = try Self.package(["Sources/Backends/Delegate/Glue/One.swift": Array("struct One {}\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("Sources/Backends/Delegate/Glue/Loop").path, withDestinationPath: "..")
        let (lines, error) = try Self.run(":source delegate", root: root.path)
        #expect(error == nil)
        #expect(lines == ["delegate: Sources/Backends/Delegate/, 1 file, 1 line", "  Glue/One.swift  1  struct One"])
    }

    /// On a terminal, keywords are bold and comments dim; without colour, the text is as on disk.
    @Test func colourMarksKeywordsAndComments() throws {
        let (coloured, _) = try Self.run(":source delegate OrdersViewModel 1-6", color: true)
        #expect(coloured[1] == "1  \u{1B}[1mimport\u{1B}[0m BindingKit")
        #expect(coloured[4].hasPrefix("4  \u{1B}[2m/// Everything"))
        #expect(coloured[6].hasPrefix("6  \u{1B}[1mprotocol\u{1B}[0m OrdersViewModelDelegate"))
        let (plain, _) = try Self.run(":source delegate OrdersViewModel 1-6")
        #expect(!plain.joined().contains("\u{1B}"))
    }

    /// A block comment goes on over lines; a `//` in a string is no comment; a keyword after a dot is a name.
    @Test func theHighlighterFollowsCommentsAndStrings() {
        var highlighter = SwiftHighlighter()
        #expect(
            highlighter.segments("let a = 1 /* open") == [
                .init(text: "let", kind: .keyword), .init(text: " a = 1 ", kind: .plain),
                .init(text: "/* open", kind: .comment),
            ])
        #expect(
            highlighter.segments("still */ return") == [
                .init(text: "still */", kind: .comment), .init(text: " ", kind: .plain),
                .init(text: "return", kind: .keyword),
            ])
        #expect(highlighter.segments(#"let url = "http://x" // note"#).last == .init(text: "// note", kind: .comment))
        #expect(
            highlighter.segments("case .default: break").filter { $0.kind == .keyword }.map(\.text) == [
                "case", "break",
            ])
        #expect(
            SwiftHighlighter.render(highlighter.segments("return value"), in: 8, style: Style(enabled: true))
                == "\u{1B}[1mreturn\u{1B}[0m …")
    }

    /// Tab completes the backend ids after `:source`, then that backend's file and type names.
    @Test func completionOffersIdsThenNames() {
        let completion = ShellCompletion()
        #expect(
            completion.completions(for: ":source obs") == [
                "observable", "observable-article", "observable-main", "observable-2020", "observation",
            ])
        let names = completion.completions(for: ":source delegate Orders")
        #expect(names.contains("OrdersViewModel"))
        #expect(names.contains("Orders/OrdersViewModel"))
        #expect(names.contains("OrdersViewModelDelegate"))
        #expect(completion.completions(for: ":source delegate OrdersViewModel ").isEmpty)
    }

    /// Tab's names are read again when a file of the folder is edited, added or removed while bindlab runs (they are kept between presses).
    @Test func completionNamesFollowTheFiles() throws {
        let root = try Self.package([
            "Sources/Backends/Delegate/Glue/Types.swift": Array("final class Before {}\n".utf8)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/Backends/Delegate")
        #expect(SourceCommand.sourceNames(of: "delegate", root: root.path) == ["Before", "Glue/Types", "Types"])
        #expect(SourceCommand.sourceNames(of: "delegate", root: root.path) == ["Before", "Glue/Types", "Types"])

        try Data("struct AfterTheEdit {}\n".utf8).write(to: folder.appendingPathComponent("Glue/Types.swift"))
        #expect(SourceCommand.sourceNames(of: "delegate", root: root.path) == ["AfterTheEdit", "Glue/Types", "Types"])

        try Data("enum Added {}\n".utf8).write(to: folder.appendingPathComponent("Added.swift"))
        #expect(
            SourceCommand.sourceNames(of: "delegate", root: root.path) == [
                "Added", "AfterTheEdit", "Glue/Types", "Types",
            ])

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Glue/Types.swift"))
        #expect(SourceCommand.sourceNames(of: "delegate", root: root.path) == ["Added"])
    }
}
