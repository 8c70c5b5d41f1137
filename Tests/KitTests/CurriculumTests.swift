import Foundation
import Kit
import Testing

/// The nine tasks as the kit ships them: in order, each with its hints, its
/// checks, its sessions and its reference files, and marked in both templates.
@Suite struct CurriculumTests {
    /// The tasks are numbered 1 to 9 in order, each with three or more hints and at least one check.
    @Test func nineTasksInOrderWithHintsAndChecks() {
        #expect(Curriculum.tasks.map(\.number) == Array(1...9))
        for task in Curriculum.tasks {
            #expect(task.hints.count >= 3, "task \(task.number)")
            #expect(!task.checks.isEmpty, "task \(task.number)")
            #expect(Set(task.checks.map(\.id)).count == task.checks.count, "task \(task.number) repeats a check")
            #expect(!task.title.isEmpty && task.goal.count > 40, "task \(task.number)")
        }
    }

    /// Every session a task names is in Sources/Kit/Sessions, and every session there is named by a task.
    @Test func everySessionIsThere() throws {
        let folder = packageRoot + "/Sources/Kit/Sessions"
        let named = Set(Curriculum.tasks.flatMap(\.sessions))
        let present = Set(
            try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".session") })
        #expect(named == present)
    }

    /// Each task has its folder in the reference solution, and each file there is one the delegate template has.
    @Test func everyTaskHasItsReferenceFiles() {
        let kit = KitFolder(root: packageRoot)
        let template = Set(
            kit.data.files(under: "Template/delegate").map { String($0.dropFirst("Template/delegate/".count)) })
        for task in Curriculum.tasks {
            let files = kit.files(of: task.number, name: "template")
            #expect(!files.isEmpty, "task \(task.number) has no reference files")
            for file in files {
                #expect(template.contains(file), "task \(task.number): \(file) is not in the template")
            }
        }
    }

    /// Both templates mark the stubs of every task with `// TASK n:`, and the reference solution's last state marks none.
    @Test(arguments: ["delegate", "blank"])
    func theTemplatesMarkEveryTask(template: String) throws {
        let kit = KitFolder(root: packageRoot)
        var text = ""
        for file in kit.data.files(under: "Template/" + template) { text += try kit.data.text(of: file) ?? "" }
        for task in Curriculum.tasks {
            #expect(text.contains("// TASK \(task.number):"), "\(template) marks no stub for task \(task.number)")
        }
        #expect(!text.contains("// TASK 10"))
    }

    /// The reference solution keeps no stub of the task it solves.
    @Test func theReferenceSolvesItsOwnStubs() throws {
        let kit = KitFolder(root: packageRoot)
        for task in Curriculum.tasks {
            for file in kit.data.files(under: "Reference/task-\(task.number)") {
                let text = try #require(try kit.data.text(of: file))
                #expect(!text.contains("// TASK \(task.number):"), "\(file) still has task \(task.number)'s stub")
            }
        }
    }
}
