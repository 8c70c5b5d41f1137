public import Domain

/// Reads the catalogue's CSV into films.
///
/// The format is RFC 4180: fields separated by commas, records by CRLF (a bare
/// LF or CR is accepted too), a field that holds a comma, a quote or a line
/// break is quoted and its quotes are doubled. The first record names the
/// columns (see `requiredColumns` and `optionalColumns`); their order does not
/// matter and unknown columns are ignored. A UTF-8 byte order mark is skipped.
///
/// A record that cannot be read is skipped and reported in `Parsed.skippedRows`,
/// never a crash. Blank lines are not records and are passed over silently.
///
/// The parser works on the UTF-8 bytes and builds a `String` only for the text
/// columns, so the whole catalogue parses in a few milliseconds.
public enum MoviesCSV {
    /// The columns every catalogue must have.
    public static let requiredColumns = ["title", "year", "length", "rating", "votes"]
    /// The columns a catalogue may have; when absent, films get no budget, no
    /// MPAA rating and no genres.
    public static let optionalColumns = ["budget", "mpaa", "genres"]

    /// Why a record was skipped.
    public enum SkipReason: Equatable, Sendable, CustomStringConvertible {
        /// The record has `found` fields where the header has `expected`.
        case fieldCount(found: Int, expected: Int)
        /// A quoted field is never closed before the end of the file.
        case unterminatedQuote
        /// A quote inside an unquoted field, or text after a closing quote.
        case strayQuote
        /// The title is empty.
        case missingTitle
        /// A number column holds something that is not a number (or is empty
        /// where a value is required).
        case badValue(column: String)

        public var description: String {
            switch self {
            case .fieldCount(let found, let expected): "\(found) fields where the header has \(expected)"
            case .unterminatedQuote: "a quoted field is never closed"
            case .strayQuote: "a quote outside a quoted field"
            case .missingTitle: "no title"
            case .badValue(let column): "not a valid \(column)"
            }
        }
    }

    /// A record that was not read, and where it starts.
    public struct SkippedRow: Equatable, Sendable {
        /// The 1-based line of the file where the record starts.
        public let line: Int
        public let reason: SkipReason

        public init(line: Int, reason: SkipReason) {
            self.line = line
            self.reason = reason
        }
    }

    /// What a parse produced.
    public struct Parsed: Equatable, Sendable {
        /// The films, in file order.
        ///
        /// A film's id is the 0-based position of its record among the data
        /// records (the header and blank lines are not counted, skipped records
        /// are), so an id names the same row of the file even when an earlier
        /// row was skipped.
        public var movies: [Movie]
        /// The records that were skipped, in file order.
        public var skippedRows: [SkippedRow]

        public init(movies: [Movie], skippedRows: [SkippedRow]) {
            self.movies = movies
            self.skippedRows = skippedRows
        }
    }

