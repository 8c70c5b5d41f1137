import Experiments
import Foundation
import Pictures
import Playground
import Testing

@testable import Shell

/// The package this test file is in: `…/Tests/ShellTests/ExportTests.swift` three folders up.
private let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = SessionFiles.folder(of: path) ?? "." }
    return path
}()

/// How many times `needle` occurs in `text`.
private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// A session's page, exported through the command line from a file holding `text`.
private func exportedPage(_ text: String, _ arguments: [String] = []) throws -> String {
    let folder = try TemporaryFolder()
    let session = try folder.write("a.session", text)
    let result = runCLI(["export"] + arguments + ["html", session])
    #expect(result.status == 0, "\(result.text.prefix(500))")
    return result.text
}

@Suite struct WellFormedXMLTests {
    /// The checker passes what XML allows and names the first thing it does not.
    @Test func checksTheForm() {
        let good = [
            "<!DOCTYPE html>\n<html xmlns=\"x\"><head><meta charset=\"utf-8\"/></head><body>a &amp; b &#60; &#x3C;</body></html>",
            "<?xml version=\"1.0\"?><!-- c --><svg a='1' b=\"2\"><![CDATA[<x>]]><g/></svg>\n",
        ]
        for text in good { #expect(throws: Never.self) { try WellFormedXML.check(text) } }
        let bad: [(String, String)] = [
            ("<a><b></a></b>", "</a> closes <b>"),
            ("<a>", "never closed"),
            ("<a>x < y</a>", "expected a name"),
            ("<a>AT&T</a>", "entity XML does not know"),
            ("<a>&nbsp;</a>", "entity XML does not know"),
            ("<a x=1/>", "not quoted"),
            ("<a x=\"1\" x=\"2\"/>", "repeats x"),
            ("<a/><b/>", "second root"),
            ("<a>\u{1B}</a>", "does not allow"),
            ("text", "outside the root"),
        ]
        for (text, message) in bad {
            #expect(throws: WellFormedXML.Failure.self, "\(text)") { try WellFormedXML.check(text) }
            do {
                try WellFormedXML.check(text)
            } catch {
                #expect(error.message.contains(message), "\(text): \(error)")
            }
        }
    }
}

@Suite struct SessionPageTests {
    /// A step per input: its narration as paragraphs (backticks as code), its command after its prompt; a screen action's instants with their times and screens; a marble per hop; another command's lines as it printed them.
    @Test func aStepPerInput() throws {
        let page = try exportedPage(
            "# Open the list: `orders load`.\n#\n# A second paragraph.\n> orders load 3\n> :clock\n")
        try WellFormedXML.check(page)
        #expect(count("<section class=\"step\"", in: page) == 2)
        #expect(page.contains("<p>Open the list: <code>orders load</code>.</p>\n<p>A second paragraph.</p>"))
        #expect(page.contains("<span class=\"prompt\">bindlab(delegate)&gt; </span><kbd>orders load 3</kbd>"))
        #expect(page.contains("<p class=\"time\">0 ms</p>") && page.contains("<p class=\"time\">1000 ms</p>"))
        #expect(page.contains("<div class=\"bar\">Orders (3)</div><pre>0  Order #0\n1  Order #1\n2  Order #2</pre>"))
        #expect(page.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"marbles\""))
        #expect(count("<g class=\"marble", in: page) == 6, "delegate's six hops for a load")
        #expect(page.contains("<summary>delegate: 6 hops (6 sync)</summary>"))
        #expect(page.contains("<pre class=\"output\">1000 ms, turn "), "a playground command's lines as printed")
    }

    /// Several backends: each instant that changed a screen shows every backend's, side by side, the ones that did not change marked; a lane of marbles per backend.
    @Test func everyBackendsScreensSideBySide() throws {
        let page = try exportedPage(
            "> :use delegate,output\n> orders load 3\n> orders rename 1 Gift\n", ["--backend", "delegate"])
        try WellFormedXML.check(page)
        let load = try #require(page.components(separatedBy: "<section class=\"step\" id=\"step-2\">").last)
            .components(separatedBy: "</section>")[0]
        #expect(count("<div class=\"screens\">", in: load) == 2)
        #expect(count("<figcaption>delegate</figcaption>", in: load) == 2)
        #expect(count("<figcaption>output</figcaption>", in: load) == 2)
        #expect(load.contains("<text class=\"lane\"") && count("<text class=\"lane\"", in: load) == 2)
        #expect(!load.contains("unchanged"), "both screens change at each instant of a load")
    }

