import BindingKit
import Playground
import Shell
import Testing

@testable import Experiments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A backend that implements nothing of the probe contract.
private struct SilentBackend: BindingBackend {
    let info = BackendInfo(id: "silent", summary: "no experiments", article: "none", year: 2026)

    func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen { Blank() }
    func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen { Blank() }

    final class Blank: Screen {
        let title = Label("blank")
        let widgets: [any Widget] = []
    }
}

@Suite struct ExperimentsUnitTests {
    /// A backend without the probe contract gets "n/a" in every cell and the default's reason.
    @Test func aBackendWithoutTheContractIsShownAsNotPossible() {
        for experiment in Experiments.all where experiment.name != "glue" {
            let finding = experiment.run(on: SilentBackend())
            #expect(finding.cells.allSatisfy { $0 == "n/a" }, "\(experiment.name)")
            #expect(finding.notes.contains { $0.contains("does not take part in the experiments yet") })
        }
    }

    /// Names are found with spaces, hyphens or underscores, in any case.
    @Test func experimentsAreFoundByTheirNamesWrittenAnyWay() {
        #expect(Experiments.named("bind twice")?.name == "bind-twice")
        #expect(Experiments.named("Release_In-Flight")?.name == "release-in-flight")
        #expect(Experiments.named("bind") == nil)
    }

    /// Experiment names are unique, and each explains itself for :help :probe.
    @Test func experimentsAreUniqueAndExplained() {
        #expect(Set(Experiments.all.map(\.name)).count == Experiments.all.count)
        for experiment in Experiments.all {
            #expect(experiment.question.hasSuffix("?"), "\(experiment.name)")
            #expect(experiment.method.count > 40, "\(experiment.name)")
        }
    }

    /// Code lines leave out blank lines, line comments and block comments.
    @Test func glueLinesLeaveOutCommentsAndBlanks() {
        let text = """
            // header
            import BindingKit

            /// Doc.
            final class A {
                /* a block
                   comment */
                let x = 1  // trailing comments count as code
            }
            /* one line */
            """
        #expect(GlueSources.codeLines(text) == 4)
    }

    /// The glue folder comes from the backend's module: DelegateBackend → Delegate.
    @Test func theGlueFolderIsTheBackendModules() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        #expect(GlueSources.folder(of: delegate) == "Sources/Backends/Delegate/Glue")
        let eventEnum = try #require(BackendRegistry.backend("event-enum"))
        #expect(GlueSources.folder(of: eventEnum) == "Sources/Backends/EventEnum/Glue")
    }

    /// The terminal matrix splits its backends into tables that fit the width.
    @Test func theMatrixFitsItsWidth() {
        let lines = Report.matrix(BackendRegistry.all, width: 40)
        #expect(lines.allSatisfy { $0.displayWidth <= 40 || $0.split(separator: " ").count <= 3 })
        #expect(lines.filter { $0.hasPrefix("experiment ") }.count > 1)
        let wide = Report.matrix(BackendRegistry.all, width: 1000)
        #expect(wide.filter { $0.hasPrefix("experiment ") }.count == 1)
    }

    /// Table columns are padded to their widest cell, without trailing spaces.
    @Test func tablesAlignTheirColumns() {
        #expect(Report.table([["a", "bb"], ["ccc", "d"]]) == ["a    bb", "ccc  d"])
    }

    /// The markdown form has a column per backend and a row per experiment, and escapes pipes.
    @Test func theMarkdownHasAColumnPerBackendAndARowPerExperiment() {
        let lines = Report.markdown(BackendRegistry.all)
        for backend in BackendRegistry.all {
            #expect(lines[0].contains("[`\(backend.info.id)`](\(backend.info.approach).md)"))
        }
        #expect(lines[0].split(separator: "|").count == BackendRegistry.all.count + 1)
        for experiment in Experiments.all {
            #expect(lines.contains { $0.hasPrefix("| \(experiment.name) |") })
        }
        #expect(
            lines.filter { $0.hasPrefix("| ") }.allSatisfy {
                $0.split(separator: "|").count == BackendRegistry.all.count + 1
            })
    }
}

@Suite struct ReportWrappingTests {
    /// Notes wrap at spaces within the width, later lines indented; a long word stays whole.
    @Test func notesWrapAtSpaces() {
        let lines = Report.wrapped("  id: one two three four", width: 12, indent: "    ")
        #expect(lines == ["  id: one", "    two", "    three", "    four"])
        #expect(Report.wrapped("abcdefghijklmnop q", width: 5, indent: " ") == ["abcdefghijklmnop", " q"])
    }
}

