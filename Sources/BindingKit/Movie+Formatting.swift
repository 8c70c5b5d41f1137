public import Domain

// The words the movies screens show for a film. Presentation, not model: it
// lives in BindingKit so that every backend shows the same words, and it
// never asks the locale, so that every machine shows the same digits
// (`12,345`, `8.8`).

extension Movie {
    /// "Release Date: 1977", or "To be announced" when the year is unknown.
    public var releaseDateText: String {
        year.map { "Release Date: \($0)" } ?? "To be announced"
    }

    /// "1977", or "TBA": short enough for a list row.
    public var yearText: String {
        year.map(String.init) ?? "TBA"
    }

    /// "121 min", or "unknown".
    public var lengthText: String {
        length.map { "\($0) min" } ?? "unknown"
    }

    /// "8.8": the rating rounded to one decimal.
    public var ratingText: String {
        let tenths = Int((rating * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// "12,345 votes", or "1 vote".
    public var votesText: String {
        votes == 1 ? "1 vote" : "\(Self.grouped(votes)) votes"
    }

    /// "$11,000,000", or "unknown".
    public var budgetText: String {
        budget.map { "$" + Self.grouped($0) } ?? "unknown"
    }

    /// "Action, Drama", or "none".
    public var genresText: String {
        genres.isEmpty ? "none" : genres.joined(separator: ", ")
    }

    /// "PG", or "unknown" when the catalogue has none (not "not rated": that is a rating of its own, NR).
    public var mpaaText: String {
        mpaa ?? "unknown"
    }

    /// `number` with a comma every three digits: 11000000 -> "11,000,000".
    ///
    /// - Complexity: O(d) in the number of digits.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
