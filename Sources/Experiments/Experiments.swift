import BindingKit
import Playground

/// Every experiment, in the order `:probe` lists them and the matrix shows them.
public enum Experiments {
    public static let all: [Experiment] = [
        listeners, replay, bindTwice, rebind, order, snapshot, releaseInFlight, leftovers, naiveCapture,
        secondCommand, readBack, reentrantSet, unsubscribe, trackOnce, equalValue, granularity, delivery, twoWayEcho,
        untracked, glue, viewMethods,
    ]

    /// The experiment called `name` (`bind twice` and `bind-twice` alike).
    public static func named(_ name: String) -> Experiment? {
        let wanted = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" })
            .joined(separator: "-")
        return all.first { $0.name == wanted }
    }

    /// The row the experiments change: the third, "Order #2".
    static let row = 2
    /// What it is renamed to; "Order" keeps what it shows (an equal value).
    static let newName = "Gift"
    static let sameName = "Order"
}

extension Int {
    /// "1 row", "3 rows".
    func counted(_ noun: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