    /// `:compare`: a table with a row per backend, the counts `:compare` prints for it.
    @Test func compareTables() throws {
        let text = "> :use delegate,output\n> orders load 3\n> :compare orders rename 1 Gift\n"
        let page = try exportedPage(text)
        try WellFormedXML.check(page)
        #expect(page.contains("<table class=\"compare\">"))
        #expect(page.contains("<tr><td>delegate</td><td class=\"number\">2</td><td class=\"number\">2</td>"))
        #expect(page.contains("<tr><td>output</td><td class=\"number\">4</td><td class=\"number\">2</td>"))
        let folder = try TemporaryFolder()
        let terminal = runCLI(["run", try folder.write("a.session", text)]).text
        #expect(terminal.contains("delegate     2     2       0        0        1          0            —"))
        #expect(terminal.contains("output       4     2       2        0        1          0          yes"))
    }

    /// What was typed and what the app shows is text, never markup: angle brackets, ampersands, quotes and a control character come out escaped.
    @Test func escapesWhatWasTyped() throws {
        let page = try exportedPage("> orders load 3\n> orders rename 1 \"<b>&'\\\"\"\n> ordrs <x>\n")
        try WellFormedXML.check(page)
        #expect(page.contains("&lt;b&gt;&amp;'&quot;"))
        #expect(!page.contains("<b>"))
        #expect(page.contains("<span class=\"error\">error: unknown command 'ordrs'"))
        #expect(HTML.escape("a\u{1B}b\u{7}") == "a\\u{1B}b\\u{7}")
    }

    /// The same session gives the same page, byte for byte; the page of every shipped session, and of the tour on every backend, is well-formed XML with every step.
    @Test(arguments: ShippedSessions.checked)
    func everyShippedSessionsPage(name: String) throws {
        try #require(name != ShippedSessions.missing)
        let path = packageRoot + "/" + name
        let session = try Session.load(path, name: name)
        let backends = name.hasSuffix("01-tour.session") ? BackendRegistry.inAll : [BackendRegistry.defaultBackend]
        let page = Exports.page(of: session, on: backends, width: nil, generator: nil, sourceRoot: packageRoot)
        do {
            try WellFormedXML.check(page.html)
        } catch {
            Issue.record("\(name): \(error)")
        }
        #expect(page.steps == session.blocks.count || session.inputs.contains(":quit"), "\(name)")
        #expect(!page.html.contains(" src=\"") && !page.html.contains("href=\"http"), "\(name): nothing to fetch")
        if name.hasSuffix("01-tour.session") || name.hasSuffix("marbles-delegate.session") {
            let again = Exports.page(of: session, on: backends, width: nil, generator: nil, sourceRoot: packageRoot)
            #expect(again.html == page.html, "\(name): the same input, the same bytes")
        }
    }
}

@Suite struct ExportWritingTests {
    /// `-o` writes a new file in the target's folder and renames it over the target: a symbolic link planted there is replaced, what it pointed to is left as it was, and no temporary file stays.
    @Test func aLinkAtTheTargetIsReplacedNotFollowed() throws {
        let folder = try TemporaryFolder()
        let session = try folder.write("a.session", "> orders load 2\n")
        let victim = try folder.write("victim.txt", "keep me\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/page.html", withDestinationPath: victim)
        let result = runCLI(["export", "html", session, "-o", folder.path + "/page.html"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("wrote \(folder.path)/page.html: 1 step, "))
        #expect(try folder.read("victim.txt") == "keep me\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/page.html")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try folder.read("page.html").hasPrefix("<!DOCTYPE html>"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "a.session", "page.html", "victim.txt",
            ])
        let unwritable = runCLI(["export", "html", session, "-o", folder.path + "/no/such/page.html"])
        #expect(unwritable.status == 2 && unwritable.text.contains("cannot write it: no such file or directory"))
    }

