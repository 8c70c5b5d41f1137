import BindingKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Experiments {
    static let glue = Experiment(
        "glue", question: "how many lines of glue did the approach need?",
        columns: ["files", "lines", "where"],
        method: """
            Counts the lines of the backend's Sources/Backends/<Name>/Glue/*.swift that are
            neither blank nor comments, read from the repository's files: from the current
            folder or one above it, else from where bindlab was built. Without the sources
            it says so rather than guess.
            """
    ) { backend throws(ProbeRefusal) in
        let folder = GlueSources.folder(of: backend)
        guard let count = GlueSources.count(folder) else {
            return Finding(
                verdict: "not found", cells: ["?", "?", folder],
                notes: ["the sources are not here: run bindlab from its repository to count \(folder)"])
        }
        return Finding(verdict: count.lines.counted("line"), cells: [String(count.files), String(count.lines), folder])
    }
}

/// The backends' glue, as files in the repository.
enum GlueSources {
    /// `Sources/Backends/Delegate/Glue` for the module `DelegateBackend`.
    static func folder(of backend: any BindingBackend) -> String {
        let module = String(reflecting: type(of: backend)).split(separator: ".").first.map(String.init) ?? ""
        let name = module.hasSuffix("Backend") ? String(module.dropLast("Backend".count)) : module
        return "Sources/Backends/\(name)/Glue"
    }

    /// The repository: the current folder or one above it that has
    /// `Sources/Backends`, else the one this file was compiled from.
    static func root() -> String? {
        func isRoot(_ path: String) -> Bool {
            isFile(path + "/Package.swift") && isFolder(path + "/Sources/Backends")
        }
        var folder = currentDirectory()
        while !folder.isEmpty {
            if isRoot(folder) { return folder }
            let parent = parentFolder(of: folder)
            if parent == folder { break }
            folder = parent
        }
        let root = parentFolder(of: parentFolder(of: parentFolder(of: #filePath)))
        return isRoot(root) ? root : nil
    }

    /// The Swift files under `folder` and their lines of code; nil when the
    /// folder is not found.
    ///
    /// - Complexity: O(n) in the size of the files.
    static func count(_ folder: String) -> (files: Int, lines: Int)? {
        guard let root = root() else { return nil }
        let path = root + "/" + folder
        guard isFolder(path) else { return nil }
        var files = 0
        var lines = 0
        for name in filePaths(under: path).sorted() where name.hasSuffix(".swift") {
            guard let text = contents(ofFile: name) else { continue }
            files += 1
            lines += codeLines(text)
        }
        return (files, lines)
    }

    /// Lines that are neither blank nor comments (`//`, `///`, `/* … */`).
    static func codeLines(_ text: String) -> Int {
        var count = 0
        var inBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                if trimmed.contains("*/") { inBlock = false }
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            if trimmed.hasPrefix("/*") {
                inBlock = !trimmed.contains("*/")
                continue
            }
            count += 1
        }
        return count
    }
}

// The few file-system questions the count asks, of the C library: the
// program links no Foundation (Docs/performance.md, start-up).
extension GlueSources {
    private static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    static func isFile(_ path: String) -> Bool { kind(path) == S_IFREG }

    static func isFolder(_ path: String) -> Bool { kind(path) == S_IFDIR }

    /// The working directory; empty when it cannot be read.
    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` without its last component: `/a/b` for `/a/b/c`, `/` for `/a`.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The paths of the regular files under `folder`, at any depth.
    static func filePaths(under folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            if isFolder(path) {
                paths += filePaths(under: path)
            } else if isFile(path) {
                paths.append(path)
            }
        }
        return paths
    }

    /// The text of the file at `path` (invalid UTF-8 repaired); nil when it
    /// cannot be read.
    static func contents(ofFile path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes += chunk[0..<count] }
            if count < chunk.count { break }
        }
        return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
