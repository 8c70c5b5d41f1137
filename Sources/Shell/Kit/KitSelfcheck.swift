import Kit
import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bindlab kit selfcheck`: the kit checks itself, as teachers' kits do
/// (rustlings, ziglings): a kit is made from each template, and
///
/// - the delegate template, built, fails every task, and `kit verify`
///   names task 1 as its first failure, with one failure shown;
/// - with the reference solution's files of tasks 1…N copied in, task N
///   passes and task N+1 is the first failure, for every N;
/// - with all of them, every task passes;
/// - the blank template, built, fails every task;
/// - and no build along the way warns about the kit's files.
///
/// It works in a scratch copy of the package, `.build/kit-selfcheck/package`
/// (its own `.build` inside it), kept between runs so that the next one
/// builds incrementally, and only the files that changed are copied again:
/// the attendee's kit is never touched. The first run builds the whole
/// package once more; `--in-place` (CI, where the slot is empty) uses the
/// package's own slot and build instead, and empties the slot again at the
/// end, whatever happened.
struct KitSelfcheck {
    let root: String
    let output: any OutputSink
    let style: Style
    let swift: String?

    /// The kit's name where it is checked.
    static let name = "selfcheck"

    /// What went wrong at one step, said as a line.
    struct Failure: Error {
        let message: String
    }

    func run(inPlace: Bool) throws(ShellError) {
        guard let swift else {
            throw .actionFailed(reason: "swift is not on the PATH: the selfcheck builds the kit with `swift build`")
        }
        let started = Self.now()
        let package = inPlace ? root : root + "/.build/kit-selfcheck/package"
        let kit = KitFolder(root: package)
        if inPlace, kit.isInUse {
            throw .actionFailed(
                reason: "a kit is in progress in \(KitFolder.slotPath): --in-place would replace it; "
                    + "`bindlab kit selfcheck` works in a scratch copy")
        }
        // Ctrl-C stops the child at work and ends the run here, so that the
        // slot is emptied below.
        Terminal.catchInterrupts()
        defer {
            if inPlace {
                try? kit.clear()
                _ = try? KitProcess.capture(swift, ["build", "--package-path", package, "--product", "bindlab"])
                say(style.dim("the slot is empty again, and bindlab rebuilt without the kit"))
            }
        }
        do throws(Failure) {
            if !inPlace {
                let copied = try Self.copyPackage(from: root, to: package)
                // What a run before left in the copy's slot (its last kit, the
                // benchmark's) would be built with the new sources.
                do throws(KitFileError) {
                    try kit.clear()
                } catch {
                    throw Failure(message: error.message)
                }
                say("scratch copy: \(package) (\(copied) files updated)")
            }
            let binary = package + "/.build/debug/bindlab"
            let build = { () throws(Failure) in try Self.build(swift, package) }
            try step(inPlace ? "build bindlab" : "build the scratch copy (the whole package, the first time only)") {
                () throws(Failure) in
                try build()
                return ""
            }
            try templateFailsEveryTask("delegate", kit, binary, build)
            for number in 1...Curriculum.tasks.count {
                try step("task \(number): with the reference solution of tasks 1–\(number)") { () throws(Failure) in
                    try solved(number, kit, binary, build)
                }
            }
            try templateFailsEveryTask("blank", kit, binary, build)
        } catch {
            say(style.red("✗ selfcheck failed: ") + error.message)
            throw .checkFailed(count: 1)
        }
        say(style.green("selfcheck passed") + " in \(Self.seconds(since: started))")
    }

    /// Tasks 1…`number` solved: `number` passes and the next fails first.
    private func solved(_ number: Int, _ kit: KitFolder, _ binary: String, _ build: () throws(Failure) -> Void)
        throws(Failure) -> String
    {
        do throws(KitFileError) {
            try kit.installReference(of: number, name: Self.name)
        } catch {
            throw Failure(message: error.message)
        }
        try build()
        let (ending, lines) = try Self.capture(binary, ["kit", "verify", "--no-build", "--no-color"])
        let state = try Self.state(of: kit)
        guard number < Curriculum.tasks.count else {
            guard ending == .exited(0), state.isDone else {
                throw Failure(message: "expected every task to pass:\n" + lines.joined(separator: "\n"))
            }
            return "every task passes"
        }
        guard ending == .exited(1), state.current == number + 1, Set(1...number).isSubset(of: state.passed) else {
            throw Failure(
                message: "expected tasks 1–\(number) to pass and task \(number + 1) to fail first; "
                    + "passed \(state.passed.sorted()), in hand \(state.current):\n" + lines.joined(separator: "\n"))
        }
        return "task \(number) passes, task \(number + 1) fails first: " + Self.firstFailure(lines)
    }

    /// `swift build --product bindlab` in `package`, failing on an error, or
    /// on a warning about the kit's files.
    private static func build(_ swift: String, _ package: String) throws(Failure) {
        let (ending, lines) = try capture(swift, ["build", "--package-path", package, "--product", "bindlab"])
        guard ending == .exited(0) else {
            throw Failure(
                message: "the build failed:\n" + KitVerify.firstError(in: lines, root: package).joined(separator: "\n"))
        }
        let warnings = lines.filter { $0.contains("warning:") && $0.contains(KitFolder.slotPath) }
        guard warnings.isEmpty else {
            throw Failure(message: "the kit's files warn:\n" + Set(warnings).sorted().joined(separator: "\n"))
        }
    }

    /// A kit made from `template` and built: `kit verify` names task 1, with
    /// one failure; each task, graded alone, fails.
    private func templateFailsEveryTask(
        _ template: String, _ kit: KitFolder, _ binary: String, _ build: () throws(Failure) -> Void
    ) throws(Failure) {
        try step("\(template) template: kit new \(Self.name) --from \(template), kit verify") { () throws(Failure) in
            let (made, madeLines) = try Self.capture(
                binary, ["kit", "new", Self.name, "--from", template, "--force", "--no-color"])
            guard made == .exited(0) else { throw Failure(message: madeLines.joined(separator: "\n")) }
            try build()
            let (ending, lines) = try Self.capture(binary, ["kit", "verify", "--no-build", "--no-color"])
            let state = try Self.state(of: kit)
            let failures = lines.filter { $0.hasPrefix("✗") }
            guard ending == .exited(1), state.current == 1, failures.count == 1, failures[0].hasPrefix("✗ 1 ") else {
                throw Failure(message: "expected task 1 to fail first, alone:\n" + lines.joined(separator: "\n"))
            }
            return "task 1 fails first: " + Self.firstFailure(lines)
        }
        try step("\(template) template: each task graded alone fails") { () throws(Failure) in
            var passing: [Int] = []
            for task in Curriculum.tasks {
                let (ending, _) = try Self.capture(binary, ["kit", "verify", String(task.number), "--no-build"])
                if ending != .exited(1) { passing.append(task.number) }
            }
            guard passing.isEmpty else {
                throw Failure(message: "the \(template) template passes task(s) \(passing): they teach nothing")
            }
            return "all \(Curriculum.tasks.count) fail"
        }
    }

    /// Runs `body`, saying what it found and how long it took.
    private func step(_ what: String, _ body: () throws(Failure) -> String) throws(Failure) {
        let started = Self.now()
        let found = try body()
        say(
            style.green("✓") + " \(what)" + (found.isEmpty ? "" : ": \(found)")
                + style.dim(" (\(Self.seconds(since: started)))"))
    }

    private func say(_ text: String) {
        output.write(text + "\n", to: .standard)
    }

    // MARK: Helpers

    private static func capture(_ path: String, _ arguments: [String]) throws(Failure) -> (
        ChildProcess.Ending, [String]
    ) {
        do {
            return try KitProcess.capture(path, arguments)
        } catch {
            throw Failure(message: error.message)
        }
    }

    private static func state(of kit: KitFolder) throws(Failure) -> KitState {
        guard let state = (try? kit.state()).flatMap({ $0 }) else {
            throw Failure(message: "the scratch kit has no state file")
        }
        return state
    }

    /// The summary line under the first `✗`: the check that failed.
    static func firstFailure(_ lines: [String]) -> String {
        guard let cross = lines.firstIndex(where: { $0.hasPrefix("✗") }) else { return "?" }
        let after = lines[(cross + 1)...].drop { !$0.isEmpty }.dropFirst()
        let summary = after.prefix { !$0.hasPrefix("   after:") && !$0.hasPrefix("   expected:") && !$0.isEmpty }
        return summary.isEmpty ? "?" : summary.map(\.trimmingBlanks).joined(separator: " ")
    }

    /// Copies Package.swift, Sources/ and Tests/ into `scratch`, but for the
    /// kit's slot (its placeholder only): what a build needs. A file whose
    /// bytes are the same is left alone, so that the scratch copy's build
    /// stays incremental; a file gone from the package goes from the copy.
    ///
    /// - Returns: how many files were written or removed.
    static func copyPackage(from root: String, to scratch: String) throws(Failure) -> Int {
        let source = KitDirectory(root)
        let target = KitDirectory(scratch)
        var wanted = ["Package.swift"]
        for folder in ["Sources", "Tests"] { wanted += source.files(under: folder) }
        let slot = KitFolder.slotPath + "/"
        wanted = wanted.filter { !$0.hasPrefix(slot) } + [slot + KitFolder.placeholder]
        var changed = 0
        do {
            for file in wanted {
                guard let bytes = try source.bytes(of: file) else { continue }
                if try target.bytes(of: file) != bytes {
                    try target.replace(file, bytes: bytes)
                    changed += 1
                }
            }
            let keep = Set(wanted)
            for folder in ["Sources", "Tests"] {
                for file in target.files(under: folder) where !keep.contains(file) && !file.hasPrefix(slot) {
                    try target.remove(file)
                    changed += 1
                }
            }
        } catch {
            throw Failure(message: error.message)
        }
        return changed
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(since start: Double) -> String {
        let tenths = Int(((now() - start) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
