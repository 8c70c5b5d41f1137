/// A kit's progress, kept in `.kit/state` in the kit's folder: whose kit
/// it is, the task in hand, the tasks passed, the hints shown. Plain lines
/// (`key value…`), so that a person can read it and `kit watch` can be
/// stopped and started again where it was.
public struct KitState: Equatable, Sendable {
    /// The backend's id: `mine`.
    public var name: String
    /// What `kit new` scaffolded from: `delegate` or `blank`.
    public var from: String
    /// The task in hand: the first that failed, or the one jumped to.
    public var current: Int
    /// The tasks that passed the last time they were graded.
    public var passed: Set<Int> = []
    /// How many hints of each task have been shown.
    public var hints: [Int: Int] = [:]

    public init(name: String, from: String, current: Int = 1) {
        self.name = name
        self.from = from
        self.current = current
    }

    /// Where it is kept, in the kit's folder.
    public static let path = ".kit/state"

    /// Whether every task has passed.
    public var isDone: Bool { Curriculum.tasks.allSatisfy { passed.contains($0.number) } }

    /// The state as its file holds it.
    public var text: String {
        var lines = [
            "# bindlab kit: this kit's progress, kept by `bindlab kit verify` and `kit watch`.",
            "name \(name)",
            "from \(from)",
            "current \(current)",
            "passed" + passed.sorted().map { " \($0)" }.joined(),
        ]
        let shown = hints.keys.sorted().filter { hints[$0, default: 0] > 0 }
        lines.append("hints" + shown.map { " \($0):\(hints[$0, default: 0])" }.joined())
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a state file; nil when it names no kit. Lines it does not know
    /// are passed over, and numbers out of range are dropped.
    public init?(text: String) {
        var name: String?
        var from = "delegate"
        var current = 1
        var passed: Set<Int> = []
        var hints: [Int: Int] = [:]
        let tasks = 1...Curriculum.tasks.count
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            guard let key = words.first else { continue }
            let values = words.dropFirst()
            switch key {
            case "name": name = values.first
            case "from": from = values.first ?? from
            case "current": current = values.first.flatMap { Int($0) }.map { min(max($0, 1), tasks.upperBound) } ?? 1
            case "passed": passed = Set(values.compactMap { Int($0) }.filter { tasks.contains($0) })
            case "hints":
                for value in values {
                    let parts = value.split(separator: ":").compactMap { Int($0) }
                    if parts.count == 2, tasks.contains(parts[0]), parts[1] >= 0 { hints[parts[0]] = parts[1] }
                }
            default: continue
            }
        }
        guard let name, !name.isEmpty else { return nil }
        self.init(name: name, from: from, current: current)
        self.passed = passed
        self.hints = hints
    }
}
