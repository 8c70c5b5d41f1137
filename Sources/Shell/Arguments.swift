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
        // `ms` before `s`: the first unit the text ends with.
        let units: [(suffix: String, scale: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        let unit = units.first { lower.hasSuffix($0.suffix) }
        let number = lower.dropLast(unit?.suffix.count ?? 0)
        let scale = unit?.scale ?? 1
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
