import Foundation
import Testing

/// Which files of a module refer to which, found in the text: a file refers
/// to another when it names a type the other declares. A cycle among them is
/// a knot a reader cannot untie file by file.
///
/// What it sees: the names of the classes, structs, enums, protocols, actors
/// and typealiases each file declares (nested ones too), and every word of the
/// other files outside comments and string literals (interpolations are
/// code). A file that extends a type declared in another file is counted as
/// part of that file: the type's members may be used wherever the type is.
/// What it does not see: a member that a file adds to a type of another
/// module (`extension String`) and that a third file uses; a type name
/// declared in two files (ambiguous: left out); anything the compiler
/// resolves without a name (inferred types, `.member` shorthand). A name
/// declared here and in another module too is taken for this one's.
struct FileGraph {
    /// A group of files counted as one: a file and those that extend its types.
    struct Unit: Hashable, Comparable {
        let files: [String]
        var name: String { files.joined(separator: " + ") }
        static func < (a: Unit, b: Unit) -> Bool { a.name < b.name }
    }

    let units: [Unit]
    /// Unit → the units it refers to, with the names that make each reference.
    let references: [Unit: [Unit: Set<String>]]

    /// The Swift files under `folder`, by their path relative to it.
    init(folder: String) throws {
        let base = URL(fileURLWithPath: folder)
        var texts: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            texts[path] = FileGraph.code(try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
        }
        var declared: [String: Set<String>] = [:]  // type name → the files declaring it
        var extended: [String: Set<String>] = [:]  // file → the type names it extends
        for (path, text) in texts {
            let (types, extensions) = FileGraph.declarations(in: text)
            for name in types { declared[name, default: []].insert(path) }
            extended[path] = extensions
        }
        let owner = declared.compactMapValues { $0.count == 1 ? $0.first : nil }
        // A file and the files extending its types: one unit (union-find).
        var parent = Dictionary(uniqueKeysWithValues: texts.keys.map { ($0, $0) })
        func root(_ path: String) -> String {
            var path = path
            while let next = parent[path], next != path { path = next }
            return path
        }
        for (path, names) in extended {
            for name in names {
                guard let other = owner[name], other != path else { continue }
                parent[root(path)] = root(other)
            }
        }
        var members: [String: [String]] = [:]
        for path in texts.keys { members[root(path), default: []].append(path) }
        let unitOf = Dictionary(
            uniqueKeysWithValues: members.values.flatMap { files in
                let unit = Unit(files: files.sorted())
                return files.map { ($0, unit) }
            })
        units = Set(unitOf.values).sorted()
        var references: [Unit: [Unit: Set<String>]] = [:]
        for (path, text) in texts {
            let from = unitOf[path]!
            for word in FileGraph.words(in: text) {
                guard let other = owner[word], let to = unitOf[other], to != from else { continue }
                references[from, default: [:]][to, default: []].insert(word)
            }
        }
        self.references = references
    }

