import Domain

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What a loaded catalogue answers, however it was loaded: a `MovieSearchIndex`
/// built from parsed films, or the prebuilt index of the package's catalogue
/// (`MappedCatalogue`).
protocol CatalogueIndex: Sendable {
    /// How many films there are.
    var count: Int { get }
    /// The films matching the folded query `words`, best first (see
    /// `MovieSearchIndex.search(words:)`), as indices for `movie(at:)`.
    func search(words: [[UInt8]]) -> [Int32]
    /// The film of an index `search(words:)` answered.
    func movie(at index: Int) -> Movie
    /// The film with `id`, if any.
    func movie(id: Movie.ID) -> Movie?
    /// Every film, in catalogue order.
    func movies() -> [Movie]
}

extension MovieSearchIndex: CatalogueIndex {
    var count: Int { table.count }

    func movie(at index: Int) -> Movie {
        table.movie(at: index)
    }

    func movies() -> [Movie] {
        table.movies()
    }
}

/// The prebuilt index of the package's catalogue: `movies.index`, beside
/// `movies.csv`, made from it by `catalog-index` (`make(csv:)`), so that a
/// start reads no CSV and folds no titles ahead of a search.
///
/// The CSV stays the source of truth; the index holds only what a search and
/// a lookup need, in the films' popularity order (votes descending, then
/// title, then id, the order search ranks by within a rank). All numbers are
/// little-endian:
///
/// | bytes | what |
/// | --- | --- |
/// | 8 | `magic`: "BLMOVIX1" |
/// | 4 | N, the number of films |
/// | 4 | the CSV's size in bytes (an index of another CSV is refused) |
/// | 8 N | each film's mask of its folded words' first letters |
/// | 4 N | where each film's record starts in the CSV |
/// | 4 N | each film's id |
/// | 4 N | the popularity position of each film, by id ascending |
/// | 2 N | the length of each film's title at its record's start, when it is ASCII without quotes in the first column, plus 0x8000 when it is quoted (its bytes start after the quote); 0 when it must be read from the record |
///
/// 22 bytes a film: 1.29 MB for the 58,788 shipped films. A search folds the
/// titles whose mask passes, at search time, straight from the CSV's bytes.
public enum MovieIndexFile {
    static let magic = Array("BLMOVIX1".utf8)
    static let headerSize = 16
    static let bytesPerFilm = 22
    /// The bit of a title's length that says it is quoted in its record.
    static let quotedTitle: UInt16 = 0x8000

    /// The index of the catalogue `csv`, byte for byte what is committed as
    /// `movies.index` when `csv` is the committed `movies.csv`.
    ///
    /// - Throws: `CatalogueError.badHeader` when the CSV has no usable header,
    ///   `.unreadable` when it has records the catalogue skips or is too large
    ///   for the index's 32-bit offsets (then the CSV is parsed at every start).
    public static func make(csv: [UInt8]) throws(CatalogueError) -> [UInt8] {
        let (table, skipped) = try MoviesCSV.parseTable(csv)
        guard skipped.isEmpty else {
            throw .unreadable(path: "movies.csv", reason: "\(skipped.count) records skipped: no index is made")
        }
        guard csv.count <= UInt32.max, table.count <= UInt32.max else {
            throw .unreadable(path: "movies.csv", reason: "too large for the index")
        }
        let index = MovieSearchIndex(table: table, parts: 1)
        let (starts, titleIsFirst) = csv.withUnsafeBufferPointer { bytes in
            let header = MoviesCSV.header(of: bytes)
            return (MoviesCSV.recordStarts(of: bytes, from: header?.bodyStart ?? 0), header?.columns.title == 0)
        }
        let count = table.count
        var positions = [UInt32](repeating: 0, count: count)
        for (position, tableIndex) in index.order.enumerated() { positions[Int(tableIndex)] = UInt32(position) }
        var byID = Array(0..<count)
        byID.sort { table.id($0) < table.id($1) }

        var file = magic
        file.reserveCapacity(headerSize + bytesPerFilm * count)
        append(UInt32(count), to: &file)
        append(UInt32(csv.count), to: &file)
        var titleLengths: [UInt16] = []
        for tableIndex in index.order.map({ Int($0) }) {
            let title = table.title(tableIndex)
            var folded: [UInt8] = []
            var wordStarts: [Int32] = []
            TitleFolding.appendWords(of: title, to: &folded, wordStarts: &wordStarts)
            append(wordStarts.reduce(0) { $0 | TitleFolding.maskBit(folded[Int($1)]) }, to: &file)
            let utf8 = Array(title.utf8)
            let quote = UInt8(ascii: "\"")
            // The title's bytes as they are in the record, quoted or not.
            let start = starts[table.id(tableIndex)]
            let quoted = start < csv.count && csv[start] == quote
            let first = quoted ? start + 1 : start
            let end = first + utf8.count
            let isPlain =
                titleIsFirst && utf8.allSatisfy { $0 < 0x80 && $0 != quote } && utf8.count < quotedTitle
                && end < csv.count && csv[first..<end].elementsEqual(utf8)
                && csv[end] == (quoted ? quote : UInt8(ascii: ","))
            titleLengths.append(isPlain ? UInt16(utf8.count) | (quoted ? quotedTitle : 0) : 0)
        }
        for tableIndex in index.order { append(UInt32(starts[table.id(Int(tableIndex))]), to: &file) }
        for tableIndex in index.order { append(UInt32(table.id(Int(tableIndex))), to: &file) }
        for tableIndex in byID { append(positions[tableIndex], to: &file) }
        for length in titleLengths { append(length, to: &file) }
        return file
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to file: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
    }