    /// A session being checked, run, presented or exported writes nothing: its `:export` is refused in one line; at the prompt (or `-c`) it writes.
    @Test func aSessionWritesNothing() throws {
        let folder = try TemporaryFolder()
        let target = folder.path + "/out.html"
        let session = try folder.write("a.session", "> orders load 2\n> :export html \(target)\n")
        // How the refusal goes on may say which command line lets a session write.
        let refusal = "\(target): not written: a session being "
        let checked = runCLI(["check", session])
        #expect(checked.status == 1)
        #expect(count(refusal, in: checked.text) == 1)
        let run = runCLI(["run", session])
        #expect(run.status == 2 && run.text.contains("error: \(refusal)"))
        let presented = runCLI(["present", session], stdin: ["", "", "", "q"])
        #expect(presented.text.contains(refusal))
        let exported = runCLI(["export", "html", session])
        #expect(exported.text.contains("<span class=\"error\">error: \(refusal)exported writes no files"))
        #expect(!FileManager.default.fileExists(atPath: target))
        let typed = runCLI(["-c", "orders load 2; :export html \(target)"])
        #expect(typed.status == 0 && typed.text.contains("wrote \(target): 1 step, "))
        #expect(FileManager.default.fileExists(atPath: target))
    }

    /// `run --allow-write DIR` lets a session's `:export` write inside DIR, as it lets `:record` (the page of the session's lines so far); nowhere else.
    @Test func aSessionWritesWhereTheCommandLineAllows() throws {
        let folder = try TemporaryFolder()
        let other = try TemporaryFolder()
        let inside = folder.path + "/in.html"
        let outside = other.path + "/out.html"
        let session = try folder.write(
            "a.session", "> orders load 2\n> :export html \(inside)\n> :export html \(outside)\n")
        let run = runCLI(["run", "--allow-write", folder.path, session])
        #expect(run.text.contains("wrote \(inside): 1 step, "))
        #expect(run.status == 2 && run.text.contains("error: \(outside): not written: a session being replayed"))
        // The page is of the session's lines run so far.
        #expect(try String(contentsOfFile: inside, encoding: .utf8).contains("orders load 2</"))
        #expect(!FileManager.default.fileExists(atPath: outside))
        let presented = folder.path + "/presented.html"
        let steps = try folder.write("b.session", "# Two rows.\n> orders load 2\n> :export html \(presented)\n")
        _ = runCLI(["present", "--allow-write", folder.path, steps], stdin: ["", "", "", "q"])
        let page = try String(contentsOfFile: presented, encoding: .utf8)
        #expect(page.contains("orders load 2</") && page.contains("Two rows."))
    }

