import Kit
import Testing

/// The state file: what `kit verify` and `kit watch` keep between runs.
@Suite struct KitStateTests {
    /// A state reads back as it was written.
    @Test func roundTrip() throws {
        var state = KitState(name: "mine", from: "blank", current: 4)
        state.passed = [1, 2, 3]
        state.hints = [1: 2, 4: 1]
        let read = try #require(KitState(text: state.text))
        #expect(read == state)
        #expect(state.text.contains("passed 1 2 3\n"))
    }

    /// Unknown lines, comments and numbers out of range are passed over; a file naming no kit is none.
    @Test func readsWhatItKnows() throws {
        let read = try #require(
            KitState(text: "# a note\nname mine\ncolour blue\ncurrent 42\npassed 1 0 12 x 3\nhints 2:1 99:3 x:y 3:-1\n")
        )
        #expect(read.name == "mine")
        #expect(read.from == "delegate")
        #expect(read.current == 9)
        #expect(read.passed == [1, 3])
        #expect(read.hints == [2: 1])
        #expect(KitState(text: "current 3\n") == nil)
        #expect(KitState(text: "") == nil)
    }

    /// A kit is done when all nine tasks passed.
    @Test func doneWhenEveryTaskPassed() {
        var state = KitState(name: "mine", from: "delegate")
        state.passed = Set(1...8)
        #expect(!state.isDone)
        state.passed.insert(9)
        #expect(state.isDone)
    }
}
