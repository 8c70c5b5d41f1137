import Domain

/// The films of a catalogue as compact rows: what `MovieCatalogue` keeps
/// instead of `[Movie]`.
///
/// A `Movie` holds a title `String` and a genres `[String]`: an array of the
/// 58,788 shipped films costs about a hundred thousand heap allocations to
/// build and some 7 MB to hold. Loading is bound as much by fresh memory
/// (each new page is a fault, microseconds on a VM) as by instructions, so a
/// row here is 40 bytes of plain values: its title and MPAA rating are ranges
/// of `text` (for a parsed catalogue, the CSV file itself, so titles are
/// never copied), its genres a `GenreSet`, its numbers as narrow as the
/// catalogue needs. A `Movie` is made only when one is handed out (a page, a
/// lookup).
///
/// A film that does not fit a row (a number out of range, an unusual genre
/// list, a title with doubled quotes to undo, …) is kept whole beside the
/// rows, so every film comes back exactly as it was given or parsed.
struct MovieTable: Sendable {
    /// One film, without heap references.
    struct Row: Sendable {
        var rating: Double
        var id: Int32
        var votes: Int32
        var budget: Int32
        /// The title is `text[titleStart..<titleStart + titleLength]`.
        var titleStart: UInt32
        /// The MPAA rating is `text[mpaaStart..<mpaaStart + mpaaLength]`.
        var mpaaStart: UInt32
        var year: Int16
        var length: Int16
        var titleLength: UInt16
        var mpaaLength: UInt8
        var fields: Fields
        var genres: GenreSet
    }

    /// Which optional values a row has, and whether its film is kept whole.
    struct Fields: OptionSet, Sendable {
        let rawValue: UInt8
        static let year = Fields(rawValue: 1 << 0)
        static let length = Fields(rawValue: 1 << 1)
        static let budget = Fields(rawValue: 1 << 2)
        static let mpaa = Fields(rawValue: 1 << 3)
        /// The film is in `storedMovies`; the row's other values mean nothing.
        static let stored = Fields(rawValue: 1 << 4)
    }

    /// The rows in catalogue order, in the runs they were made in (a large
    /// CSV is parsed in runs at once, see `MoviesCSV`): joining the runs
    /// would copy every row but the first run's into fresh memory.
    private let segments: [Segment]
    /// How many rows there are.
    let count: Int
    /// The UTF-8 the rows' titles and MPAA ratings are ranges of.
    let text: [UInt8]
    /// The films that do not fit a row, by row.
    private let storedMovies: [Int: Movie]
    /// Whether the titles ascend, and ids ascend under equal titles: the
    /// order of a parsed catalogue, which spares the index a sort.
    let isInTitleOrder: Bool
    /// Whether the ids ascend (true for a parsed catalogue), so that a
    /// lookup by id can binary-search.
    let idsAscend: Bool

    /// Consecutive rows, and what turns their ids into the table's.
    private struct Segment: Sendable {
        var rows: [Row]
        /// The table index of `rows[0]`.
        var start: Int
        /// Added to the rows' ids: a run's records were counted from 0.
        var idOffset: Int
    }

    /// The table of `movies`, in their order.
    init(movies: [Movie]) {
        var text: [UInt8] = []
        text.reserveCapacity(movies.count * 24)
        var builder = Builder()
        builder.reserveCapacity(movies.count)
        for movie in movies {
            let titleStart = text.count
            text.append(contentsOf: movie.title.utf8)
            let mpaaStart = text.count
            text.append(contentsOf: (movie.mpaa ?? "").utf8)
            builder.append(
                movie, titleStart: titleStart, titleLength: mpaaStart - titleStart,
                mpaaStart: movie.mpaa == nil ? nil : mpaaStart, mpaaLength: text.count - mpaaStart, in: text)
        }
        self = builder.build(text: text)
    }

    private init(
        segments: [Segment], text: [UInt8], storedMovies: [Int: Movie], isInTitleOrder: Bool, idsAscend: Bool
    ) {
        self.segments = segments
        self.count = segments.last.map { $0.start + $0.rows.count } ?? 0
        self.text = text
        self.storedMovies = storedMovies
        self.isInTitleOrder = isInTitleOrder
        self.idsAscend = idsAscend
    }

    /// Row `index` and the offset of its id.
    private func locate(_ index: Int) -> (row: Row, idOffset: Int) {
        precondition(index >= 0 && index < count, "row index out of range")
        var segment = segments.count - 1
        while segments[segment].start > index { segment -= 1 }
        return (segments[segment].rows[index - segments[segment].start], segments[segment].idOffset)
    }

