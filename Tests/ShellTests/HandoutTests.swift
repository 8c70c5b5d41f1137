import CommandLineOptions
import Playground
import Testing

@testable import Shell

/// The package's folder, from `…/Tests/ShellTests/ThisFile.swift`.
private let packageRoot = SessionFiles.folder(of: ShippedSessions.folder) ?? "."

@Suite struct HandoutTests {
    /// The page names every subcommand, every command at the prompt, and every backend with its year.
    @Test func theHandoutNamesEverything() {
        let page = Handout.markdown().joined(separator: "\n")
        for subcommand in Subcommand.all { #expect(page.contains(subcommand.usage), "\(subcommand.title)") }
        for command in CommandRegistry.all {
            for form in command.usage {
                #expect(page.contains("`\(form.replacingAll("|", with: "\\|"))`"), "\(form)")
            }
        }
        for backend in BackendRegistry.shipped {
            #expect(page.contains("`\(backend.info.id)` | \(backend.info.approach) | \(backend.info.year) |"))
        }
        #expect(page.contains("| `present` | Space, Enter |"))
        #expect(page.contains("| `quiz` |"))
        #expect(page.contains("| `kit watch` | h | hint |"))
        #expect(page.contains("| | q | quit |") || page.contains("|  | q | quit |"))
    }

    /// Between its markers a page gets the handout or a quiz's answers, read from a live run; the rest is kept.
    @Test func markersAreMadeAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("q.session", "#? Clock?\n#= clock: ???\n> :clock\n")
        let page = """
            # Page
            <!-- generated: bindlab handout -->
            stale
            <!-- end of the generated text -->
            between
            <!-- generated: bindlab quiz --answers q.session -->
            <!-- end of the generated text -->
            end
            """
        let made = try Handout.regenerated(page, root: folder.path)
        let lines = made.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "# Page")
        #expect(!lines.contains("stale"))
        #expect(made.contains(Handout.markdown().joined(separator: "\n")))
        #expect(made.contains("\nbetween\n"))
        #expect(made.hasSuffix("#### `q.session`\n\n1. Clock? — **auto**\n<!-- end of the generated text -->\nend"))
        #expect(try Handout.regenerated(made, root: folder.path) == made)
    }

    /// A marker without its end, or naming what a page is not made from, is an error at its line.
    @Test func badMarkersAreErrors() {
        #expect(
            throws: Handout.Failure(line: 2, message: "the marker has no <!-- end of the generated text --> below it")
        ) {
            try Handout.regenerated("x\n<!-- generated: bindlab handout -->\ny", root: ".")
        }
        #expect(
            throws: Handout.Failure(
                line: 1, message: "a page is made from bindlab handout or bindlab quiz --answers, not 'matrix'")
        ) {
            try Handout.regenerated("<!-- generated: bindlab matrix -->\n<!-- end of the generated text -->", root: ".")
        }
        #expect(throws: Handout.Failure.self) {
            try Handout.regenerated(
                "<!-- generated: bindlab quiz --answers nowhere.session -->\n<!-- end of the generated text -->",
                root: "/nonexistent")
        }
    }

    /// On the command line: the page alone; a FILE checked (a diff, exit 1, nothing written) or updated.
    @Test func theHandoutSubcommand() throws {
        let printed = runCLI(["handout"])
        #expect(printed.status == 0)
        #expect(printed.text == Handout.markdown().joined(separator: "\n") + "\n")
        let folder = try TemporaryFolder()
        let stale = "# Page\n<!-- generated: bindlab handout -->\nstale\n<!-- end of the generated text -->\n"
        let file = try folder.write("page.md", stale)
        let checked = runCLI(["handout", "--check", file])
        #expect(checked.status == 1)
        #expect(checked.text.contains("-stale\n"))
        #expect(checked.text.contains("drifted; make it again on purpose: bindlab handout --update \(file)"))
        #expect(try folder.read("page.md") == stale)
        #expect(runCLI(["handout", file]).status == 1)
        let updated = runCLI(["handout", "--update", file])
        #expect(updated.status == 0)
        #expect(updated.text == "\(file): updated\n")
        #expect(runCLI(["handout", file]).text == "\(file): up to date\n")
        #expect(runCLI(["handout", "--update", file]).text == "\(file): up to date\n")
        #expect(runCLI(["handout", "--check", "--update", file]).status == 2)
        #expect(runCLI(["handout", "--update"]).text.contains("--update needs a page"))
        #expect(runCLI(["handout", "--backend", "all"]).status == 2)
        #expect(runCLI(["handout", file, file]).status == 2)
        let plain = try folder.write("plain.md", "# Nothing generated\n")
        let unmarked = runCLI(["handout", plain])
        #expect(unmarked.status != 0)
        #expect(unmarked.text.contains("has no place for generated text"))
        #expect(runCLI(["handout", folder.path + "/missing.md"]).status != 0)
    }

    /// Docs/workshop.md's handout and teacher's answers are what bindlab makes of them now
    /// (`bindlab handout --update Docs/workshop.md` makes them again).
    @Test func theWorkshopPageIsCurrent() throws {
        let path = packageRoot + "/Docs/workshop.md"
        let text = String(decoding: try SessionFiles.contents(of: path), as: UTF8.self)
        #expect(text.contains("<!-- generated: bindlab handout -->"))
        #expect(text.contains("<!-- generated: bindlab quiz --answers"))
        let made = try Handout.regenerated(text, root: packageRoot)
        #expect(made == text, "Docs/workshop.md drifted: swift run bindlab handout --update Docs/workshop.md")
    }
}
