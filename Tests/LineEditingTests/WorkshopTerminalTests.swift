import Foundation
import Testing

/// The workshop's two hands-on modes on a real terminal (issue 19): a quiz
/// answered as an attendee types, and a presentation that hands the prompt
/// back and takes it again.
@Suite(.serialized) struct WorkshopTerminalTests {
    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions").path

    /// One answer right, one wrong: each verdict is read from what the command printed; Ctrl-D ends the quiz with the score.
    @Test func aQuizAnsweredRightThenWrong() throws {
        let run = try DemoRun(
            program: "bindlab", arguments: ["quiz", Self.sessions + "/quizzes/01-delegate.session"],
            variables: ["NO_COLOR": "1"])
        try run.terminal.expect("Question 1 of 5: Warm-up")
        try run.terminal.expect("your answer: ")
        try run.terminal.send("100\r")
        try run.terminal.expect("Orders (100)")
        try run.terminal.expect("Question 1: ✓ right: 100")
        try run.terminal.expect("Question 2 of 5")
        try run.terminal.expect("your answer: ")
        try run.terminal.send("5\r")
        try run.terminal.expect("delegate: 6 hops (6 sync)")
        try run.terminal.expect("Question 2: ✗ wrong: you said 5; the run printed 6")
        try run.terminal.expect("your answer: ")
        try run.terminal.send("\u{4}")
        try run.terminal.expect("(the quiz ends at question 3 of 5)")
        try run.terminal.expect("Score: 1 of 2 right (1 wrong)")
        #expect(try run.terminal.waitForExit() == 0)
        #expect(run.terminal.isCanonical)
    }

    /// `!` drops to the live prompt at the current step; a command runs there; `:resume` goes back to the same
    /// step, and the session runs to its end; the terminal is as it was.
    @Test func presentHandsThePromptBackAndResumes() throws {
        let run = try DemoRun(
            program: "bindlab", arguments: ["present", Self.sessions + "/03-orders-select-back.session"])
        try run.terminal.expect("15 steps")
        try run.terminal.waitForEditing()
        try run.terminal.send(" ")
        try run.terminal.expect("Orders (100)")
        try run.terminal.send("!")
        try run.terminal.expect("(the prompt, at step 2 of 15")
        try run.terminal.expect("bindlab(delegate)>")  // the editor's prompt
        try run.terminal.type(":alive\r")
        try run.terminal.expect("total live")
        try run.terminal.type(":resume\r")
        try run.terminal.expect("(back to the session, at step 2 of 15)")
        try run.terminal.waitForEditing()
        for _ in 2...15 {
            try run.terminal.send(" ")
            try run.terminal.expect("bindlab(delegate)> ")
        }
        try run.terminal.expect("(the end: b goes back, ! the prompt, q or Space quits)")
        try run.terminal.send("q")
        #expect(try run.terminal.waitForExit() == 0)
        #expect(run.terminal.isCanonical)
        let history = try String(contentsOfFile: run.directory.path + "/state/bindlab/history", encoding: .utf8)
        #expect(history.contains(":alive"))
    }
}
