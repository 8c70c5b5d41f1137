public import BindingKit
import Playground

/// What one experiment found on one backend.
public struct Finding: Equatable, Sendable {
    /// The terminal matrix's cell: a word or two ("replaces", "a turn later").
    public let verdict: String
    /// The `:probe` table's row, one value per column of the experiment.
    public let cells: [String]
    /// Lines under the `:probe` table: what a wiring meant, why something
    /// could not be run.
    public let notes: [String]

    init(verdict: String, cells: [String], notes: [String] = []) {
        self.verdict = verdict
        self.cells = cells
        self.notes = notes
    }

    /// The backend cannot take part: every cell says so, the note says why.
    static func refused(_ refusal: ProbeRefusal, columns: Int) -> Finding {
        Finding(
            verdict: Finding.notPossible, cells: Array(repeating: Finding.notPossible, count: columns),
            notes: ["not possible: \(refusal.reason)"])
    }

    /// A cell for what the approach cannot do (the note says why).
    static let notPossible = "n/a"
}

/// A question that tells the approaches apart, and how to answer it by
/// running a backend's glue: `:probe NAME`, a row of `bindlab matrix`.
public struct Experiment: Sendable {
    /// The name `:probe` takes: `listeners`, `bind-twice`.
    public let name: String
    /// The question, in a line.
    public let question: String
    /// The `:probe` table's columns after the backend's.
    public let columns: [String]
    /// How it is run, for `:help :probe`.
    public let method: String
    /// Whether part of it runs in a child process (`Isolation`): what may trap.
    public let runsInAChild: Bool
    private let body: @Sendable (any BindingBackend) throws(ProbeRefusal) -> Finding

    init(
        _ name: String, question: String, columns: [String], method: String, runsInAChild: Bool = false,
        body: @escaping @Sendable (any BindingBackend) throws(ProbeRefusal) -> Finding
    ) {
        self.name = name
        self.question = question
        self.columns = columns
        self.method = method
        self.runsInAChild = runsInAChild
        self.body = body
    }

    /// Runs the experiment on fresh worlds of `backend`.
    public func run(on backend: any BindingBackend) -> Finding {
        do {
            return try body(backend)
        } catch {
            return .refused(error, columns: columns.count)
        }
    }
}
