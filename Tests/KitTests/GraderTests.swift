import BindingKit
import Foundation
import Kit
import Playground
import Testing

@testable import Shell

/// The grader on backends built into the tests: the shipped approaches pass
/// the tasks that ask nothing of a kit's declarations; a kit's declarations
/// and its `Observable` are checked against what they do.
@Suite struct GraderTests {
    let grader = Grader(sessionFolder: packageRoot + "/Sources/Kit/Sessions", sessions: KitVerify.checkSession)

    /// The delegate backend, which the template starts from, passes tasks 1 to 5, 7's sessions and 8; task 7's delivery does not.
    @Test func delegatePassesTheTasksOfItsApproach() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        for number in [1, 2, 3, 4, 5, 8] {
            let grade = grader.grade(try #require(Curriculum.task(number)), on: delegate, all: true)
            #expect(grade.passed, "task \(number): \(grade.firstFailure?.failure?.message ?? "")")
        }
        let delivery = grader.grade(try #require(Curriculum.task(7)), on: delegate, all: true)
        #expect(delivery.firstFailure?.id == "matrix.delivery")
        #expect(delivery.results.filter { !$0.passed }.map(\.id) == ["matrix.delivery"])
    }

    /// The output backend, which delivers a turn later and declares it, passes task 7.
    @Test func outputPassesTheLaterTurnTask() throws {
        let output = try #require(BackendRegistry.backend("output"))
        let grade = grader.grade(try #require(Curriculum.task(7)), on: output, all: true)
        #expect(grade.passed, "\(grade.firstFailure?.failure?.message ?? "")")
    }

    /// Grading stops at the first failure unless every check is asked for.
    @Test func gradingStopsAtTheFirstFailure() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let task = try #require(Curriculum.task(7))
        let first = grader.grade(task, on: delegate)
        #expect(first.results.count == 1)
        #expect(first.firstFailure?.failure?.message.contains("a turn later") == true)
        var started: [String] = []
        let every = grader.grade(task, on: delegate, all: true) { started.append($0.id) }
        #expect(every.results.count == grader.checks(of: task).count)
        #expect(started == grader.checks(of: task).map(\.id))
    }

    /// A backend that is not a kit's fails the tasks that ask for its declarations, saying so.
    @Test func aShippedBackendIsNoKit() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        for number in [6, 9] {
            let failure = grader.grade(try #require(Curriculum.task(number)), on: delegate).firstFailure?.failure
            #expect(failure?.expectation.contains("a kit's") == true, "task \(number)")
        }
    }

    /// The replay policy passes when declared as the experiment sees it, and fails undeclared or misdeclared.
    @Test func theReplayPolicyIsCheckedAgainstTheExperiment() throws {
        let task = try #require(Curriculum.task(6))
        let fine = TestKitBackend(replay: .reloads) { RemovingObservable($0) }
        #expect(grader.grade(task, on: fine).passed)
        let undeclared = TestKitBackend(replay: nil) { RemovingObservable($0) }
        #expect(grader.grade(task, on: undeclared).firstFailure?.failure?.found == "nil: nothing declared yet")
        let wrong = TestKitBackend(replay: .atOnce) { RemovingObservable($0) }
        let failure = try #require(grader.grade(task, on: wrong).firstFailure?.failure)
        #expect(failure.expectation.contains(".atOnce"))
        #expect(failure.found?.hasPrefix("\"no (reloads)\"") == true)
    }

    /// The capstone fails on issue 36's Observable, at the issue's own steps, and passes on one that removes.
    @Test func theCapstoneTellsIssue36FromTheFix() throws {
        let task = try #require(Curriculum.task(9))
        let buggy = TestKitBackend(replay: .reloads) { QueuedObservable($0) }
        let grade = grader.grade(task, on: buggy, all: true)
        #expect(grade.firstFailure?.id == "capstone.issue-36")
        #expect(grade.firstFailure?.failure?.found == "the block ran 1 time, with 1")
        #expect(
            grade.results.filter { !$0.passed }.map(\.id)
                == ["capstone.issue-36", "capstone.queued-change", "capstone.remove-in-block"])
        let fixed = TestKitBackend(replay: .reloads) { RemovingObservable($0) }
        let passed = grader.grade(task, on: fixed, all: true)
        #expect(passed.passed, "\(passed.firstFailure?.failure?.message ?? "")")
    }

