import Kit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bindlab kit selfcheck`: the kit checks itself, as teachers' kits do
/// (rustlings, ziglings): in a scratch copy of the package, a kit is made
/// from each template, and
///
/// - the delegate template, built, fails every task, and `kit verify`
///   names task 1 as its first failure, with one failure shown;
/// - with the reference solution's files of tasks 1…N copied in, task N
///   passes and task N+1 is the first failure, for every N;
/// - with all of them, every task passes;
/// - the blank template, built, fails every task.
///
/// The scratch copy is `.build/kit-selfcheck/package` (its own `.build`
/// inside it), kept between runs so that the next one builds incrementally;
/// only the files that changed are copied again. The attendee's kit in the
/// package itself is never touched.
struct KitSelfcheck {
    let root: String
    let output: any OutputSink
    let style: Style
    let swift: String?

    /// The kit's name in the scratch copy.
    static let name = "selfcheck"

    /// What went wrong at one step, said as a line.
    struct Failure: Error {
        let message: String
    }

    func run() throws(ShellError) {
        guard let swift else {
            throw .actionFailed(
                reason: "swift is not on the PATH: the selfcheck builds a scratch copy with `swift build`")
        }
        let started = Self.now()
        let scratch = root + "/.build/kit-selfcheck/package"
        do {
            let copied = try Self.copyPackage(from: root, to: scratch)
            say("scratch copy: \(scratch) (\(copied) files updated)")
            let binary = scratch + "/.build/debug/bindlab"
            try step("build the scratch copy (the first time, the whole package)") { () throws(Failure) in
                let (ending, lines) = try Self.capture(
                    swift, ["build", "--package-path", scratch, "--product", "bindlab"])
                guard ending == .exited(0) else {
                    throw Failure(
                        message: "the build failed:\n"
                            + KitVerify.firstError(in: lines, root: scratch).joined(separator: "\n"))
                }
                return ""
            }
            let kit = KitFolder(root: scratch)
            try templateFailsEveryTask("delegate", kit, binary)
            for number in 1...Curriculum.tasks.count {
                try step("task \(number): with the reference solution of tasks 1–\(number)") { () throws(Failure) in
                    do throws(KitFileError) {
                        try kit.installReference(of: number, name: Self.name)
                    } catch {
                        throw Failure(message: error.message)
                    }
                    let (ending, lines) = try Self.capture(binary, ["kit", "verify", "--no-color"])
                    let state = try Self.state(of: kit)
                    let solved = Set(1...number)
                    if number < Curriculum.tasks.count {
                        guard ending == .exited(1), state.current == number + 1, solved.isSubset(of: state.passed)
                        else {
                            throw Failure(
                                message: "expected tasks 1–\(number) to pass and task \(number + 1) to fail first; "
                                    + "passed \(state.passed.sorted()), in hand \(state.current):\n"
                                    + lines.joined(separator: "\n"))
                        }
                        return "task \(number) passes, task \(number + 1) fails first: "
                            + Self.firstFailure(lines)
                    }
                    guard ending == .exited(0), state.isDone else {
                        throw Failure(message: "expected every task to pass:\n" + lines.joined(separator: "\n"))
                    }
                    return "every task passes"
                }
            }
            try templateFailsEveryTask("blank", kit, binary)
        } catch {
            say(style.red("✗ selfcheck failed: ") + error.message)
            throw .checkFailed(count: 1)
        }
        say(style.green("selfcheck passed") + " in \(Self.seconds(since: started))")
    }

    /// A kit made from `template` and built: `kit verify` names task 1, with
    /// one failure; each task, graded alone, fails.
    private func templateFailsEveryTask(_ template: String, _ kit: KitFolder, _ binary: String) throws(Failure) {
        try step("\(template) template: kit new \(Self.name) --from \(template), kit verify") { () throws(Failure) in
            let (made, madeLines) = try Self.capture(
                binary, ["kit", "new", Self.name, "--from", template, "--force", "--no-color"])
            guard made == .exited(0) else { throw Failure(message: madeLines.joined(separator: "\n")) }
            let (ending, lines) = try Self.capture(binary, ["kit", "verify", "--no-color"])
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
        return after.first.map { $0.trimmingBlanks } ?? "?"
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
