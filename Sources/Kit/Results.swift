/// `kit verify --json`: what a teacher collects from each attendee, in the
/// spirit of Exercism's `results.json` (version 3: an overall `status`, then
/// one entry a test with its `task_id`), with the kit's tasks and the
/// "passed, but…" comments typed as Exercism's analyzers type theirs.
///
/// ```json
/// {"version": 3, "status": "fail", "kit": {"name": "mine", "from": "delegate"},
///  "tasks": [{"task_id": 1, "title": "…", "status": "pass"}, …],
///  "tests": [{"name": "orders.load", "task_id": 1, "status": "pass", "message": null, "summary": "…"}, …],
///  "comments": [{"type": "essential", "source": "release-in-flight", "comment": "…"}]}
/// ```
public enum Results {
    /// The JSON of `grades` (every task graded, every check run), one object.
    public static func json(state: KitState, grades: [TaskGrade], comments: [Comment]) -> String {
        let status = grades.allSatisfy(\.passed) ? "pass" : "fail"
        let tasks = grades.map { grade in
            object([
                ("task_id", String(grade.task.number)), ("title", string(grade.task.title)),
                ("status", string(grade.passed ? "pass" : "fail")),
            ])
        }
        let tests = grades.flatMap { grade in
            grade.results.map { result in
                object([
                    ("name", string(result.id)), ("task_id", String(grade.task.number)),
                    ("status", string(result.passed ? "pass" : "fail")),
                    ("message", result.failure.map { string($0.message) } ?? "null"),
                    ("summary", string(result.summary)),
                ])
            }
        }
        let typed = comments.map { comment in
            object([
                ("type", string(comment.kind.rawValue)), ("source", string(comment.source)),
                ("comment", string(comment.text)),
            ])
        }
        return object([
            ("version", "3"), ("status", string(status)),
            ("kit", object([("name", string(state.name)), ("from", string(state.from))])),
            ("tasks", array(tasks)), ("tests", array(tests)), ("comments", array(typed)),
        ]) + "\n"
    }

    /// What is said when nothing could be graded: the build failed, or the
    /// backend's code ended the grader (Exercism's `"status": "error"`).
    public static func error(_ message: String) -> String {
        object([("version", "3"), ("status", string("error")), ("message", string(message)), ("tests", "[]")]) + "\n"
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ", ") + "]"
    }

    /// `text` as a JSON string (RFC 8259: the quote, the backslash and the
    /// control characters escaped).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