    /// Parses CSV text.
    ///
    /// - Throws: `CatalogueError.badHeader` when the first record lacks a
    ///   required column or there is no record at all.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws(CatalogueError) -> Parsed {
        let (table, skipped) = try parseTable(Array(text.utf8))
        return Parsed(movies: table.movies(), skippedRows: skipped)
    }

    /// Parses CSV bytes (UTF-8).
    ///
    /// - Throws: `CatalogueError.badHeader` when the first record lacks a
    ///   required column or there is no record at all.
    /// - Complexity: O(n) in the number of bytes.
    public static func parse(bytes: UnsafeBufferPointer<UInt8>) throws(CatalogueError) -> Parsed {
        let (table, skipped) = try parseTable(Array(bytes))
        return Parsed(movies: table.movies(), skippedRows: skipped)
    }

    /// Parses CSV bytes into a table, as `parse(bytes:)` does, without making
    /// films: what the catalogue keeps. The table keeps `text` as its text:
    /// its rows' titles are ranges of it.
    ///
    /// A large text is parsed in runs of lines, one per processor at once
    /// (`runs` says how many, for tests); the result is the same however it
    /// is split.
    static func parseTable(_ text: [UInt8], runs: Int? = nil) throws(CatalogueError) -> (MovieTable, [SkippedRow]) {
        let result = text.withUnsafeBufferPointer {
            bytes -> Result<(MovieTable.Builder, [SkippedRow]), CatalogueError> in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return .failure(.badHeader(missingColumns: [])) }
            var scanner = RecordScanner(base: base, count: bytes.count)
            scanner.skipByteOrderMark()
            var fields = FieldList()

            // The header: the first record that is not a blank line.
            var header: [String]?
            headerLoop: while true {
                switch scanner.nextRecord(&fields) {
                case .end: break headerLoop
                case .blank: continue
                case .record, .malformed:
                    header = fields.indices.map { scanner.string(fields[$0]) }
                    break headerLoop
                }
            }
            guard let header else { return .failure(.badHeader(missingColumns: [])) }
            let missing = requiredColumns.filter { !header.contains($0) }
            guard missing.isEmpty else { return .failure(.badHeader(missingColumns: missing)) }
            let columns = ColumnIndices(header: header)
            return .success(parseRecords(bytes, from: scanner.position, line: scanner.line, columns, runs: runs))
        }
        let (rows, skipped) = try result.get()
        return (rows.build(text: text), skipped)
    }

    // MARK: Records, in runs

    /// What parsing the records of one run of lines found. Ids count from 0
    /// and lines from 1 at the run's start; `parseRecords` renumbers.
    private struct Run {
        var start: Int
        var rows = MovieTable.Builder()
        var skipped: [SkippedRow] = []
        var records = 0
        var lines = 0
        /// Where the run's last record ends (possibly past the run).
        var end: Int
    }

    /// Parses the records from `start` to the end of `bytes`, whose line
    /// `line` starts there.
    ///
    /// The bytes are cut into runs at line ends, parsed at once on as many
    /// threads, then joined in order (the rows are not copied: each run's
    /// become a segment of the table). A run starting where the run before it
    /// really ended is the same as a sequential read from there; one that does
    /// not (its first line was inside a quoted field) is read again from
    /// where the run before it ended. So ids, lines and rows are those of one
    /// sequential read.
    private static func parseRecords(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, _ columns: ColumnIndices, runs: Int?
    ) -> (MovieTable.Builder, [SkippedRow]) {
        // Below a few hundred kilobytes, a thread costs more than it saves.
        let count = max(1, runs ?? (bytes.count - start < 1 << 18 ? 1 : processorCount(limit: 8)))
        var starts = [start]
        for run in 1..<count {
            var cut = max(start + (bytes.count - start) * run / count, starts[run - 1])
            while cut > start && cut < bytes.count && bytes[cut - 1] != UInt8(ascii: "\n") { cut += 1 }
            starts.append(cut)
        }
        starts.append(bytes.count)
        // The catalogue's records are ~45 bytes: reserving avoids regrowing.
        let parsed = concurrentMap(count) { run in
            parseRun(
                bytes, from: starts[run], to: starts[run + 1], columns,
                expectedRows: (starts[run + 1] - starts[run]) / 40)
        }

        var rows = MovieTable.Builder()
        var skipped: [SkippedRow] = []
        var position = start
        var line = line
        var records = 0
        for (index, parsedRun) in parsed.enumerated() {
            let run =
                parsedRun.start == position
                ? parsedRun
                : parseRun(bytes, from: position, to: max(position, starts[index + 1]), columns, expectedRows: 0)
            rows.append(contentsOf: run.rows, idOffset: records, in: bytes)
            for row in run.skipped { skipped.append(SkippedRow(line: line + row.line - 1, reason: row.reason)) }
            records += run.records
            line += run.lines
            position = run.end
        }
        return (rows, skipped)
    }

    /// Parses the records that start from `start` up to `end`.
    private static func parseRun(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ columns: ColumnIndices,
        expectedRows: Int
    ) -> Run {
        var run = Run(start: start, end: start)
        run.rows.reserveCapacity(expectedRows)
        guard let base = bytes.baseAddress else { return run }
        var scanner = RecordScanner(base: base, count: bytes.count, position: start)
        var fields = FieldList()
        while scanner.position < end {
            let line = scanner.line
            switch scanner.nextRecord(&fields) {
            case .end:
                break
            case .blank:
                continue
            case .malformed(let reason):
                run.skipped.append(SkippedRow(line: line, reason: reason))
                run.records += 1
            case .record:
                do throws(RowSkip) {
                    try appendRow(id: run.records, fields: fields, columns: columns, scanner: scanner, to: &run.rows)
                } catch {
                    run.skipped.append(SkippedRow(line: line, reason: error.reason))
                }
                run.records += 1
            }
        }
        run.lines = scanner.line - 1
        run.end = scanner.position
        return run
    }

    struct ColumnIndices {
        let count: Int
        let title, year, length, rating, votes: Int
        // -1 where the column is absent.
        let budget, mpaa, genres: Int

        init(header: [String]) {
            count = header.count
            func index(_ name: String) -> Int { header.firstIndex(of: name) ?? -1 }
            title = index("title")
            year = index("year")
            length = index("length")
            rating = index("rating")
            votes = index("votes")
            budget = index("budget")
            mpaa = index("mpaa")
            genres = index("genres")
        }
    }

    /// Why `appendRow` rejected a record.
    private struct RowSkip: Error {
        let reason: SkipReason
    }

    /// A record's values, checked: what a film is made of.
    private struct CheckedRecord {
        var title: FieldSpan
        var year, length, budget: Int?
        var rating: Double
        var votes: Int
        var mpaa, genres: FieldSpan?
    }

    /// Checks a record's fields: their count, the title, the numbers.
    private static func check(
        _ fields: borrowing FieldList, columns: ColumnIndices, scanner: RecordScanner
    ) throws(RowSkip) -> CheckedRecord {
        guard fields.count == columns.count else {
            throw RowSkip(reason: .fieldCount(found: fields.count, expected: columns.count))
        }
        let title = fields[columns.title]
        guard !title.isEmpty else { throw RowSkip(reason: .missingTitle) }

        // Optional numbers: empty is nil, anything else must be a number.
        func optionalInt(_ column: Int, _ name: String) throws(RowSkip) -> Int? {
            guard column >= 0, !fields[column].isEmpty else { return nil }
            guard let value = scanner.int(fields[column]) else { throw RowSkip(reason: .badValue(column: name)) }
            return value
        }
        let year = try optionalInt(columns.year, "year")
        let length = try optionalInt(columns.length, "length")
        let budget = try optionalInt(columns.budget, "budget")
        guard let rating = scanner.double(fields[columns.rating]) else {
            throw RowSkip(reason: .badValue(column: "rating"))
        }
        guard let votes = scanner.int(fields[columns.votes]), votes >= 0 else {
            throw RowSkip(reason: .badValue(column: "votes"))
        }
        return CheckedRecord(
            title: title, year: year, length: length, budget: budget, rating: rating, votes: votes,
            mpaa: columns.mpaa >= 0 && !fields[columns.mpaa].isEmpty ? fields[columns.mpaa] : nil,
            genres: columns.genres >= 0 && !fields[columns.genres].isEmpty ? fields[columns.genres] : nil)
    }

    /// The film of a checked record, made whole.
    private static func movie(id: Int, _ record: CheckedRecord, scanner: RecordScanner) -> Movie {
        Movie(
            id: id, title: scanner.string(record.title), year: record.year, length: record.length,
            budget: record.budget, rating: record.rating, votes: record.votes,
            mpaa: record.mpaa.map { scanner.string($0) },
            genres: record.genres.map { scanner.split($0, on: UInt8(ascii: "|")) } ?? [])
    }

    /// Checks a record and appends its film to `rows`; a record that is
    /// skipped leaves them as they were.
    private static func appendRow(
        id: Int, fields: borrowing FieldList, columns: ColumnIndices, scanner: RecordScanner,
        to rows: inout MovieTable.Builder
    ) throws(RowSkip) {
        let record = try check(fields, columns: columns, scanner: scanner)
        let (title, mpaa, genres) = (record.title, record.mpaa, record.genres)

        // Most films fit a row, whose text stays in the file.
        var present: MovieTable.Fields = []
        if record.year != nil { present.insert(.year) }
        if record.length != nil { present.insert(.length) }
        if record.budget != nil { present.insert(.budget) }
        if mpaa != nil { present.insert(.mpaa) }
        var genreSet: GenreSet? = []
        if let genres { genreSet = genres.hasDoubledQuotes ? nil : GenreSet(list: scanner.bytes(genres)) }
        if !title.hasDoubledQuotes, mpaa?.hasDoubledQuotes != true,
            let row = MovieTable.Builder.row(
                id: id, votes: record.votes, rating: record.rating, year: record.year ?? 0,
                length: record.length ?? 0, budget: record.budget ?? 0, titleStart: title.start,
                titleLength: title.end - title.start, mpaaStart: mpaa?.start ?? 0,
                mpaaLength: mpaa.map { $0.end - $0.start } ?? 0, fields: present, genres: genreSet)
        {
            rows.append(row, in: scanner.bytes)
            return
        }
        rows.append(storing: movie(id: id, record, scanner: scanner), in: scanner.bytes)
    }

    // MARK: One record at a time (the prebuilt index, `MovieIndexFile`)

    /// The columns named by the header of `bytes`, and where the records after
    /// it start; nil when there is no header or it lacks a required column.
    static func header(of bytes: UnsafeBufferPointer<UInt8>) -> (columns: ColumnIndices, bodyStart: Int)? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        var scanner = RecordScanner(base: base, count: bytes.count)
        scanner.skipByteOrderMark()
        var fields = FieldList()
        while true {
            switch scanner.nextRecord(&fields) {
            case .end: return nil
            case .blank: continue
            case .record, .malformed:
                let header = fields.indices.map { scanner.string(fields[$0]) }
                guard requiredColumns.allSatisfy(header.contains) else { return nil }
                return (ColumnIndices(header: header), scanner.position)
            }
        }
    }

    /// Where each record after the header starts, by id (a record's id is its
    /// place among the records, as `parseTable` counts them).
    static func recordStarts(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [Int] {
        guard let base = bytes.baseAddress else { return [] }
        var scanner = RecordScanner(base: base, count: bytes.count, position: start)
        var fields = FieldList()
        var starts: [Int] = []
        while true {
            let position = scanner.position
            switch scanner.nextRecord(&fields) {
            case .end: return starts
            case .blank: continue
            case .record, .malformed: starts.append(position)
            }
        }
    }

    /// The film of the record starting at `start`, made whole with `id`; nil
    /// when the record is not a film (`parseTable` would skip it).
    static func movie(
        id: Int, recordAt start: Int, in bytes: UnsafeBufferPointer<UInt8>, columns: ColumnIndices
    ) -> Movie? {
        guard let base = bytes.baseAddress, start >= 0, start < bytes.count else { return nil }
        var scanner = RecordScanner(base: base, count: bytes.count, position: start)
        var fields = FieldList()
        guard case .record = scanner.nextRecord(&fields) else { return nil }
        do throws(RowSkip) {
            return movie(id: id, try check(fields, columns: columns, scanner: scanner), scanner: scanner)
        } catch {
            return nil
        }
    }
}