    /// The lines kept for `:export html` stop at `:save`'s capacity, as `:save`'s do: past it the
    /// journal keeps nothing more, and `:export html` says why it makes no page instead of a page
    /// that misses lines.
    @Test func theJournalOfTheLinesRunHasACap() throws {
        let folder = try TemporaryFolder()
        let shell = Shell(backends: try BackendRegistry.resolve("delegate"), output: BufferedOutput())
        let journal = shell.sessions.pageJournal
        for _ in 0..<ExportJournal.capacity {
            journal.note("orders load 2", backends: shell.playground.backends, columns: 80)
        }
        #expect(journal.entries.count == ExportJournal.capacity && !journal.overflowed)
        journal.note("orders load 2", backends: shell.playground.backends, columns: 80)
        #expect(journal.overflowed)
        #expect(journal.entries.isEmpty, "what was kept is let go")
        let target = folder.path + "/typed.html"
        #expect(throws: ShellError.self) { try shell.execute(":export html \(target)") }
        do {
            try shell.execute(":export html \(target)")
        } catch {
            #expect(error.message.contains("more than \(ExportJournal.capacity) lines were run"))
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// `:export html` at the prompt replays what was typed from a fresh start: its steps are the page of a session of the same lines, the narration typed with `#` included, the writing lines left out.
    @Test func thePromptsPageIsTheSessionsPage() throws {
        let folder = try TemporaryFolder()
        let target = folder.path + "/typed.html"
        let typed = runCLI(
            [
                "--backend", "output", "-c",
                "# The list.; orders load 3; ordrs; :export html \(folder.path)/first.html; orders select 1; "
                    + ":export html \(target)",
            ])
        #expect(typed.status == 2, "ordrs failed")
        let page = try folder.read("typed.html")
        let session = try exportedPage("> :use output\n# The list.\n> orders load 3\n> ordrs\n> orders select 1\n")
        /// Each step's section without its command line (its number and prompt).
        func bodies(_ page: String) -> [String] {
            page.components(separatedBy: "<section class=\"step\" id=\"step-").dropFirst().map { section in
                section.components(separatedBy: "</section>")[0].split(separator: "\n")
                    .filter { !$0.hasPrefix("<p class=\"command\">") }.dropFirst().joined(separator: "\n")
            }
        }
        // The session's first step is its :use; the prompt started on output.
        #expect(bodies(page) == Array(bodies(session).dropFirst()))
        #expect(bodies(page).count == 3)
        #expect(page.contains("<p>The list.</p>"))
        #expect(!page.contains("<meta name=\"generator\""), "a prompt's page cannot be made again")
    }
}

@Suite struct MatrixExportTests {
    /// The matrix run once, for every test here.
    static let table = MatrixTable(running: BackendRegistry.all)

    /// The matrix read back from `matrix --json` (Foundation's parser, not bindlab's writer).
    static func decode(_ text: String) throws -> MatrixTable {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let backends = try #require(object["backends"] as? [[String: Any]]).map { backend in
            MatrixTable.Backend(
                id: try #require(backend["id"] as? String), approach: try #require(backend["approach"] as? String),
                variant: backend["variant"] as? String, article: try #require(backend["article"] as? String),
                year: try #require(backend["year"] as? Int))
        }
        var rows: [MatrixTable.Row] = []
        var findings: [[MatrixTable.Cell]] = []
        for experiment in try #require(object["experiments"] as? [[String: Any]]) {
            rows.append(
                MatrixTable.Row(
                    name: try #require(experiment["name"] as? String),
                    question: try #require(experiment["question"] as? String),
                    columns: try #require(experiment["columns"] as? [String]),
                    method: try #require(experiment["method"] as? String)))
            let cells = try #require(experiment["findings"] as? [[String: Any]])
            #expect(cells.map { $0["backend"] as? String } == backends.map(\.id))
            findings.append(
                try cells.map { cell in
                    MatrixTable.Cell(
                        verdict: try #require(cell["verdict"] as? String),
                        cells: try #require(cell["cells"] as? [String]),
                        notes: try #require(cell["notes"] as? [String]))
                })
        }
        return MatrixTable(backends: backends, experiments: rows, findings: findings)
    }

    /// `matrix --json` round-trips: the table read back from it is the table the experiments gave, and lays out the very tables `matrix` and `matrix --markdown` print.
    @Test func theJSONRoundTripsToTheSameTable() throws {
        let json = runCLI(["matrix", "--json"])
        #expect(json.status == 0)
        let decoded = try Self.decode(json.text)
        #expect(decoded == Self.table)
        #expect(
            runCLI(["matrix", "--width", "100"]).text == Report.matrix(decoded, width: 100).joined(separator: "\n")
                + "\n")
        #expect(Report.markdown(decoded) == Report.markdown(Self.table))
        #expect(MatrixJSON.text(decoded, generator: "bindlab matrix --json") == json.text)
    }

    /// The page: the legend before the filters before the table, a cell per experiment and backend, each with its id, its link and its evidence, coloured by whether it differs from its row's common verdict; one inline script, written without `<` or `&`.
    @Test func thePage() throws {
        let page = MatrixPage(table: Self.table, generator: "bindlab matrix --html").html
        try WellFormedXML.check(page)
        let legend = try #require(page.range(of: "<section class=\"legend\""))
        let filters = try #require(page.range(of: "<form class=\"filters\""))
        let matrix = try #require(page.range(of: "<table class=\"matrix\""))
        #expect(legend.lowerBound < filters.lowerBound && filters.lowerBound < matrix.lowerBound)
        let cells = Self.table.experiments.count * Self.table.backends.count
        #expect(count("<td id=\"", in: page) == cells)
        #expect(count("<details><summary>", in: page) == cells)
        for (row, experiment) in Self.table.experiments.enumerated() {
            for (column, backend) in Self.table.backends.enumerated() {
                let id = "\(experiment.name).\(backend.id)"
                let finding = Self.table.findings[row][column]
                let kind =
                    finding.isNotPossible
                    ? "na" : (finding.verdict == Self.table.commonVerdict(ofRow: row) ? "common" : "differs")
                #expect(
                    page.contains("<td id=\"\(id)\" class=\"\(kind)\" data-approach=\"\(backend.approach)\">"), "\(id)")
                #expect(page.contains("<a class=\"cell-link\" href=\"#\(id)\""), "\(id)")
            }
        }
        #expect(count("<script>", in: page) == 1)
        #expect(!MatrixPage.script.contains("<") && !MatrixPage.script.contains("&"))
        let approaches = Set(Self.table.backends.map(\.approach))
        #expect(count("data-filter=\"approach\"", in: page) == approaches.count)
        #expect(count("data-filter=\"experiment\"", in: page) == Self.table.experiments.count)
    }

    /// The common verdict of a row is the one most backends share; none when no two share one; `n/a` never counts.
    @Test func theCommonVerdict() {
        func cell(_ verdict: String) -> MatrixTable.Cell {
            MatrixTable.Cell(verdict: verdict, cells: [verdict], notes: [])
        }
        let table = MatrixTable(
            backends: [], experiments: [],
            findings: [
                [cell("a"), cell("b"), cell("b")], [cell("a"), cell("b")], [cell("n/a"), cell("n/a"), cell("x")],
            ])
        #expect(table.commonVerdict(ofRow: 0) == "b")
        #expect(table.commonVerdict(ofRow: 1) == nil)
        #expect(table.commonVerdict(ofRow: 2) == nil)
    }
}

@Suite struct DiffPageTests {
    /// Every pair of two backends a section, every row of a hunk side by side, a changed line marked on both sides; a file one backend has alone shown whole on its side.
    @Test func everyPairSideBySide() throws {
        let page = try DiffPage.make(["delegate", "event-enum"], sourceRoot: packageRoot, generator: nil)
        let html = page.html
        try WellFormedXML.check(html)
        #expect(count("<section class=\"pair\"", in: html) == page.pairing.pairs.count)
        #expect(html.contains("<tr class=\"changed\"><td class=\"n removed\">- "))
        #expect(html.contains("</td><td class=\"n added\">+ "))
        let alone = try #require(page.pairing.pairs.first { $0.left == nil })
        let lines = FileDiff.lines(of: try page.sources.text(of: page.pairing.right.folder + "/" + (alone.right ?? "")))
        let section = try #require(html.components(separatedBy: "id=\"role-\(HTML.slug(alone.role))\"").last)
            .components(separatedBy: "</section>")[0]
        #expect(count("<tr class=\"right-only\">", in: section) == lines.count)
    }

    /// A role picks one pair, as `:diff` takes it; variants that share a folder say so; an unknown role is one line with the roles.
    @Test func oneRoleAndVariants() throws {
        let one = try DiffPage.make(
            ["delegate", "dynamic", "orders", "view", "model"], sourceRoot: packageRoot, generator: nil)
        #expect(one.pairs.map(\.role) == ["orders view model"])
        #expect(count("<section class=\"pair\"", in: one.html) == 1)
        let variants = try DiffPage.make(["observable", "observable-article"], sourceRoot: packageRoot, generator: nil)
        #expect(variants.html.contains("share Sources/Backends/Observable/: the same files"))
        let folder = try TemporaryFolder()
        let wrong = runCLI(["-c", ":export diff delegate dynamic nonsense \(folder.path)/x.html"])
        #expect(wrong.status == 2 && wrong.text.contains("no role or file 'nonsense'"))
        let written = runCLI(["-c", ":export diff delegate dynamic \(folder.path)/x.html"])
        let pairs = SourcePairing(
            try #require(BackendRegistry.backend("delegate")), try #require(BackendRegistry.backend("dynamic")),
            in: PackageSources(root: packageRoot)
        ).pairs.count
        #expect(written.text.hasPrefix("wrote \(folder.path)/x.html: \(pairs) roles, "))
    }
}

@Suite struct ExportGoldenTests {
    static let folder = packageRoot + "/Docs/pages"

    /// Docs/pages holds the pages of two shipped sessions, and the matrix as a page and as JSON; each is byte for byte what its generator makes now (re-make them on purpose: swift run bindlab export --update Docs/pages).
    @Test func thePagesCheckedInAreWhatTheirGeneratorsMake() throws {
        let pages =
            try SessionFiles.tree(in: Self.folder, endingIn: ".html")
            + SessionFiles.tree(in: Self.folder, endingIn: ".json")
        #expect(pages.count >= 4, "\(pages)")
        for path in pages {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let generator = try #require(
                path.hasSuffix(".json") ? CLI.jsonGenerator(of: text) : HTML.generator(of: text), "\(path)")
            let made = try Exports.make(try CLI.request(generator: generator), root: packageRoot, shippedOnly: true)
                .text
            if path.hasSuffix(".html") {
                do {
                    try WellFormedXML.check(text)
                } catch {
                    Issue.record("\(path): \(error)")
                }
            }
            let old = BufferedOutput.lines(of: text)
            let new = BufferedOutput.lines(of: made)
            let first =
                zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
            #expect(
                made == text,
                """
                \(path) differs from what '\(generator)' makes now, from its line \(first + 1) on \
                (now: \(first < new.count ? String(new[first].prefix(120)) : "nothing")); re-make it on purpose: \
                swift run bindlab export --update Docs/pages
                """)
        }
    }

