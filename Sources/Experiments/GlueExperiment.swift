import BindingKit
import Playground

extension Experiments {
    static let glue = Experiment(
        "glue", question: "how many lines of glue did the approach need?",
        columns: ["files", "lines", "where"],
        method: """
            Counts the lines of the backend's Sources/Backends/<Name>/Glue/*.swift that are
            neither blank nor comments, read from the package bindlab was built from (its
            own regular files only, whatever the current folder holds). The playground's
            own files there (+Trace, +Probe) are left out. Without the sources it says so
            rather than guess.
            """
    ) { backend throws(ProbeRefusal) in
        let folder = GlueSources.folder(of: backend)
        guard let count = GlueSources.count(folder) else {
            return Finding(
                verdict: "not found", cells: ["?", "?", folder],
                notes: ["the sources are not here: bindlab's package is gone from where it was built"])
        }
        return Finding(verdict: count.lines.counted("line"), cells: [String(count.files), String(count.lines), folder])
    }
}

/// The backends' glue, as files in the repository.
enum GlueSources {
    /// `Sources/Backends/Delegate/Glue` for the module `DelegateBackend`.
    static func folder(of backend: any BindingBackend) -> String {
        PackageSources.folder(of: backend) + "/Glue"
    }

    /// The Swift files under `folder` and their lines of code; nil when the
    /// folder is not found in the package bindlab was built from.
    ///
    /// - Complexity: O(n) in the size of the files.
    static func count(_ folder: String) -> (files: Int, lines: Int)? {
        guard let sources = PackageSources.built(), sources.hasFolder(folder) else {
            return nil
        }
        var files = 0
        var lines = 0
        for path in sources.swiftFiles(under: folder) where !PackageSources.isInstrumentation(path) {
            guard let text = try? sources.text(of: path) else { continue }
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