// MARK: - Scanning records

/// Where one field's text lies in the buffer (quotes excluded).
struct FieldSpan {
    var start: Int
    var end: Int
    /// Whether the field holds doubled quotes that must be undoubled.
    var hasDoubledQuotes: Bool

    var isEmpty: Bool { start == end }
}

/// The fields of the record being read: a buffer reused from record to
/// record, so that reading a record allocates nothing (an `Array` would
/// check its uniqueness on every append).
struct FieldList: ~Copyable {
    private var storage: UnsafeMutableBufferPointer<FieldSpan>
    private(set) var count = 0

    init() {
        storage = .allocate(capacity: 16)
    }

    deinit {
        storage.deallocate()
    }

    var indices: Range<Int> { 0..<count }

    subscript(index: Int) -> FieldSpan {
        precondition(index >= 0 && index < count, "field index out of range")
        return storage[index]
    }

    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    mutating func append(_ field: FieldSpan) {
        if count == storage.count { grow() }
        storage[count] = field
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutableBufferPointer<FieldSpan>.allocate(capacity: storage.count * 2)
        _ = larger.initialize(fromContentsOf: storage)
        storage.deallocate()
        storage = larger
    }
}

/// Walks the CSV bytes one record at a time.
struct RecordScanner {
    enum Outcome {
        case record
        case blank
        case malformed(MoviesCSV.SkipReason)
        case end
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    let base: UnsafePointer<UInt8>
    let count: Int
    private(set) var position = 0
    /// The 1-based line the scanner is on.
    private(set) var line = 1

