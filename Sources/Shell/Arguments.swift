import BindingKit
import Playground

/// Parses the numbers and durations commands take, with messages that say
/// what was expected.
package enum Arguments {
    /// A whole number in `range`.
    package static func integer(_ text: String, _ what: String, in range: ClosedRange<Int>) throws(ShellError) -> Int {
        let digits = text.replacingUnderscores
        guard let value = Int(digits), range.contains(value) else {
            throw .badNumber(what: what, text: text, range: range)
        }
        return value
    }

    /// A row of a list: a whole number from 0.
    static func row(_ text: String) throws(ShellError) -> Int {
        try integer(text, "the row", in: 0...Int(Int32.max))
    }

    /// The longest duration `:wait` and `:net latency` take: one hour.
    package static let maximumDuration = 3_600_000

    /// A duration in milliseconds: `250`, `250ms`, `1s`, `1.5s`, `2m`, `1h`.
    package static func duration(_ text: String) throws(ShellError) -> Int {
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
            throw .badDuration(text: text)
        }
        return Int((value * scale).rounded())
    }
}

extension String {
    /// `1_000_000` reads as `1000000`.
    fileprivate var replacingUnderscores: String { filter { $0 != "_" } }
}
