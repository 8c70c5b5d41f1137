import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// A shell on `backends` that has had `lines` typed at it, at a terminal
/// `columns()` wide (asked before each line); returns it and what it showed.
private func typedAt(
    _ lines: [String], backends: [String] = ["delegate"], columns: @escaping () -> Int? = { nil }
) throws -> (shell: Shell, shown: String) {
    let output = BufferedOutput()
    let shell = Shell(backends: try BackendRegistry.resolve(backends.joined(separator: ",")), output: output)
    shell.measureColumns = columns
    _ = shell.run(ScriptedLines(lines), name: nil)
    return (shell, output.text)
}

/// Whether `check` passes on the session at `path` on `backend`.
private func passes(_ path: String, on backend: String) throws -> Bool {
    let session = try Session.load(path)
    return SessionRunner.check(session, on: try #require(BackendRegistry.backend(backend))).passed
}

/// Lines typed at a terminal whose width changes before some of them.
private final class ResizingLines: LineSource {
    private var lines: [(String, Int)]
    private(set) var columns = 80

    init(_ lines: [(String, Int)]) {
        self.lines = lines
    }

    func readLine(prompt: String) -> LineInput {
        guard !lines.isEmpty else { return .endOfInput }
        let (line, columns) = lines.removeFirst()
        self.columns = columns
        return .line(line)
    }
}

@Suite struct SaveTests {
    /// What was typed, without :record in advance, is written with what each line prints, and check passes on it.
    @Test func aSavedSessionPassesCheckAtOnce() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/saved.session"
        let (_, shown) = try typedAt([
            "# First, the list.", "orders load 3", ":trace on", "orders rename 1 Gift", "", "ordrs", ":net fail next",
            "orders load", ":clock manual", "orders load", ":history", ":save \(file)",
        ])
        #expect(shown.contains("saved 8 commands to \(file); bindlab check \(file) passes on it\n"))
        let text = try folder.read("saved.session")
        #expect(text.hasPrefix("# Saved with :save on delegate: what was typed, and what each\n"))
        #expect(text.contains("\n\n# First, the list.\n> orders load 3\n[0 ms]\n"))
        #expect(text.contains("\n\n> ordrs\nerror: unknown command 'ordrs'; did you mean 'orders'? (try :help)\n"))
        #expect(!text.contains("> :history"))
        #expect(!text.contains("> :save"))
        #expect(!text.contains("> :use"))
        #expect(runCLI(["check", file]).text == "1 passed, 0 failed\n")
    }

    /// Made on another backend at a terminal 100 columns wide, the file says so first, then passes as written.
    @Test func theBackendAndTheWidthComeFirst() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/wide.session"
        _ = try typedAt(["orders load 3", "orders select 1", ":save \(file)"], backends: ["output"], columns: { 100 })
        let inputs = try Session.load(file).inputs
        #expect(inputs == [":use output", ":width 100", "orders load 3", "orders select 1"])
        #expect(try passes(file, on: "delegate"))
    }

    /// A terminal resized between two lines: the file says the new width where it changed.
    @Test func aResizeIsWrittenAsAWidth() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/resized.session"
        let lines = ResizingLines([
            ("orders load 3", 80), (":use delegate,output", 80), ("orders load 2", 120), (":save \(file)", 120),
        ])
        let shell = Shell(output: BufferedOutput())
        shell.measureColumns = { lines.columns }
        _ = shell.run(lines, name: nil)
        #expect(
            try Session.load(file).inputs == ["orders load 3", ":use delegate,output", ":width 120", "orders load 2"])
        #expect(try passes(file, on: "delegate"))
    }

    /// Saved on the default backend, the file passes on every backend whose screens are the same for those lines.
    @Test func whereTheScreensAreTheSameItPassesOnEveryBackend() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/screens.session"
        _ = try typedAt([
            "orders load 3", "orders select 1", "orders name Box", "back", "orders remove 0", "movies search star wars",
            ":save \(file)",
        ])
        let session = try Session.load(file)
        let made = SessionRunner.outputs(of: session, on: [BackendRegistry.defaultBackend])
        var passed: [String] = []
        for backend in BackendRegistry.all {
            let same = SessionRunner.outputs(of: session, on: [backend]) == made
            #expect(SessionRunner.check(session, on: backend).passed == same, "\(backend.info.id)")
            if same { passed.append(backend.info.id) }
        }
        // Those that show these screens: all but observable-article, whose
        // full-screen spinner never turns, and associated-first, whose views
        // never hear of a change.
        let others = Set(BackendRegistry.ids).subtracting(passed)
        #expect(others == ["observable-article", "associated-first"])
    }

    /// What a fresh start prints otherwise is said, and the file expects what a fresh start prints.
    @Test func whatAFreshStartPrintsOtherwiseIsSaid() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/fresh.session"
        // The recent queries of an earlier run, kept on disk as at the prompt.
        let state = ["XDG_STATE_HOME": folder.path + "/state"]
        let earlier = Shell(data: .interactive(state, warn: { _ in }), output: BufferedOutput())
        _ = earlier.run(ScriptedLines(["movies search alien"]), name: nil)
        let output = BufferedOutput()
        let shell = Shell(data: .interactive(state, warn: { _ in }), output: output)
        _ = shell.run(ScriptedLines(["movies recent", "orders load 1", ":save \(file)"]), name: nil)
        #expect(output.text.contains("alien"))
        #expect(output.text.contains("1 of them prints otherwise from a fresh start (the first: movies recent)"))
        let text = try folder.read("fresh.session")
        #expect(!text.contains("alien"))
        #expect(try passes(file, on: "delegate"))
    }

    /// :record started afresh: the file says :use there, which does the same.
    @Test func aRecordingIsAFreshStart() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/recorded.session"
        _ = try typedAt([
            "orders load 3", ":record \(folder.path)/r.session", "orders load 2", ":record stop", ":record x/y.session",
            ":save \(file)",
        ])
        #expect(try Session.load(file).inputs == ["orders load 3", ":use delegate", "orders load 2"])
        #expect(try passes(file, on: "delegate"))
    }

    /// A :bench's figures are written as patterns, which other figures match.
    @Test func timingsArePatterns() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/bench.session"
        let script = try folder.write(
            "bindlab-bench", "#!/bin/sh\necho '| direct call | — | ~20.3 ns |   1.0 | 68% noisy |'\n")
        chmod(script, 0o755)
        let output = BufferedOutput()
        let shell = Shell(output: output)
        shell.bench = BenchProgram(path: script)
        _ = shell.run(ScriptedLines([":bench --quick", ":save \(file)"]), name: nil)
        #expect(output.text.contains(":bench's figures are written as patterns ([..])"))
        let session = try Session.load(file)
        let block = try #require(session.blocks.first)
        #expect(block.input == ":bench --quick")
        #expect(!session.lines.contains { $0.contains("20.3") })
        #expect(block.matches(["| direct call | — | ~1.5 µs |   71.2 | 3% |"], for: "delegate"))
    }

    /// A :run path typed from the current folder is written from the file's own folder.
    @Test func runPathsStartFromTheFilesFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/inner", withIntermediateDirectories: true)
        let inner = try folder.write("inner/part.session", "> :clock\n")
        let file = folder.path + "/saved.session"
        _ = try typedAt([":run \(inner)", ":save \(file)"])
        #expect(try Session.load(file).inputs == [":run inner/part.session"])
        #expect(try passes(file, on: "delegate"))
    }

    /// A file at the name is kept unless -f; -f replaces a symbolic link itself, never what it points to.
    @Test func neverWrittenThroughWhatIsThere() throws {
        let folder = try TemporaryFolder()
        let victim = try folder.write("victim.txt", "precious\n")
        let link = folder.path + "/link.session"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let dangling = folder.path + "/dangling.session"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/made.txt")
        let fifo = folder.path + "/fifo.session"
        mkfifo(fifo, 0o644)
        let (_, shown) = try typedAt([
            ":clock", ":save \(link)", ":save \(dangling)", ":save -f \(link)", ":save -f \(fifo)",
            ":save \(folder.path)",
            ":save",
        ])
        #expect(shown.contains("error: \(link): it exists already: :save -f FILE replaces it"))
        #expect(shown.contains("error: \(dangling): it exists already: :save -f FILE replaces it"))
        #expect(shown.contains("error: \(folder.path): cannot create it: it is a folder"))
        #expect(shown.contains("error: name the file to write (usage: :save [-f] FILE)"))
        #expect(try folder.read("victim.txt") == "precious\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/made.txt"))
        let replaced = try FileManager.default.attributesOfItem(atPath: link)
        #expect(replaced[.type] as? FileAttributeType == .typeRegular)
        #expect(try Session.load(link).inputs == [":clock"])
        #expect(try Session.load(fifo).inputs == [":clock"])
        // No temporary file is left beside them.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty)
    }

    /// A session being checked writes nothing; one being run writes only inside --allow-write's folder.
    @Test func aReplayedSessionWritesOnlyWhereAllowed() throws {
        let folder = try TemporaryFolder()
        let inside = folder.path + "/inside.session"
        let session = try folder.write("saves.session", "> :clock\n...\n> :save \(inside)\n")
        let checked = runCLI(["check", session])
        #expect(checked.text.contains("+error: \(inside): not written: a session being checked writes no files"))
        #expect(!FileManager.default.fileExists(atPath: inside))
        let run = runCLI(["run", session])
        #expect(run.text.contains("error: \(inside): not written: a session being replayed writes no files"))
        #expect(!FileManager.default.fileExists(atPath: inside))
        let other = try TemporaryFolder()
        #expect(runCLI(["run", "--allow-write", other.path, session]).text.contains("not written"))
        #expect(runCLI(["run", "--allow-write", folder.path, session]).status == 0)
        #expect(try Session.load(inside).inputs == [":clock"])
        #expect(runCLI(["check", "--allow-write", folder.path, session]).text.contains("writes no files"))
    }

    /// :history lists the lines typed, numbered, and says which ones :save leaves out.
    @Test func historyListsWhatWasTyped() throws {
        let (_, shown) = try typedAt([":history", "orders load 1", "# a note", ":history", ":history x"])
        #expect(shown.hasPrefix("nothing typed yet\n"))
        #expect(
            shown.contains(
                """
                  1  :history  (not saved: it lists or saves what was typed)
                  2  orders load 1
                  3  # a note

                """))
        #expect(shown.contains("error: it takes no words (usage: :history)"))
    }
}