    init(base: UnsafePointer<UInt8>, count: Int, position: Int = 0) {
        self.base = base
        self.count = count
        self.position = position
    }

    /// All the bytes the scanner walks.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base, count: count)
    }

    mutating func skipByteOrderMark() {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
    }

    /// Reads the next record's fields into `fields`.
    ///
    /// - Complexity: O(m) in the record's length.
    mutating func nextRecord(_ fields: inout FieldList) -> Outcome {
        fields.removeAll()
        guard position < count else { return .end }
        let recordStart = position
        let recordLine = line
        if base[position] == Self.lf || base[position] == Self.cr {
            consumeLineEnd()
            return .blank
        }
        while true {
            if position < count && base[position] == Self.quote {
                position += 1
                let start = position
                var doubled = false
                while true {
                    guard position < count else {
                        // Resynchronise on the line after the record's first
                        // line, so one stray quote costs one row, not the rest.
                        position = recordStart
                        line = recordLine
                        skipLine()
                        return .malformed(.unterminatedQuote)
                    }
                    let byte = base[position]
                    // Most bytes are text: one comparison passes them.
                    if byte > Self.quote {
                        position += 1
                        continue
                    }
                    if byte == Self.quote {
                        if position + 1 < count && base[position + 1] == Self.quote {
                            doubled = true
                            position += 2
                            continue
                        }
                        break
                    }
                    if byte == Self.lf { line += 1 }
                    position += 1
                }
                fields.append(FieldSpan(start: start, end: position, hasDoubledQuotes: doubled))
                position += 1  // the closing quote
                guard position < count else { return .record }
                let next = base[position]
                if next == Self.comma {
                    position += 1
                    continue
                }
                if next == Self.lf || next == Self.cr {
                    consumeLineEnd()
                    return .record
                }
                skipLine()
                return .malformed(.strayQuote)
            } else {
                let start = position
                // A local index stays in a register; `position` is in memory.
                var index = position
                while index < count {
                    let byte = base[index]
                    // The four bytes that end or spoil a field all sort at or
                    // below the comma; letters and digits pass with one test.
                    if byte > Self.comma {
                        index &+= 1
                        continue
                    }
                    if byte == Self.comma || byte == Self.lf || byte == Self.cr { break }
                    if byte == Self.quote {
                        position = index
                        skipLine()
                        return .malformed(.strayQuote)
                    }
                    index &+= 1
                }
                position = index
                fields.append(FieldSpan(start: start, end: position, hasDoubledQuotes: false))
                guard position < count else { return .record }
                if base[position] == Self.comma {
                    position += 1
                    continue
                }
                consumeLineEnd()
                return .record
            }
        }
    }

