import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The article's code and nothing else (issue 18): what a backend's `Glue/`,
/// `Orders/` and `Movies/` must not contain. The playground's watch on a
/// backend lives in its `+Trace` and `+Probe` files beside them.
@Suite struct BackendSourcesTests {
    /// The words of the playground's instrumentation, and of its old names
    /// for the articles.
    static let forbidden = [
        "tracer.", "Tracer", "alive.track", "LiveObjects", "@inlinable", "@usableFromInline", "Seed 00",
        "enum Capture", "ObservableWiring", "ListenerCapture", "holdsViewStrongly",
    ]

    /// No article file of any backend holds instrumentation, a wiring switch for the experiments, or "Seed 00".
    @Test func articleFilesHoldNoInstrumentation() throws {
        let files = try Self.articleFiles()
        try #require(files.count > 50, "found \(files.count) article files under Sources/Backends")
        var found: [String] = []
        for path in files {
            let text = try Self.read(path)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for word in Self.forbidden where line.contains(word) {
                    found.append("\(path):\(number + 1): \(word)")
                }
            }
        }
        let clean = found.isEmpty
        #expect(clean, "\(found.count) lines:\n\(found.prefix(40).joined(separator: "\n"))")
    }

    /// The backends' folders, from this file's place in the package.
    static var backendsFolder: String {
        let parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard let tests = parts.lastIndex(of: "Tests") else { return "Sources/Backends" }
        return parts[..<tests].joined(separator: "/") + "/Sources/Backends"
    }

    /// Every `.swift` file under a backend's `Glue/`, `Orders/` or `Movies/`.
    static func articleFiles() throws -> [String] {
        var files: [String] = []
        for backend in try list(backendsFolder) {
            for part in ["Glue", "Orders", "Movies"] {
                let folder = "\(backendsFolder)/\(backend)/\(part)"
                for name in (try? list(folder)) ?? [] where name.hasSuffix(".swift") && !name.contains("+Trace") {
                    files.append("\(folder)/\(name)")
                }
            }
        }
        return files.sorted()
    }

    private static func list(_ folder: String) throws -> [String] {
        guard let directory = opendir(folder) else { throw Failure("cannot list \(folder)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }

    private static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else { throw Failure("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