    /// `export --check` names a page that drifted with a diff and exits 1; `--update` rewrites it, then it checks; a page whose generator is not an export is refused.
    @Test func checkAndUpdate() throws {
        let folder = try TemporaryFolder()
        let session = try folder.write("a.session", "> orders load 2\n")
        let page = folder.path + "/a.html"
        #expect(runCLI(["export", "html", session, "-o", page]).status == 0)
        #expect(runCLI(["export", "--check", folder.path]).text == "1 up to date, 0 drifted\n")
        try folder.write("a.session", "> orders load 3\n")
        let drifted = runCLI(["export", "--check", page])
        #expect(drifted.status == 1)
        #expect(drifted.text.contains("--- \(page) (checked in)") && drifted.text.contains("Orders (3)"))
        #expect(runCLI(["export", "--update", page]).text == "updated \(page)\n1 page, 1 updated\n")
        #expect(runCLI(["export", "--check", page]).status == 0)
        let planted = try folder.write(
            "b.html", HTML.page(title: "x", generator: "bindlab check --update \(session)", style: "", body: ""))
        let refused = runCLI(["export", "--check", planted])
        #expect(refused.status == 2 && refused.text.contains("not an export's command line"))
        let none = try folder.write("c.html", "<html/>")
        #expect(runCLI(["export", "--check", none]).text.contains("names no generator"))
    }
}