    /// Makes the package's index from the package's CSV and writes it beside
    /// it (what `swift run catalog-index` does).
    ///
    /// - Returns: the path written.
    public static func writePackageIndex() throws(CatalogueError) -> String {
        let csvPath = MovieCatalogue.packageResourcePath
        let file = try make(csv: MovieCatalogue.readFile(atPath: csvPath))
        let path = packageIndexPath
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var written = 0
        while written < file.count {
            let count = file.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + written }, file.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            written += count
        }
        return path
    }

    /// Where the package's index is: beside `movies.csv`.
    static var packageIndexPath: String {
        let csv = MovieCatalogue.packageResourcePath
        return String(csv.dropLast(".csv".count)) + ".index"
    }
}

/// A file mapped into memory, read-only, unmapped when released.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the file at `path`; the reason (the system's words) when it cannot.
    static func map(_ path: String) -> Result<MappedFile, CatalogueError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            return .failure(.unreadable(path: path, reason: "not a regular, non-empty file"))
        }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        return .success(MappedFile(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)))
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

/// The package's catalogue answered from `movies.index` and `movies.csv`,
/// both mapped, used in place: loading checks the index's header and bounds
/// (a tenth of a millisecond), a search folds the titles it reads, a film is
/// parsed from its record when it is handed out.
final class MappedCatalogue: CatalogueIndex, @unchecked Sendable {
    private let csv: MappedFile
    private let index: MappedFile
    private let columns: MoviesCSV.ColumnIndices
    let count: Int
    private let masks: UnsafePointer<UInt64>
    private let recordStarts: UnsafePointer<UInt32>
    private let ids: UnsafePointer<UInt32>
    private let positionsByID: UnsafePointer<UInt32>
    private let titleLengths: UnsafePointer<UInt16>

    /// The catalogue of `csv` through `index`, or why the index cannot be
    /// used (missing, damaged, made from another CSV).
    static func open(csv csvPath: String, index indexPath: String) -> Result<MappedCatalogue, CatalogueError> {
        let csv: MappedFile
        let index: MappedFile
        switch (MappedFile.map(csvPath), MappedFile.map(indexPath)) {
        case (.success(let c), .success(let i)): (csv, index) = (c, i)
        case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
        }
        func damaged(_ why: String) -> Result<MappedCatalogue, CatalogueError> {
            .failure(.unreadable(path: indexPath, reason: why))
        }
        let bytes = index.bytes
        guard let base = bytes.baseAddress, bytes.count >= MovieIndexFile.headerSize,
            bytes[0..<8].elementsEqual(MovieIndexFile.magic)
        else { return damaged("not a movies index") }
        let raw = UnsafeRawPointer(base)
        let count = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        let csvSize = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        guard bytes.count == MovieIndexFile.headerSize + MovieIndexFile.bytesPerFilm * count else {
            return damaged("its size is not its films'")
        }
        guard csvSize == csv.bytes.count else { return damaged("made from another movies.csv") }
        guard let header = MoviesCSV.header(of: csv.bytes) else { return damaged("movies.csv has no usable header") }
        let catalogue = MappedCatalogue(csv: csv, index: index, base: raw, columns: header.columns, count: count)
        return catalogue.isInBounds ? .success(catalogue) : damaged("an offset lies outside the files")
    }

