import BindingKit
import Playground

/// Parses the numbers and durations commands take, with messages that say
/// what was expected.
enum Arguments {
    /// A whole number in `range`.
    static func integer(_ text: String, _ what: String, in range: ClosedRange<Int>) throws(ShellError) -> Int {
        let digits = text.replacingUnderscores
        guard let value = Int(digits), range.contains(value) else {
            throw .argument("\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.fitted(to: 24))'")
        }
        return value
    }

    /// The longest duration `:wait` and `:net latency` take: one hour.
    static let maximumDuration = 3_600_000

    /// A duration in milliseconds: `250`, `250ms`, `1s`, `1.5s`, `2m`, `1h`.
    static func duration(_ text: String) throws(ShellError) -> Int {
        let lower = text.lowercased()
        let (number, scale): (Substring, Double) =
            if lower.hasSuffix("ms") { (lower.dropLast(2), 1) }
            else if lower.hasSuffix("s") { (lower.dropLast(1), 1000) }
            else if lower.hasSuffix("m") { (lower.dropLast(1), 60_000) }
            else if lower.hasSuffix("h") { (lower.dropLast(1), 3_600_000) }
            else { (Substring(lower), 1) }
        guard let value = Double(number), value.isFinite, value >= 0,
            value * scale <= Double(maximumDuration)
        else {
            throw .usage("'\(text.fitted(to: 24))' is not a duration from 0 to 1h (like 250ms, 1s, 1.5s, 2m, 1h)")
        }
        return Int((value * scale).rounded())
    }
}

extension String {
    /// `1_000_000` reads as `1000000`.
    fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
