public import BindingKit

/// The behaviour matrix as data: every experiment run on every backend, and
/// what each found — what `bindlab matrix` prints as tables, as markdown, as
/// a page and as JSON. Made by running the experiments once
/// (`init(running:)`), or from its parts (`init(backends:experiments:findings:)`,
/// for a reader of the JSON), and laid out the same either way.
public struct MatrixTable: Equatable, Sendable {
    /// A column: a backend, as the matrix names it.
    public struct Backend: Equatable, Sendable {
        public let id: String
        /// The approach it is a form of (its own id for a default form).
        public let approach: String
        /// What makes it differ from its approach's default form; nil for that form.
        public let variant: String?
        public let article: String
        public let year: Int

        public init(id: String, approach: String, variant: String?, article: String, year: Int) {
            self.id = id
            self.approach = approach
            self.variant = variant
            self.article = article
            self.year = year
        }
    }

    /// A row: an experiment, as `:probe` names and explains it.
    public struct Row: Equatable, Sendable {
        public let name: String
        public let question: String
        /// The `:probe` table's columns after the backend's.
        public let columns: [String]
        /// How it is run.
        public let method: String

        public init(name: String, question: String, columns: [String], method: String) {
            self.name = name
            self.question = question
            self.columns = columns
            self.method = method
        }
    }

    /// What one experiment found on one backend: the verdict and its evidence.
    public struct Cell: Equatable, Sendable {
        public let verdict: String
        /// One value per column of the row's experiment.
        public let cells: [String]
        /// What a wiring meant, why something could not be run.
        public let notes: [String]

        public init(verdict: String, cells: [String], notes: [String]) {
            self.verdict = verdict
            self.cells = cells
            self.notes = notes
        }

        /// Whether the backend could not take part at all: every value is `n/a`.
        public var isNotPossible: Bool { cells.allSatisfy { $0 == Finding.notPossible } }
    }

    public let backends: [Backend]
    public let experiments: [Row]
    /// `findings[row][column]`: experiment by experiment, backend by backend.
    public let findings: [[Cell]]

    /// - Precondition: a list of `backends.count` cells for each experiment.
    public init(backends: [Backend], experiments: [Row], findings: [[Cell]]) {
        self.backends = backends
        self.experiments = experiments
        self.findings = findings
    }

    /// Every experiment run on fresh worlds of each of `backends`.
    ///
    /// - Complexity: one run of each experiment on each backend.
    public init(running backends: [any BindingBackend]) {
        self.backends = backends.map {
            Backend(
                id: $0.info.id, approach: $0.info.approach, variant: $0.info.variant, article: $0.info.article,
                year: $0.info.year)
        }
        self.experiments = Experiments.all.map {
            Row(name: $0.name, question: $0.question, columns: $0.columns, method: $0.method)
        }
        // What may trap runs in children, for every backend at once.
        if Experiments.all.contains(where: \.runsInAChild) { Isolation.prepare(backends) }
        self.findings = Experiments.all.map { experiment in
            backends.map { backend in
                let finding = experiment.run(on: backend)
                return Cell(verdict: finding.verdict, cells: finding.cells, notes: finding.notes)
            }
        }
    }

    /// The verdict most backends of a row share (the first such, in column
    /// order, on a tie); nil when no two share one. What a cell that
    /// differs from it differs from.
    public func commonVerdict(ofRow row: Int) -> String? {
        var counts: [String: Int] = [:]
        for cell in findings[row] where !cell.isNotPossible { counts[cell.verdict, default: 0] += 1 }
        let most = counts.values.max() ?? 0
        guard most > 1 else { return nil }
        return findings[row].first { counts[$0.verdict] == most && !$0.isNotPossible }?.verdict
    }
}