@Suite struct ProbeLayoutTests {
    /// A table too wide for the width becomes a block per backend, a line per column.
    @Test func aTableTooWideBecomesBlocks() throws {
        let listeners = try #require(Experiments.named("listeners"))
        let narrow = Report.probe(listeners, on: BackendRegistry.all, width: 40)
        #expect(narrow.allSatisfy { $0.displayWidth <= 40 || !$0.contains(" ") })
        #expect(narrow.contains("delegate"))
        #expect(narrow.contains { $0.hasPrefix("  second view: ") })
        let wide = Report.probe(listeners, on: BackendRegistry.all, width: 200)
        #expect(wide[1].hasPrefix("backend "))
    }
}

@Suite struct IsolationTests {
    /// One child running every job of a backend in turn finds what a child of each job alone finds,
    /// for every job it reaches (all of them unless one traps), the first always; so what is kept
    /// from a child stands for a child of its own.
    @Test(arguments: BackendRegistry.inAll.map(\.info.id))
    func aChildOfSeveralJobsFindsWhatEachAloneFinds(backend id: String) throws {
        let backend = try #require(BackendRegistry.backend(id))
        let names = Isolation.jobs.keys.sorted()
        let together = Isolation.runInChild(names, on: backend)
        #expect(together[names[0]] != nil)
        for name in names {
            let alone = try #require(Isolation.runInChild([name], on: backend)[name])
            if case .unavailable(let reason) = alone { Issue.record("no child for \(name): \(reason)") }
            if let found = together[name] { #expect(found == alone, "\(id) \(name)") }
        }
        // Reached in order: the jobs after the first one missing are missing too.
        let reached = names.prefix { together[$0] != nil }
        #expect(together.count == reached.count)
    }

    /// Children that run several backends' jobs, in two chains side by side (as `:probe` on `all`
    /// runs them), find what a chain of each backend's own children finds; every job gets an outcome.
    @Test func childrenOfSeveralBackendsFindWhatEachBackendsChildrenFind() {
        let lists = BackendRegistry.inAll.map { backend in
            Isolation.jobs.keys.sorted().map { Isolation.Ask(backend: backend.info.id, job: $0) }
        }
        let mixed = Isolation.runInChildren(Isolation.chains(of: lists, count: 2))
        let apart = Isolation.runInChildren(lists)
        #expect(mixed.count == lists.joined().count)
        for ask in lists.joined() {
            #expect(mixed[ask] == apart[ask], "\(ask.backend) \(ask.job)")
            if case .unavailable(let reason)? = mixed[ask] { Issue.record("\(ask.backend) \(ask.job): \(reason)") }
        }
    }

    /// A child ended by a trap's signal trapped; one ended by a Ctrl-C or a kill from outside says
    /// nothing of its job, and what it says is not kept (the same job is run again when asked).
    @Test func onlyATrapsSignalIsATrap() {
        let lines = ["Fatal error: Attempted to read an unowned reference but object 0x5590ab was already destroyed"]
        for signal in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS] {
            guard case .trapped(let message, signal) = Isolation.ended(by: signal, lines: lines) else {
                Issue.record("signal \(signal) is a trap")
                continue
            }
            #expect(message.hasPrefix("Fatal error: Attempted to read an unowned reference"))
        }
        for signal in [SIGINT, SIGTERM, SIGKILL, SIGHUP] {
            let outcome = Isolation.ended(by: signal, lines: lines)
            #expect(!outcome.isLasting, "signal \(signal)")
            if case .unavailable(let reason) = outcome { #expect(reason.contains("was stopped by")) }
        }
    }

    /// Chains keep each backend's jobs together and in order, and are about the same length.
    @Test func chainsKeepABackendsJobsTogether() {
        let lists = [5, 1, 4, 2, 3].enumerated().map { index, count in
            (0..<count).map { Isolation.Ask(backend: "b\(index)", job: "j\($0)") }
        }
        let chains = Isolation.chains(of: lists, count: 2)
        #expect(chains.count == 2)
        #expect(chains.map(\.count).sorted() == [7, 8])
        #expect(Set(chains.joined()) == Set(lists.joined()))
        for list in lists {
            let chain = chains.first { $0.contains(list[0]) } ?? []
            let start = chain.firstIndex(of: list[0]) ?? 0
            #expect(Array(chain[start..<min(chain.count, start + list.count)]) == list)
        }
        #expect(Isolation.chains(of: lists, count: 9).count == 5, "no more chains than backends")
    }

    /// The child's words: a backend, then its jobs, then another backend and its jobs; anything else is the usage.
    @Test(arguments: [
        ["delegate"], ["read-back"], ["delegate", "read-back", "event-enum"], ["delegate", "no-such-job"],
        ["no-such-backend", "read-back"], ["delegate", "event-enum", "read-back"],
    ])
    func aChildRefusesWordsItDoesNotKnow(words: [String]) {
        var written: [String] = []
        #expect(!Isolation.runChild(words) { written.append($0) })
        #expect(written.count == 1)
        #expect(written.first?.hasPrefix("usage: bindlab __probe-child BACKEND JOB… [BACKEND JOB…]…") == true)
    }
}