@Suite struct ExportCommandLineTests {
    /// What `export` and `matrix` refuse, each in a line with the usage: a missing or unknown kind, two sessions, `--html` with `--json` or `--markdown`, `-o` without a page, `--check` with options a page states itself.
    @Test func refusals() {
        let cases: [([String], String)] = [
            (["export"], "say what to export: html SESSION, or diff NAME NAME [ROLE]"),
            (["export", "pdf", "x"], "unknown argument 'pdf'"),
            (["export", "html"], "name the session to export"),
            (["export", "html", "a", "b"], "one session a page"),
            (["export", "diff", "delegate"], "name two backends"),
            (["export", "--backend", "output", "diff", "delegate", "output"], "--backend is for a session's page"),
            (["export", "html", "/no/such.session"], "cannot read it: no such file or directory"),
            (["matrix", "--html", "--json"], "--html or --json, one at a time"),
            (["matrix", "--html", "--markdown"], "--markdown --update FILE rewrites a markdown page"),
            (["matrix", "-o", "x.html"], "-o writes the page or the data: add --html or --json"),
            (["export", "--check", "--width", "100", "x"], "--width: each page names how it was made"),
            (["export", "--check", "--update", "x"], "--check or --update, not both"),
            (["-c", ":export"], "say what to export: html or diff"),
            (["-c", ":export html"], "name the file to write"),
        ]
        for (arguments, message) in cases {
            let result = runCLI(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.text.contains(message), "\(arguments): \(result.text)")
        }
        #expect(runCLI(["export", "--help"]).text.contains("export html SESSION"))
    }
}
