public import BindingKit
import Experiments
import Playground
import PlaygroundTestSupport
import WorkshopBackend

/// "Passed, but…": once a task passes, what the matrix sees of the
/// attendee's backend beside the approach they set out to build, as comments
/// typed the way Exercism's analyzers type theirs.
public struct Comment: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// Something the backend keeps alive or gets wrong that the approach does not.
        case essential
        /// A cost the approach does not have, which the attendee can remove.
        case actionable
        /// A difference of behaviour that may well be a choice: worth knowing.
        case informative
    }

    public let kind: Kind
    /// The experiment it comes from (`:probe NAME` shows it), or `capstone`.
    public let source: String
    public let text: String

    public init(kind: Kind, source: String, text: String) {
        self.kind = kind
        self.source = source
        self.text = text
    }
}

public enum Feedback {
    /// Which experiments' differences are of which kind: lifetimes first,
    /// then avoidable costs; the rest are the approach's choices.
    static let kinds: [String: Comment.Kind] = [
        "release-in-flight": .essential, "leftovers": .essential, "naive-capture": .essential,
        "bind-twice": .actionable, "granularity": .actionable, "equal-value": .actionable, "rebind": .actionable,
    ]

    /// The task an experiment needs done before its verdict means anything:
    /// most of them rename a row (task 3); the others only load (task 1).
    static let needs: [String: Int] = [
        "release-in-flight": 1, "leftovers": 1, "naive-capture": 1, "two-way": 1, "untracked": 1,
    ]

    /// The matrix's verdicts on `backend` that differ from `baseline`'s (the
    /// approach set out from), each as a comment; with no baseline (`--from
    /// blank`), the verdicts that are a problem whatever the approach. Only
    /// the experiments whose task is `passed` speak (a rename not written
    /// yet is no news), and the glue's line count never: it differs by nature.
    ///
    /// - Complexity: runs every experiment once on each backend (a few tenths of a second).
    public static func comments(
        on backend: any BindingBackend, baseline: (any BindingBackend)?, passed: Set<Int>
    ) -> [Comment] {
        var comments: [Comment] = []
        for experiment in Experiments.all where experiment.name != "glue" {
            guard passed.contains(needs[experiment.name] ?? 3) else { continue }
            let mine = experiment.run(on: backend)
            let kind = kinds[experiment.name] ?? .informative
            if let baseline {
                let theirs = experiment.run(on: baseline)
                guard mine.verdict != theirs.verdict else { continue }
                comments.append(
                    Comment(
                        kind: kind, source: experiment.name,
                        text: describe(experiment, mine, beside: theirs, of: baseline.info.id)))
            } else if let problem = problem(experiment, mine) {
                comments.append(Comment(kind: kind, source: experiment.name, text: problem))
            }
        }
        return comments.sorted { order($0.kind) < order($1.kind) }
    }

    /// What the capstone's `Observable` does beyond what task 9 asks.
    public static func capstoneComments(on backend: any BindingBackend) -> [Comment] {
        guard let kit = backend as? any KitBackend else { return [] }
        let app = TestApp(backend: backend)
        let observable = app.world.perform { kit.makeObservable(0) }
        final class Heard { var values: [Int] = [] }
        let heard = Heard()
        let listener = Heard()
        app.world.perform { observable.observe(on: listener) { [weak heard] in heard?.values.append($0) } }
        app.drain()
        app.world.perform {
            observable.value = 1
            observable.value = 2
        }
        app.drain()
        guard heard.values.dropFirst() == [2, 2] else { return [] }
        return [
            Comment(
                kind: .informative, source: "capstone",
                text: """
                    two sets in one turn (1, then 2) deliver 2 twice: each queued block reads `value` when its \
                    turn runs, as the repository's Observable does. Hand each job the value set, if the \
                    observers must see every one.
                    """)
        ]
    }

    private static func order(_ kind: Comment.Kind) -> Int {
        Comment.Kind.allCases.firstIndex(of: kind) ?? 0
    }

    /// A difference from `baseline`, said with what the experiment saw.
    static func describe(_ experiment: Experiment, _ mine: Finding, beside theirs: Finding, of baseline: String)
        -> String
    {
        let detail = mine.notes.first.map { " (\($0))" } ?? ""
        switch experiment.name {
        case "release-in-flight":
            return
                "the view released mid-request: yours \"\(mine.verdict)\"\(detail); \(baseline) \"\(theirs.verdict)\""
                + " (`:clock manual`, `orders load`, `:release view`, `:alive`)"
        case "naive-capture":
            return "wired as shipped or without [weak self], yours keeps \(mine.verdict)\(detail); \(baseline): "
                + "\(theirs.verdict)"
        case "delivery":
            return "your backend delivers \(mine.verdict == "same turn" ? "in the same turn" : mine.verdict), "
                + "\(baseline) \(theirs.verdict == "same turn" ? "in the same turn" : theirs.verdict) (`:probe delivery`)"
        default:
            return "\(experiment.question) yours: \"\(mine.verdict)\"; \(baseline): \"\(theirs.verdict)\" "
                + "(`:probe \(experiment.name)`)"
        }
    }

    /// A verdict that is a cost whatever the approach; nil when it is not one.
    static func problem(_ experiment: Experiment, _ finding: Finding) -> String? {
        let fine: [String: [String]] = [
            "release-in-flight": ["dropped", "ignored"], "leftovers": ["none"],
            "naive-capture": ["no capture", "no leak"], "bind-twice": ["replaces", "stops it"],
            "granularity": ["1 widget"],
        ]
        guard let good = fine[experiment.name], !good.contains(finding.verdict) else { return nil }
        let detail = finding.notes.first.map { " (\($0))" } ?? ""
        return "\(experiment.question) yours: \"\(finding.verdict)\"\(detail) (`:probe \(experiment.name)`)"
    }
}