    /// Groups of units that refer to each other round a loop (strongly
    /// connected components of more than one unit), each sorted.
    var cycles: [[Unit]] {
        var index = 0
        var indices: [Unit: Int] = [:]
        var lowest: [Unit: Int] = [:]
        var stack: [Unit] = []
        var onStack: Set<Unit> = []
        var found: [[Unit]] = []
        func visit(_ unit: Unit) {
            indices[unit] = index
            lowest[unit] = index
            index += 1
            stack.append(unit)
            onStack.insert(unit)
            for next in (references[unit] ?? [:]).keys.sorted() {
                if indices[next] == nil {
                    visit(next)
                    lowest[unit] = min(lowest[unit]!, lowest[next]!)
                } else if onStack.contains(next) {
                    lowest[unit] = min(lowest[unit]!, indices[next]!)
                }
            }
            guard lowest[unit] == indices[unit] else { return }
            var component: [Unit] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == unit { break }
            }
            if component.count > 1 { found.append(component.sorted()) }
        }
        for unit in units where indices[unit] == nil { visit(unit) }
        return found.sorted { $0[0] < $1[0] }
    }

    /// The references inside `group`, one line each: `A → B (Names)`.
    func describe(_ group: [Unit]) -> [String] {
        let inside = Set(group)
        return group.flatMap { from in
            (references[from] ?? [:]).filter { inside.contains($0.key) }.sorted { $0.key < $1.key }.map { to, names in
                "  \(from.name) → \(to.name) (\(names.sorted().joined(separator: ", ")))"
            }
        }
    }

    /// Every reference, one line each.
    var listing: [String] { describe(units) }

    // MARK: Reading Swift, roughly

    /// `text` with its comments and the literal parts of its strings blanked
    /// out; an interpolation's code is kept.
    static func code(_ text: String) -> String {
        let characters = Array(text)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        // Open strings, innermost last: how many `#`s, whether multi-line;
        // and, for each, how deep in its interpolation's parentheses we are
        // (nil: in the literal text).
        var strings: [(hashes: Int, multiline: Bool, depth: Int?)] = []
        func at(_ offset: Int, _ string: String) -> Bool {
            let target = Array(string)
            guard offset + target.count <= characters.count else { return false }
            return Array(characters[offset..<offset + target.count]) == target
        }
        while index < characters.count {
            let character = characters[index]
            if let open = strings.last, open.depth == nil {
                // Inside a literal.
                let hashes = String(repeating: "#", count: open.hashes)
                if at(index, "\\" + hashes + "(") {
                    strings[strings.count - 1].depth = 0
                    index += 2 + open.hashes
                    output.append(" ")
                    continue
                }
                if character == "\\" && open.hashes == 0 {
                    index += 2
                    output.append(" ")
                    continue
                }
                let closing = (open.multiline ? "\"\"\"" : "\"") + hashes
                if at(index, closing) {
                    strings.removeLast()
                    index += closing.count
                    output.append(" ")
                    continue
                }
                output.append(character == "\n" ? "\n" : " ")
                index += 1
                continue
            }
            // Code: at the top, or inside an interpolation.
            if at(index, "//") {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if at(index, "/*") {
                var depth = 0
                repeat {
                    if at(index, "/*") {
                        depth += 1
                        index += 2
                    } else if at(index, "*/") {
                        depth -= 1
                        index += 2
                    } else {
                        if characters[index] == "\n" { output.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < characters.count
                output.append(" ")
                continue
            }
            var hashes = 0
            while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
            if index + hashes < characters.count, characters[index + hashes] == "\"" {
                let multiline = at(index + hashes, "\"\"\"")
                strings.append((hashes, multiline, nil))
                index += hashes + (multiline ? 3 : 1)
                output.append(" ")
                continue
            }
            if !strings.isEmpty, let depth = strings[strings.count - 1].depth {
                if character == "(" { strings[strings.count - 1].depth = depth + 1 }
                if character == ")" {
                    if depth == 0 {
                        strings[strings.count - 1].depth = nil
                        index += 1
                        output.append(" ")
                        continue
                    }
                    strings[strings.count - 1].depth = depth - 1
                }
            }
            output.append(character)
            index += 1
        }
        return String(output)
    }

    /// The words of code: identifiers and keywords.
    static func words(in code: String) -> [String] {
        code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// The types `code` declares, and the names of the types it extends.
    static func declarations(in code: String) -> (types: Set<String>, extensions: Set<String>) {
        let words = words(in: code)
        let kinds: Set = ["class", "struct", "enum", "protocol", "actor", "typealias"]
        let notTypes: Set = ["func", "var", "let", "subscript", "init", "case", "deinit"]
        var types = Set<String>()
        var extensions = Set<String>()
        for (index, word) in words.enumerated().dropLast() {
            let next = words[index + 1]
            if kinds.contains(word), !notTypes.contains(next), next.first?.isUppercase == true {
                types.insert(next)
            } else if word == "extension" {
                extensions.insert(next)
            }
        }
        return (types, extensions)
    }
}

@Suite struct FileCyclesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// No two files of the Shell (or of the bench and the command line's grammar) refer to each other, directly or round a loop: each depends on files below it only.
    ///
    /// `BINDLAB_FILE_GRAPH=1 swift test --filter FileCyclesTests` prints each
    /// module's references.
    @Test(arguments: ["Shell", "BenchKit", "CommandLineOptions"])
    func filesReferToEachOtherOneWay(module: String) throws {
        let graph = try FileGraph(folder: Self.sources + "/" + module)
        #expect(graph.units.count > 2, "the files of \(module) were not found under \(Self.sources)")
        for cycle in graph.cycles {
            Issue.record(
                Comment(
                    rawValue: (["\(cycle.count) units of \(module) refer to each other round a loop:"]
                        + graph.describe(cycle)).joined(separator: "\n")))
        }
        if ProcessInfo.processInfo.environment["BINDLAB_FILE_GRAPH"] != nil {
            let heading = "\(module)'s file-level references (\(graph.units.count) units):"
            print(([heading] + graph.listing).joined(separator: "\n"))
        }
    }

    /// The reader sees through comments and strings but keeps an interpolation's code; it finds nested types and extensions.
    @Test func theReaderSeesOnlyCode() {
        let code = FileGraph.code(
            ##"""
            // Alpha
            let a = "Beta \(Gamma.x) \"Delta\"" /* Epsilon /* nested */ Zeta */
            let b = #"Eta \#(Theta) \(Iota)"#
            let c = """
                Kappa \(Lambda("Mu"))
                """
            """##)
        #expect(Set(FileGraph.words(in: code)) == ["let", "a", "Gamma", "x", "b", "Theta", "c", "Lambda"])
        let (types, extensions) = FileGraph.declarations(
            in: "struct A { enum B {} class func f() {} }\nextension C { typealias D = Int }\nfinal class E {}")
        #expect(types == ["A", "B", "D", "E"])
        #expect(extensions == ["C"])
    }
}