    /// Row `index`.
    func row(_ index: Int) -> Row {
        locate(index).row
    }

    /// Calls `body` with each index in `indices` and its row, in order.
    func forEachRow(in indices: Range<Int>, _ body: (Int, Row) -> Void) {
        for segment in segments where segment.start < indices.upperBound {
            let end = segment.start + segment.rows.count
            guard end > indices.lowerBound else { continue }
            segment.rows.withUnsafeBufferPointer { rows in
                for index in max(indices.lowerBound, segment.start)..<min(indices.upperBound, end) {
                    body(index, rows[index - segment.start])
                }
            }
        }
    }

    /// The film of row `index`, made now.
    func movie(at index: Int) -> Movie {
        let (row, idOffset) = locate(index)
        if row.fields.contains(.stored), let movie = storedMovies[index] { return movie }
        return Movie(
            id: Int(row.id) + idOffset, title: string(Int(row.titleStart), Int(row.titleLength)),
            year: row.fields.contains(.year) ? Int(row.year) : nil,
            length: row.fields.contains(.length) ? Int(row.length) : nil,
            budget: row.fields.contains(.budget) ? Int(row.budget) : nil, rating: row.rating,
            votes: Int(row.votes),
            mpaa: row.fields.contains(.mpaa) ? string(Int(row.mpaaStart), Int(row.mpaaLength)) : nil,
            genres: row.genres.names)
    }

    /// Every film, in table order.
    func movies() -> [Movie] {
        (0..<count).map(movie(at:))
    }

    /// The id of row `index`.
    func id(_ index: Int) -> Int {
        let (row, idOffset) = locate(index)
        return row.fields.contains(.stored) ? storedMovies[index]?.id ?? 0 : Int(row.id) + idOffset
    }

    /// The votes of row `index`.
    func votes(_ index: Int) -> Int {
        let row = row(index)
        return row.fields.contains(.stored) ? storedMovies[index]?.votes ?? 0 : Int(row.votes)
    }

    /// The title of row `index`.
    func title(_ index: Int) -> String {
        let row = row(index)
        if row.fields.contains(.stored), let movie = storedMovies[index] { return movie.title }
        return string(Int(row.titleStart), Int(row.titleLength))
    }

    private func string(_ start: Int, _ count: Int) -> String {
        text.withUnsafeBufferPointer { text in
            String(decoding: UnsafeBufferPointer(rebasing: text[start..<start + count]), as: UTF8.self)
        }
    }

    /// Makes a table a row at a time, in catalogue order, over a text that
    /// is complete before the first row (a CSV file) or grows with the rows
    /// (`init(movies:)`).
    struct Builder {
        /// The runs appended whole, then the rows appended one by one.
        private var segments: [Segment] = []
        private var rows: [Row] = []
        private var storedMovies: [Int: Movie] = [:]
        private var isInTitleOrder = true
        private var idsAscend = true

        init() {}

        /// How many rows there are.
        var count: Int { (segments.last.map { $0.start + $0.rows.count } ?? 0) + rows.count }

        mutating func reserveCapacity(_ count: Int) {
            rows.reserveCapacity(count)
        }

        /// Appends `movie`, whose title is `text[titleStart..<titleStart +
        /// titleLength]` and MPAA rating (when it has one) likewise, as a row
        /// or, when it does not fit one, whole.
        mutating func append(
            _ movie: Movie, titleStart: Int, titleLength: Int, mpaaStart: Int?, mpaaLength: Int,
            in text: [UInt8]
        ) {
            var fields: Fields = []
            if movie.year != nil { fields.insert(.year) }
            if movie.length != nil { fields.insert(.length) }
            if movie.budget != nil { fields.insert(.budget) }
            if mpaaStart != nil { fields.insert(.mpaa) }
            let row = Self.row(
                id: movie.id, votes: movie.votes, rating: movie.rating, year: movie.year ?? 0,
                length: movie.length ?? 0, budget: movie.budget ?? 0, titleStart: titleStart,
                titleLength: titleLength, mpaaStart: mpaaStart ?? 0, mpaaLength: mpaaLength, fields: fields,
                genres: GenreSet(exactly: movie.genres))
            text.withUnsafeBufferPointer { text in
                if let row { append(row, in: text) } else { append(storing: movie, in: text) }
            }
        }