    private init(
        csv: MappedFile, index: MappedFile, base: UnsafeRawPointer, columns: MoviesCSV.ColumnIndices, count: Int
    ) {
        self.csv = csv
        self.index = index
        self.columns = columns
        self.count = count
        // The mapping starts on a page, so each array is aligned to its type.
        var offset = MovieIndexFile.headerSize
        func array<Value>(_ type: Value.Type) -> UnsafePointer<Value> {
            defer { offset += MemoryLayout<Value>.size * count }
            return (base + offset).assumingMemoryBound(to: Value.self)
        }
        masks = array(UInt64.self)
        recordStarts = array(UInt32.self)
        ids = array(UInt32.self)
        positionsByID = array(UInt32.self)
        titleLengths = array(UInt16.self)
    }

    /// Whether every offset the index holds lies inside the CSV and every
    /// position inside the index.
    private var isInBounds: Bool {
        let size = csv.bytes.count
        for film in 0..<count {
            let (start, length) = title(of: film)
            guard start < size, start + length < size, Int(UInt32(littleEndian: positionsByID[film])) < count else {
                return false
            }
        }
        return true
    }

    func search(words: [[UInt8]]) -> [Int32] {
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty }) else { return [] }
        var queryMask: UInt64 = 0
        for word in words { queryMask |= TitleFolding.maskBit(word[0]) }
        let whole = Array(words.joined(separator: [UInt8(ascii: " ")]))
        // Already in popularity order: each rank's matches come out ranked.
        var ranked: [[Int32]] = Array(repeating: [], count: MovieSearchIndex.Rank.allCases.count)
        let capacity = Int(UInt16.max)
        let folded = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let wordStarts = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer {
            folded.deallocate()
            wordStarts.deallocate()
        }
        let text = csv.bytes
        for film in 0..<count where UInt64(littleEndian: masks[film]) & queryMask == queryMask {
            let (start, length) = title(of: film)
            let rank: MovieSearchIndex.Rank?
            if length > 0 {
                let title = UnsafeBufferPointer(rebasing: text[start..<start + length])
                let fold = TitleFolding.foldASCII(title, into: folded, wordStarts: wordStarts, offset: 0)
                rank = MovieSearchIndex.rank(
                    ofTitle: 0..<fold.byteCount, in: UnsafeBufferPointer(start: folded, count: fold.byteCount),
                    words: 0..<fold.wordCount, of: UnsafeBufferPointer(start: wordStarts, count: fold.wordCount),
                    query: words, whole: whole)
            } else {
                // A title with quotes or beyond ASCII: folded as a string.
                var bytes: [UInt8] = []
                var starts: [Int32] = []
                TitleFolding.appendWords(of: movie(at: film).title, to: &bytes, wordStarts: &starts)
                rank = bytes.withUnsafeBufferPointer { bytes in
                    starts.withUnsafeBufferPointer { starts in
                        MovieSearchIndex.rank(
                            ofTitle: 0..<bytes.count, in: bytes, words: 0..<starts.count, of: starts, query: words,
                            whole: whole)
                    }
                }
            }
            if let rank { ranked[rank.rawValue].append(Int32(film)) }
        }
        return Array(ranked.joined())
    }

    /// The film at popularity position `index`, parsed from its record. A
    /// record that no longer parses (a CSV changed without its index being
    /// made again, of the same size) gives a film with an empty title, not a
    /// crash; a test keeps the committed pair in step.
    func movie(at index: Int) -> Movie {
        let id = Int(UInt32(littleEndian: ids[index]))
        let start = Int(UInt32(littleEndian: recordStarts[index]))
        return MoviesCSV.movie(id: id, recordAt: start, in: csv.bytes, columns: columns)
            ?? Movie(id: id, title: "", year: nil, length: nil, budget: nil, rating: 0, votes: 0, mpaa: nil, genres: [])
    }

    func movie(id: Movie.ID) -> Movie? {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if Int(UInt32(littleEndian: ids[position(ofIDRank: mid)])) < id { low = mid + 1 } else { high = mid }
        }
        guard low < count else { return nil }
        let position = position(ofIDRank: low)
        return Int(UInt32(littleEndian: ids[position])) == id ? movie(at: position) : nil
    }

    func movies() -> [Movie] {
        (0..<count).map { movie(at: position(ofIDRank: $0)) }
    }

    /// Where the title of the film at `film` starts in the CSV and its length
    /// (0 when it must be parsed from its record).
    @inline(__always)
    private func title(of film: Int) -> (start: Int, length: Int) {
        let length = UInt16(littleEndian: titleLengths[film])
        let start = Int(UInt32(littleEndian: recordStarts[film]))
        return (length & MovieIndexFile.quotedTitle != 0 ? start + 1 : start, Int(length & ~MovieIndexFile.quotedTitle))
    }

    private func position(ofIDRank rank: Int) -> Int {
        Int(UInt32(littleEndian: positionsByID[rank]))
    }
}