    /// A session that differs fails at its first differing block, with what it expected and what was shown.
    @Test func aSessionFailsAtItsFirstDifferingBlock() throws {
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        try temporary.write("a.session", "> orders load\n[0 ms]\nnot this\n")
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let failure = try #require(KitVerify.checkSession(temporary.path + "/a.session", on: delegate))
        #expect(failure.expectation == "`orders load` prints what a.session:1 expects")
        #expect(failure.expected == ["[0 ms]", "not this"])
        #expect(failure.actual?.first == "[0 ms]")
    }

    /// The JSON a teacher collects is one object, with a status per task and per check, and the comments typed.
    @Test func resultsAreJSON() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let grades = [1, 7].compactMap(Curriculum.task).map { grader.grade($0, on: delegate, all: true) }
        let comments = [Comment(kind: .informative, source: "delivery", text: "a \"quoted\" line\nand another")]
        let text = Results.json(state: KitState(name: "mine", from: "delegate"), grades: grades, comments: comments)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let object = try #require(parsed as? [String: Any])
        #expect(object["version"] as? Int == 3)
        #expect(object["status"] as? String == "fail")
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        let taskStatuses = tasks.map { $0["status"] as? String }
        #expect(taskStatuses == ["pass", "fail"])
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.count == grades.reduce(0) { $0 + $1.results.count })
        let delivery = tests.first { ($0["name"] as? String) == "matrix.delivery" }
        let deliveryStatus = delivery?["status"] as? String
        #expect(deliveryStatus == "fail")
        #expect(tests.allSatisfy { $0["task_id"] is Int })
        let typed = try #require(object["comments"] as? [[String: Any]])
        let kind = typed.first?["type"] as? String
        let comment = typed.first?["comment"] as? String
        #expect(kind == "informative")
        #expect(comment == "a \"quoted\" line\nand another")
        let error = try #require(
            try JSONSerialization.jsonObject(with: Data(Results.error("the build failed").utf8)) as? [String: Any])
        #expect(error["status"] as? String == "error")
    }
}

/// "Passed, but…": the matrix beside the approach set out from.
@Suite struct FeedbackTests {
    /// Beside delegate, the output backend is told it delivers a turn later (informative) and keeps a dead entry (essential).
    @Test func differencesFromTheBaselineAreTyped() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let output = try #require(BackendRegistry.backend("output"))
        let comments = Feedback.comments(on: output, baseline: delegate, passed: Set(1...9))
        let delivery = try #require(comments.first { $0.source == "delivery" })
        #expect(delivery.kind == .informative)
        #expect(delivery.text.contains("a turn later") && delivery.text.contains("delegate in the same turn"))
        #expect(comments.first { $0.source == "leftovers" }?.kind == .essential)
        #expect(comments.first { $0.source == "bind-twice" }?.kind == .actionable)
        #expect(!comments.contains { $0.source == "glue" })
        let kinds = comments.map(\.kind)
        #expect(
            kinds
                == kinds.sorted {
                    Comment.Kind.allCases.firstIndex(of: $0)! < Comment.Kind.allCases.firstIndex(of: $1)!
                })
    }

    /// The same approach is told nothing; before task 3, nothing about what renames a row.
    @Test func noDifferenceNoComment() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        #expect(Feedback.comments(on: delegate, baseline: delegate, passed: Set(1...9)).isEmpty)
        let output = try #require(BackendRegistry.backend("output"))
        let early = Feedback.comments(on: output, baseline: delegate, passed: [1])
        #expect(!early.contains { $0.source == "delivery" || $0.source == "granularity" })
    }

    /// From a blank page, only what is a cost whatever the approach is said.
    @Test func withoutABaselineOnlyProblems() throws {
        let delegate = try #require(BackendRegistry.backend("delegate"))
        #expect(Feedback.comments(on: delegate, baseline: nil, passed: Set(1...9)).isEmpty)
        let associated = try #require(BackendRegistry.backend("associated"))
        let comments = Feedback.comments(on: associated, baseline: nil, passed: Set(1...9))
        #expect(comments.contains { $0.source == "granularity" && $0.kind == .actionable })
        #expect(!comments.contains { $0.kind == .informative })
    }

    /// The capstone's Observable that reads its value when each job runs is told so.
    @Test func theCapstoneIsToldOfItsLateRead() {
        let late = TestKitBackend(replay: .reloads) { RemovingObservable($0) }
        #expect(Feedback.capstoneComments(on: late).map(\.source) == ["capstone"])
    }
}
