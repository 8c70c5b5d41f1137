import BindingKit
import Foundation

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
        let files = FileManager.default
        func isRoot(_ path: String) -> Bool {
            files.fileExists(atPath: path + "/Package.swift") && files.fileExists(atPath: path + "/Sources/Backends")
        }
        var folder = files.currentDirectoryPath
        while !folder.isEmpty {
            if isRoot(folder) { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder { break }
            folder = parent
        }
        let built = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let root = (built as NSString).deletingLastPathComponent
        return isRoot(root) ? root : nil
    }

    /// The Swift files under `folder` and their lines of code; nil when the
    /// folder is not found.
    ///
    /// - Complexity: O(n) in the size of the files.
    static func count(_ folder: String) -> (files: Int, lines: Int)? {
        guard let root = root() else { return nil }
        let path = root + "/" + folder
        guard let names = FileManager.default.subpathsOfDirectory(atPath: path, orNil: ()) else { return nil }
        var files = 0
        var lines = 0
        for name in names.sorted() where name.hasSuffix(".swift") {
            guard let text = try? String(contentsOfFile: path + "/" + name, encoding: .utf8) else { continue }
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

extension FileManager {
    /// Every path under `path`, or nil when it is not a folder.
    fileprivate func subpathsOfDirectory(atPath path: String, orNil: ()) -> [String]? {
        var isFolder: ObjCBool = false
        guard fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return try? subpathsOfDirectory(atPath: path)
    }
}
