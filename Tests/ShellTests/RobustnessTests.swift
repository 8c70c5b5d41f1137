import BindingKit
import Foundation
import Playground
import Testing

@testable import Shell

/// Issue 13's defects that need no terminal: session files that are not
/// regular files, `--update` that settles, recordings that name their
/// backend, session matching, and lanes that free their queued work.
@Suite struct RobustnessTests {
    /// A FIFO with no writer is refused at once as a session, by `check`, `run` and `:run`, instead of blocking in `open`.
    @Test func aFIFOIsNotASession() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.session"
        try #require(mkfifo(fifo, 0o600) == 0)
        let message = "\(fifo): error: cannot read it: it is a FIFO (a named pipe), not a regular file"
        let checked = runCLI(["check", fifo])
        #expect(checked.status == 2)
        #expect(checked.text.contains(message))
        #expect(runCLI(["run", fifo]).text.contains(message))
        #expect(typed([":run \(fifo)"]).contains("cannot read it: it is a FIFO (a named pipe), not a regular file"))
    }

    /// `--update` never changes an input, and what it wrote passes: an input ending in a carriage return keeps it.
    @Test func updateSettlesOnCarriageReturns() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "m.session", bytes: Array("> :net\nnetwork: latency 1000 ms, failures off\n> a\r\r\n".utf8))
        let first = runCLI(["check", "--update", file])
        #expect(first.status == 0, "\(first.text)")
        let written = try Session.load(file)
        #expect(written.inputs == [":net", "a\r"])
        #expect(runCLI(["check", file]).status == 0)
        let again = runCLI(["check", "--update", file])
        #expect(again.text == "1 passed, 0 failed\n")
        #expect(try Session.load(file).inputs == [":net", "a\r"])
    }

    /// A line that only some backends print keeps its prefix through `--update` when its text starts with a combining mark (the `sessions` fuzz target found the mark joining the prefix's space, so the line read back as every backend's and the rewrite failed its own check); an escaping backslash before a mark is read as one too.
    @Test func updateKeepsAPrefixBeforeACombiningMark() throws {
        for printed in ["\u{360}elegate", "\u{301}", "\\\u{301}x", "\\", "[..]\u{301}"] {
            let parsed = try session("> a\nx\n")
            let runs = [(backend: "delegate", blocks: [[printed]]), (backend: "event-enum", blocks: [["y"]])]
            let lines = try #require(parsed.rewritten(expecting: runs))
            let reparsed = try session(parsed.text(of: lines))
            for run in runs {
                #expect(
                    reparsed.blocks[0].matches(run.blocks[0], for: run.backend), "\(printed.debugDescription): \(lines)"
                )
            }
            #expect(reparsed.rewritten(expecting: runs) == nil, "\(printed.debugDescription)")
        }
        // Inputs, narration and lines that would read as them, after a combining mark.
        let marked = try session("> \u{301}x\n#\u{301} said\n> b\n\\>\u{301}\n")
        #expect(marked.inputs == ["\u{301}x", "b"])
        #expect(marked.blocks[1].narration == ["\u{301} said"])
        #expect(marked.blocks[1].matches([">\u{301}"], for: "delegate"))
        for printed in [">\u{301}", "#\u{301}", "> \u{301}"] {
            let runs = [(backend: "delegate", blocks: [[printed]]), (backend: "event-enum", blocks: [[printed]])]
            let parsed = try session("> a\nx\n")
            let lines = try #require(parsed.rewritten(expecting: runs))
            let reparsed = try session(parsed.text(of: lines))
            #expect(reparsed.inputs == ["a"], "\(printed.debugDescription): \(lines)")
            for run in runs { #expect(reparsed.blocks[0].matches(run.blocks[0], for: run.backend), "\(lines)") }
        }
        // What the fuzzer found, as it found it.
        let found = try session("#.\n> :un\n\nobon\n\n\u{360}elegateobservablAhe sobservable-artiMl;s \n")
        let runs = [
            (backend: "delegate", blocks: [["obon", "", "\u{360}elegateobservablAhe sobservable-artiMl;s "]]),
            (backend: "event-enum", blocks: [["\u{360}elegateobservablAhe sobservable-artiMl;s ", "", "obon", ""]]),
        ]
        let lines = try #require(found.rewritten(expecting: runs))
        let reparsed = try session(found.text(of: lines))
        for run in runs { #expect(reparsed.blocks[0].matches(run.blocks[0], for: run.backend), "\(lines)") }
    }

    /// A line's own trailing carriage return survives a rewrite in a file of either line ending.
    @Test func textKeepsATrailingCarriageReturn() throws {
        for text in ["> a\r\r\nx\n", "> a\r\r\nx\r\n", "> :clock\n> b\r\r", "> :clock\r\nx\r\n"] {
            let parsed = try session(text)
            let reparsed = try session(parsed.text(of: parsed.lines))
            #expect(reparsed.lines == parsed.lines, "\(text.debugDescription)")
        }
    }

    /// A session recorded on a backend other than the default says so in its first input, and passes a plain `check`.
    @Test func recordingOnAnotherBackendPassesAPlainCheck() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/other.session"
        _ = typed([":use associated", ":record \(file)", "orders load 2", ":record stop"])
        let text = try folder.read("other.session")
        #expect(text.contains("\n> :use associated\n"))
        let checked = runCLI(["check", file])
        #expect(checked.status == 0, "\(checked.text)")
        #expect(checked.text.hasSuffix("1 passed, 0 failed\n"))
        let plain = folder.path + "/default.session"
        _ = typed([":record \(plain)", "orders load 2", ":record stop"])
        #expect(!(try folder.read("default.session")).contains("> :use"))
    }

    /// Dropping a lane whose main queue still holds work frees its world: nothing of it stays alive.
    @Test func aDroppedLaneFreesItsQueuedWork() throws {
        let shell = Shell(backends: [try BackendRegistry.resolve("output")[0]], output: BufferedOutput())
        shell.perform(":clock step")
        shell.perform("orders load")
        let (scheduler, tracer, world) = try { () throws -> (Weak<VirtualScheduler>, Weak<Tracer>, Weak<World>) in
            let lane = try #require(shell.playground.lanes.first)
            #expect(!lane.scheduler.isIdle)
            return (Weak(lane.scheduler), Weak(lane.world.tracer), Weak(lane.world))
        }()
        shell.perform(":use delegate")
        #expect(world.object == nil)
        #expect(scheduler.object == nil)
        #expect(tracer.object == nil)
    }

    /// A queued job that holds its own world (as a job holding a view does) is freed with the lane, world and all.
    @Test func aDroppedLaneFreesWorkThatHoldsItsWorld() throws {
        let shell = Shell(output: BufferedOutput())
        let world = try { () throws -> Weak<World> in
            let lane = try #require(shell.playground.lanes.first)
            let world = lane.world
            lane.scheduler.schedule(after: 5000) { _ = world.census.totalLive }
            return Weak(world)
        }()
        #expect(world.object != nil)
        shell.perform(":use delegate")
        #expect(world.object == nil)
    }

    /// An `observation` lane dropped while a re-render pass is still queued frees its world: the render queue and the loops waiting in it do not hold each other.
    @Test func aDroppedObservationLaneFreesItsPendingRenders() throws {
        let shell = Shell(backends: [try BackendRegistry.resolve("observation")[0]], output: BufferedOutput())
        shell.perform(":clock step")
        shell.perform("orders load")
        let (world, tracer) = try { () throws -> (Weak<World>, Weak<Tracer>) in
            let lane = try #require(shell.playground.lanes.first)
            #expect(!lane.scheduler.isIdle)
            #expect(lane.world.census.totalLive > 0)
            return (Weak(lane.world), Weak(lane.world.tracer))
        }()
        shell.perform(":use delegate")
        #expect(world.object == nil)
        #expect(tracer.object == nil)
    }

    /// The linear `...` matcher agrees with the quadratic table it replaced, on many small generated cases.
    @Test func lineMatchingAgreesWithTheReference() {
        var generator = SplitMix(seed: 13)
        let words = ["a", "b", "[..]", "a[..]"]
        for _ in 0..<20_000 {
            let patterns: [Session.Pattern] = (0..<generator.next(below: 7)).map { _ in
                generator.next(below: 3) == 0 ? .anyLines : .text(words[generator.next(below: words.count)])
            }
            let lines = (0..<generator.next(below: 7)).map { _ in ["a", "b", "ab"][generator.next(below: 3)] }
            #expect(
                SessionMatcher.matches(patterns, lines) == referenceMatches(patterns, lines),
                "\(patterns) against \(lines)")
        }
    }

    /// The reference: which prefixes of the lines the patterns so far can match, pattern by pattern.
    private func referenceMatches(_ patterns: [Session.Pattern], _ lines: [String]) -> Bool {
        var reachable = [Bool](repeating: false, count: lines.count + 1)
        reachable[0] = true
        for pattern in patterns {
            var next = [Bool](repeating: false, count: lines.count + 1)
            switch pattern {
            case .anyLines:
                var seen = false
                for j in 0...lines.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            case .text(let text):
                for j in 0..<lines.count where reachable[j] && SessionMatcher.matches(text, lines[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[lines.count]
    }
}

/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) { self.object = object }
}

/// A small deterministic generator, so generated cases are the same on every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
