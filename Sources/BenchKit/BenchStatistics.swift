// What `bindlab bench` reports about a set of timings: min / median / max,
// the spread, and how a cost grows with the data.

/// The timings of one case, one per round, in nanoseconds per operation.
struct BenchFigure: Equatable {
    /// The spread above which a figure is marked noisy rather than printed as exact.
    static let noisySpread = 0.10

    let samples: [Double]

    init(_ samples: [Double]) {
        self.samples = samples.sorted()
    }

    var min: Double { samples.first ?? 0 }
    var max: Double { samples.last ?? 0 }

    var median: Double {
        guard !samples.isEmpty else { return 0 }
        let middle = samples.count / 2
        return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    }

    /// (max − min) / median: how far apart the rounds were.
    var spread: Double { median > 0 ? (max - min) / median : 0 }

    var isNoisy: Bool { spread > Self.noisySpread }
}

/// How a cost grows with the size it is measured at.
enum BenchGrowth: String, Equatable {
    case flat, linear, worse

    /// From the medians at increasing sizes: the exponent `b` of `cost ∝ nᵇ`
    /// between the smallest and the largest size. Below 0.25 (a thousand
    /// times the data, under 5.6 times the cost) is flat; up to 1.3,
    /// linear; above, worse.
    static func of(_ points: [(size: Int, cost: Double)]) -> BenchGrowth {
        guard let first = points.first, let last = points.last, last.size > first.size, first.cost > 0,
            last.cost > 0
        else { return .flat }
        let exponent = log(last.cost / first.cost) / log(Double(last.size) / Double(first.size))
        if exponent < 0.25 { return .flat }
        return exponent <= 1.3 ? .linear : .worse
    }

    /// The natural logarithm, without Foundation: `x = m·2ᵉ`, then a series
    /// for `ln m` around 1. Good to about 1e-9, plenty for a growth class.
    private static func log(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let exponent = Double(x.exponent)
        let mantissa = x.significand  // in [1, 2)
        let t = (mantissa - 1) / (mantissa + 1)
        var term = t
        var sum = 0.0
        var k = 1.0
        while k < 60 {
            sum += term / k
            term *= t * t
            k += 2
        }
        return 2 * sum + exponent * 0.693_147_180_559_945_3
    }
}

/// Nanoseconds, shown with three significant figures (`2.48`, `66.8`,
/// `12,300`).
func formatNanoseconds(_ value: Double) -> String {
    if value >= 1000 { return groupThousands(Int(value.rounded())) }
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return fixed(value, digits: 1) }
    return fixed(value, digits: 2)
}

/// A ratio: `1.0`, `27.0`, `1,230`.
func formatRatio(_ value: Double) -> String {
    value >= 1000 ? groupThousands(Int(value.rounded())) : fixed(value, digits: value >= 100 ? 0 : 1)
}

/// `value` with `digits` decimals, without Foundation's `String(format:)`.
func fixed(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = scaled % Int(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(whole) }
    let decimals = String(fraction)
    return sign + String(whole) + "." + String(repeating: "0", count: digits - decimals.count) + decimals
}

/// `1234567` → `1,234,567`.
func groupThousands(_ value: Int) -> String {
    let digits = Array(String(abs(value)))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
}