        /// The row of a film's values, or nil when one of them does not fit.
        static func row(
            id: Int, votes: Int, rating: Double, year: Int, length: Int, budget: Int, titleStart: Int,
            titleLength: Int, mpaaStart: Int, mpaaLength: Int, fields: Fields, genres: GenreSet?
        ) -> Row? {
            guard let genres, let id = Int32(exactly: id), let votes = Int32(exactly: votes),
                let budget = Int32(exactly: budget), let year = Int16(exactly: year),
                let length = Int16(exactly: length), let titleStart = UInt32(exactly: titleStart),
                let titleLength = UInt16(exactly: titleLength), let mpaaStart = UInt32(exactly: mpaaStart),
                let mpaaLength = UInt8(exactly: mpaaLength)
            else { return nil }
            return Row(
                rating: rating, id: id, votes: votes, budget: budget, titleStart: titleStart, mpaaStart: mpaaStart,
                year: year, length: length, titleLength: titleLength, mpaaLength: mpaaLength, fields: fields,
                genres: genres)
        }

        /// Appends a row whose text is in `text`.
        mutating func append(_ row: Row, in text: UnsafeBufferPointer<UInt8>) {
            let title = Title.range(start: Int(row.titleStart), count: Int(row.titleLength))
            follow(with: Neighbour(title: title, id: Int(row.id), isASCII: isASCII(title.bytes(in: text))), in: text)
            rows.append(row)
        }

        /// Appends a film that does not fit a row.
        mutating func append(storing movie: Movie, in text: UnsafeBufferPointer<UInt8>) {
            follow(with: Neighbour(title: .string(movie.title), id: movie.id, isASCII: false), in: text)
            storedMovies[count] = movie
            rows.append(
                Row(
                    rating: movie.rating, id: 0, votes: 0, budget: 0, titleStart: 0, mpaaStart: 0, year: 0,
                    length: 0, titleLength: 0, mpaaLength: 0, fields: .stored, genres: []))
        }

        /// Appends the rows of `other`, made over the same text, after these,
        /// adding `idOffset` to their ids (a run of records parsed apart,
        /// whose ids counted from 0). The rows are not copied.
        mutating func append(contentsOf other: Builder, idOffset: Int, in text: UnsafeBufferPointer<UInt8>) {
            guard var otherFirst = other.first, var otherLast = other.last else { return }
            otherFirst.id += idOffset
            otherLast.id += idOffset
            follow(with: otherFirst, in: text)
            isInTitleOrder = isInTitleOrder && other.isInTitleOrder
            idsAscend = idsAscend && other.idsAscend
            last = otherLast
            let start = count
            for (index, movie) in other.storedMovies {
                var movie = movie
                movie.id += idOffset
                storedMovies[start + index] = movie
            }
            closeSegment()
            var other = other
            other.closeSegment()
            for segment in other.segments {
                segments.append(
                    Segment(rows: segment.rows, start: start + segment.start, idOffset: segment.idOffset + idOffset))
            }
        }

        func build(text: [UInt8]) -> MovieTable {
            var builder = self
            builder.closeSegment()
            return MovieTable(
                segments: builder.segments, text: text, storedMovies: storedMovies, isInTitleOrder: isInTitleOrder,
                idsAscend: idsAscend)
        }

        /// Moves the rows appended one by one into a segment of their own.
        private mutating func closeSegment() {
            guard !rows.isEmpty else { return }
            segments.append(Segment(rows: rows, start: count - rows.count, idOffset: 0))
            rows = []
        }

        // MARK: Title order

        /// A title: a range of the text, or a string (a film kept whole).
        /// Kept as offsets, not pointers: `init(movies:)` grows the text.
        private enum Title {
            case range(start: Int, count: Int)
            case string(String)

            func bytes(in text: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
                guard case .range(let start, let count) = self else { return UnsafeBufferPointer(start: nil, count: 0) }
                return UnsafeBufferPointer(rebasing: text[start..<start + count])
            }

            func string(in text: UnsafeBufferPointer<UInt8>) -> String {
                switch self {
                case .range: String(decoding: bytes(in: text), as: UTF8.self)
                case .string(let string): string
                }
            }
        }

        /// What the title order needs of a row: its title and id.
        private struct Neighbour {
            var title: Title
            var id: Int
            /// Whether the title is ASCII bytes in the text.
            var isASCII: Bool
        }

        /// The first and last rows appended.
        private var first: Neighbour?
        private var last: Neighbour?

        /// Keeps `isInTitleOrder` and `idsAscend` up to date for a row about
        /// to follow the last one.
        private mutating func follow(with next: Neighbour, in text: UnsafeBufferPointer<UInt8>) {
            defer {
                if first == nil { first = next }
                last = next
            }
            guard let last else { return }
            idsAscend = idsAscend && last.id < next.id
            guard isInTitleOrder else { return }
            switch Self.compare(last, next, in: text) {
            case .ascending: break
            case .same: isInTitleOrder = last.id < next.id
            case .descending: isInTitleOrder = false
            }
        }