    /// Consumes one CRLF, LF or CR at the current position.
    private mutating func consumeLineEnd() {
        if base[position] == Self.cr {
            position += 1
            if position < count && base[position] == Self.lf { position += 1 }
        } else {
            position += 1
        }
        line += 1
    }

    /// Skips to just after the next line end, quotes or not.
    private mutating func skipLine() {
        while position < count {
            let byte = base[position]
            if byte == Self.lf || byte == Self.cr {
                consumeLineEnd()
                return
            }
            position += 1
        }
    }

    // MARK: Converting fields

    /// The field's raw bytes (doubled quotes still doubled).
    func bytes(_ field: FieldSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + field.start, count: field.end - field.start)
    }

    /// The field's text, quotes undoubled; invalid UTF-8 becomes U+FFFD.
    func string(_ field: FieldSpan) -> String {
        let raw = UnsafeBufferPointer(start: base + field.start, count: field.end - field.start)
        guard field.hasDoubledQuotes else { return String(decoding: raw, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            bytes.append(raw[index])
            // Inside a quoted field every quote is doubled: keep one.
            index += raw[index] == Self.quote ? 2 : 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The field split on `separator`, empty parts dropped.
    func split(_ field: FieldSpan, on separator: UInt8) -> [String] {
        if field.hasDoubledQuotes {
            return string(field).split(separator: Character(Unicode.Scalar(separator))).map(String.init)
        }
        var parts: [String] = []
        var start = field.start
        var index = field.start
        while index <= field.end {
            if index == field.end || base[index] == separator {
                if index > start {
                    parts.append(string(FieldSpan(start: start, end: index, hasDoubledQuotes: false)))
                }
                start = index + 1
            }
            index += 1
        }
        return parts
    }

    /// A decimal integer with an optional sign; nil when empty, malformed or too large.
    func int(_ field: FieldSpan) -> Int? {
        var index = field.start
        var negative = false
        if index < field.end && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
            negative = base[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < field.end else { return nil }
        var value = 0
        if field.end - index <= 18 {
            // Eighteen digits cannot overflow: no checks but the digits'.
            while index < field.end {
                let digit = Int(base[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value &* 10 &+ digit
                index &+= 1
            }
            return negative ? -value : value
        }
        while index < field.end {
            let digit = Int(base[index]) &- 48
            guard digit >= 0 && digit <= 9 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(digit)
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
            index += 1
        }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A finite decimal number; nil when empty or malformed.
    ///
    /// Plain decimals of up to 15 digits take the exact fast path (an integer
    /// below 2^53 divided by an exact power of ten rounds correctly); anything
    /// else goes through the standard library's parser.
    func double(_ field: FieldSpan) -> Double? {
        var index = field.start
        var negative = false
        if index < field.end && (base[index] == UInt8(ascii: "-") || base[index] == UInt8(ascii: "+")) {
            negative = base[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var simple = true
        while index < field.end {
            let byte = base[index]
            if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte >= 48 && byte <= 57 {
                if digits == 15 {
                    simple = false
                    break
                }
                mantissa = mantissa * 10 + Int(byte - 48)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else {
                simple = false
                break
            }
            index += 1
        }
        if simple {
            guard digits > 0 else { return nil }
            let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        guard let value = Double(string(field)), value.isFinite else { return nil }
        return value
    }
}
