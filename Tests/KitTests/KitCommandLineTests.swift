import LineEditing
import Testing

@testable import Shell

/// `bindlab kit …` in-process, on a package of its own (`kitRoot`).
func runKit(_ arguments: [String], root: String?) -> (text: String, status: Int32) {
    let output = BufferedOutput()
    var environment = CLI.Environment(
        arguments: ["bindlab", "kit"] + arguments, variables: ["PATH": ""], output: output, interactive: false,
        outputIsTerminal: false, input: { ScriptedLines([]) }, editor: { _, _ in ScriptedLines([]) },
        interrupted: { false })
    environment.kitRoot = root
    let status = CLI.run(environment).rawValue
    return (output.text, status)
}

@Suite struct KitCommandLineTests {
    /// `kit` needs an action; a mistyped one is named with the nearest; a task out of range says the range.
    @Test func usage() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let none = runKit([], root: package.path)
        #expect(none.status == 2)
        #expect(none.text.contains("say what to do: new NAME, verify [TASK]"))
        let typo = runKit(["verfy"], root: package.path)
        #expect(typo.status == 2)
        #expect(typo.text.contains("kit has no 'verfy' (did you mean verify?)"))
        let range = runKit(["verify", "12", "--no-build"], root: package.path)
        #expect(range.status == 2)
        #expect(range.text.contains("12"))
        let refused = runKit(["verify", "--backend", "delegate"], root: package.path)
        #expect(refused.status == 2)
        #expect(refused.text.contains("the kit grades its own backend"))
    }

    /// Without a kit, verify, list and watch say how to make one.
    @Test func noKitYet() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        for action in [["verify"], ["verify", "--no-build"], ["list"], ["watch", "--manual"]] {
            let run = runKit(action, root: package.path)
            #expect(run.status == 2, "\(action)")
            #expect(run.text.contains("`bindlab kit new NAME` makes one"), "\(action)")
        }
    }

    /// `kit new` writes the kit and says what next; again, it refuses without --force; a backend's name is taken.
    @Test func newThenAgain() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let made = runKit(["new", "mine", "--from", "blank"], root: package.path)
        #expect(made.status == 0, "\(made.text)")
        #expect(made.text.contains("kit mine: the blank template"))
        #expect(made.text.contains("  MineBackend.swift\n"))
        #expect(made.text.contains("`bindlab kit verify` builds and grades task 1"))
        let again = runKit(["new", "other"], root: package.path)
        #expect(again.status == 2)
        #expect(again.text.contains("a kit is in progress") && again.text.contains("--force"))
        #expect(runKit(["new", "other", "--force"], root: package.path).status == 0)
        let taken = runKit(["new", "delegate", "--force"], root: package.path)
        #expect(taken.status == 2)
        #expect(taken.text.contains("'delegate' is the name of a backend already"))
        #expect(runKit(["new", "Bad Name"], root: package.path).text.contains("lower-case letters"))
    }

    /// `kit list` shows the nine tasks pending, the first in hand.
    @Test func list() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        _ = runKit(["new", "mine"], root: package.path)
        let list = runKit(["list"], root: package.path)
        #expect(list.status == 0)
        #expect(list.text.hasPrefix(" · 1  the spinner, then 100 rows ◀ in hand\n · 2  select and back\n"))
        #expect(list.text.hasSuffix("   0 of 9 done\n"))
    }

    /// A bindlab built without the kit's backend cannot grade it, and says how to.
    @Test func gradingNeedsABinaryWithTheBackend() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        _ = runKit(["new", "mine"], root: package.path)
        let run = runKit(["verify", "--no-build"], root: package.path)
        #expect(run.status == 2)
        #expect(run.text.contains("built without the kit's backend 'mine'"))
    }

    /// `kit solve` asks for --force, then writes the task's reference files.
    @Test func solve() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        _ = runKit(["new", "mine"], root: package.path)
        let asked = runKit(["solve", "2"], root: package.path)
        #expect(asked.status == 2)
        #expect(asked.text.contains("Orders/OrderDetails.swift") && asked.text.contains("--force does it"))
        let solved = runKit(["solve", "2", "--force"], root: package.path)
        #expect(solved.status == 0)
        #expect(package.read("Sources/Backends/Workshop/Orders/OrderDetails.swift")?.contains("// TASK 2:") == false)
    }
}
