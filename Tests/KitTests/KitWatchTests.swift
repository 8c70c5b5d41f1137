import Kit
import Testing

@testable import Shell

/// Events given up front, for `kit watch`'s loop.
final class ScriptedWatchEvents: WatchEvents {
    private var events: [WatchEvent]
    private(set) var pauses = 0

    init(_ events: [WatchEvent]) {
        self.events = events
    }

    func next() -> WatchEvent { events.isEmpty ? .ended : events.removeFirst() }
    func pause() { pauses += 1 }
    func resume() {}
    var watching: String { "scripted" }
}

/// `kit watch`'s keys and saves, on a kit of its own, its builds stood in for.
@Suite struct KitWatchTests {
    /// A kit in a package of its own, and a watch whose verify records what it was asked.
    final class Fixture {
        let package: TemporaryFolder
        let kit: KitFolder
        let output = BufferedOutput()
        var verified: [Int?] = []

        init() throws {
            package = try TemporaryFolder.package()
            kit = KitFolder(root: package.path)
            _ = try kit.create(name: "mine", from: "delegate", force: false)
        }

        func watch(_ events: [WatchEvent]) throws -> String {
            let watch = KitWatch(folder: kit, output: output, style: Style(enabled: false), mode: .manual) {
                [weak self] task throws(ShellError) in self?.verified.append(task)
            }
            try watch.loop(ScriptedWatchEvents(events))
            return output.take()
        }

        deinit { package.remove() }
    }

    /// It verifies at once, again on each save and on r, and quits on q with the progress kept.
    @Test func verifiesOnStartOnSaveAndOnR() throws {
        let fixture = try Fixture()
        let text = try fixture.watch([.changed, .key("r"), .key("q"), .changed])
        #expect(fixture.verified.count == 3)
        #expect(fixture.verified.allSatisfy { $0 == nil }, "the task in hand is the first pending one: in order")
        #expect(text.contains("kit watch: done"))
        #expect(text.contains(KitWatch.keys))
    }

    /// h shows the next hint each time, then says there are no more; the count survives a restart.
    @Test func hintsAreProgressiveAndKept() throws {
        let fixture = try Fixture()
        let task = try #require(Curriculum.task(1))
        let first = try fixture.watch([.key("h"), .key("h")])
        #expect(first.contains("hint 1 of 3:") && first.contains("hint 2 of 3:") && !first.contains("hint 3 of 3:"))
        #expect(try fixture.kit.state()?.hints[1] == 2)
        let again = try fixture.watch([.key("h"), .key("h")])
        #expect(again.contains("hint 3 of 3:"))
        #expect(again.contains("no more hints for task 1"))
        #expect(!again.contains("hint 1 of 3:"))
        #expect(try fixture.kit.state()?.hints[1] == task.hints.count)
    }

    /// n moves to the next task, keeps its start and verifies it alone; l lists the tasks with the one in hand.
    @Test func nextTaskAndList() throws {
        let fixture = try Fixture()
        let text = try fixture.watch([.key("n"), .key("l")])
        #expect(fixture.verified == [nil, 2])
        #expect(try fixture.kit.state()?.current == 2)
        #expect(text.contains(" · 2  select and back ◀ in hand"))
        #expect(text.contains("0 of 9 done"))
        #expect(!fixture.kit.slot.files(under: ".kit/start/task-2", hidden: true).isEmpty)
    }

    /// x asks first: anything but y keeps the files; y puts the task's files back as it began, and verifies.
    @Test func resetAsksFirst() throws {
        let fixture = try Fixture()
        let path = "Sources/Backends/Workshop/Orders/OrdersViewModel.swift"
        let start = try #require(fixture.package.read(path))
        try fixture.package.write(path, "// half done\n")
        let kept = try fixture.watch([.key("x"), .key("n")])
        #expect(kept.contains("back as task 1 began? y/N") && kept.contains("kept as they are"))
        #expect(fixture.package.read(path) == "// half done\n")
        var state = try #require(try fixture.kit.state())
        state.current = 1
        try fixture.kit.save(state)
        fixture.verified = []
        let reset = try fixture.watch([.key("x"), .key("y")])
        #expect(reset.contains("reset: "))
        #expect(fixture.package.read(path) == start)
        #expect(fixture.verified == [nil, nil])
    }

    /// A key it does not know shows the keys; the end of the input quits.
    @Test func otherKeysShowTheKeys() throws {
        let fixture = try Fixture()
        let text = try fixture.watch([.key("?")])
        #expect(text.components(separatedBy: KitWatch.keys).count == 3)
        #expect(text.hasSuffix("kit watch: done (your progress is in Sources/Backends/Workshop/.kit/state)\n"))
    }
}