        private enum Order {
            case ascending, same, descending
        }

        /// How two titles compare as `String`s.
        ///
        /// ASCII compares as its bytes do, which spares making two strings per
        /// film; other text is compared as strings, since `String` compares
        /// canonical equivalents ("é" and "e\u{301}") as equal.
        private static func compare(_ a: Neighbour, _ b: Neighbour, in text: UnsafeBufferPointer<UInt8>) -> Order {
            if a.isASCII && b.isASCII {
                let x = a.title.bytes(in: text)
                let y = b.title.bytes(in: text)
                let common = min(x.count, y.count)
                var index = 0
                while index < common {
                    if x[index] != y[index] { return x[index] < y[index] ? .ascending : .descending }
                    index += 1
                }
                return x.count == y.count ? .same : x.count < y.count ? .ascending : .descending
            }
            let s = a.title.string(in: text)
            let t = b.title.string(in: text)
            return s == t ? .same : s < t ? .ascending : .descending
        }
    }
}

/// Whether every byte is ASCII, tested eight at a time.
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var any: UInt64 = 0
    if count >= 8 {
        var index = 0
        while index + 8 <= count {
            any |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        // The last eight bytes, overlapping what was read, cover the tail.
        any |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    } else {
        for index in 0..<count { any |= UInt64(base[index]) }
    }
    return any & 0x8080_8080_8080_8080 == 0
}

/// The genres of the shipped catalogue, as bits, in the catalogue's own order
/// (the columns of the IMDb extract it comes from).
///
/// Every film of the shipped catalogue lists its genres in this order without
/// repeats, so a set spells its list exactly; a film whose list a set cannot
/// spell is kept whole (see `MovieTable`).
struct GenreSet: OptionSet, Sendable {
    let rawValue: UInt8

    /// The names, bit 0 first.
    static let names = ["Action", "Animation", "Comedy", "Drama", "Documentary", "Romance", "Short"]

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The set spelling `genres` exactly, or nil when it cannot: an unknown
    /// or empty name, a repeat, or an order other than the catalogue's.
    init?(exactly genres: [String]) {
        var set = GenreSet()
        var lowest = 0
        for genre in genres {
            guard let bit = Self.names[lowest...].firstIndex(of: genre) else { return nil }
            set.insert(GenreSet(rawValue: 1 << UInt8(bit)))
            lowest = bit + 1
        }
        self = set
    }

    /// The set spelling the `|`-separated list in `bytes` exactly (empty parts
    /// are not genres, as `MoviesCSV` reads them), or nil when it cannot.
    init?(list bytes: UnsafeBufferPointer<UInt8>) {
        var set = GenreSet()
        var lowest = 0
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "|") {
            defer { start = end + 1 }
            guard end > start else { continue }
            guard let bit = Self.bit(named: UnsafeBufferPointer(rebasing: bytes[start..<end])), bit >= lowest
            else { return nil }
            set.insert(GenreSet(rawValue: 1 << UInt8(bit)))
            lowest = bit + 1
        }
        self = set
    }

    /// The bit of the genre spelled by `name`'s UTF-8, if it is one of `names`.
    ///
    /// Called for every genre of every record, so it compares bytes with
    /// static text rather than making strings; `names` must list the same
    /// names in the same order (a test checks).
    private static func bit(named name: UnsafeBufferPointer<UInt8>) -> Int? {
        // The length and the first letter tell the names apart.
        let (spelling, bit): (StaticString, Int)
        switch (name.count, name.first) {
        case (6, UInt8(ascii: "A")): (spelling, bit) = ("Action", 0)
        case (9, UInt8(ascii: "A")): (spelling, bit) = ("Animation", 1)
        case (6, UInt8(ascii: "C")): (spelling, bit) = ("Comedy", 2)
        case (5, UInt8(ascii: "D")): (spelling, bit) = ("Drama", 3)
        case (11, UInt8(ascii: "D")): (spelling, bit) = ("Documentary", 4)
        case (7, UInt8(ascii: "R")): (spelling, bit) = ("Romance", 5)
        case (5, UInt8(ascii: "S")): (spelling, bit) = ("Short", 6)
        default: return nil
        }
        for index in 1..<name.count where spelling.utf8Start[index] != name[index] { return nil }
        return bit
    }

    /// The genres' names, in the catalogue's order.
    var names: [String] {
        Self.names.indices.compactMap { rawValue & (1 << UInt8($0)) != 0 ? Self.names[$0] : nil }
    }
}
