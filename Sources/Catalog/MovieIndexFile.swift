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
/// start reads no CSV and a search folds no titles: they were folded when
/// the index was made.
///
/// The CSV stays the source of truth; the index holds only what a search and
/// a lookup need, in the films' popularity order (votes descending, then
/// title, then id, the order search ranks by within a rank). All numbers are
/// little-endian:
///
/// | bytes | what |
/// | --- | --- |
/// | 8 | `magic`: "BLMOVIX2" |
/// | 4 | N, the number of films |
/// | 4 | the CSV's size in bytes (an index of another CSV is refused) |
/// | 8 N | each film's mask of its folded words' first letters |
/// | 4 N | where each film's record starts in the CSV |
/// | 4 N | each film's id |
/// | 4 N | the popularity position of each film, by id ascending |
/// | 4 N | where each film's folded title ends in the folded titles (it starts where the film before ends), plus `moreWords` when some of its words start elsewhere than at its start or after a space |
/// | T | the folded titles (case, diacritics and apostrophes folded: `TitleFolding`), words one space apart |
/// | 0–3 | zero bytes, so that what follows is aligned |
/// | 8 E | the word starts that are neither a title's start nor after a space, by film: the film's position, the start in its folded title (a word after an apostrophe: "night's" folds to "nights", whose words are "nights" and "s") |
///
/// 24 bytes a film and its folded title: 2.3 MB for the 58,788 shipped
/// films (0.9 MB of them folded titles). A search reads the folded titles
/// whose mask passes, in place, finding their words at the spaces.
public enum MovieIndexFile {
    static let magic = Array("BLMOVIX2".utf8)
    static let headerSize = 16
    /// The fixed part: masks, record starts, ids, positions, folded ends.
    static let bytesPerFilm = 24
    /// The bit of a folded title's end that says some of its words start
    /// elsewhere than after a space (see the table above).
    static let moreWords: UInt32 = 0x8000_0000

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
        let starts = csv.withUnsafeBufferPointer { bytes in
            MoviesCSV.recordStarts(of: bytes, from: MoviesCSV.header(of: bytes)?.bodyStart ?? 0)
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
        var foldedTitles: [UInt8] = []
        var foldEnds: [UInt32] = []
        var extraStarts: [(film: UInt32, start: UInt32)] = []
        for tableIndex in index.order.map({ Int($0) }) {
            var folded: [UInt8] = []
            var starts: [Int32] = []
            TitleFolding.appendWords(of: table.title(tableIndex), to: &folded, wordStarts: &starts)
            append(starts.reduce(0) { $0 | TitleFolding.maskBit(folded[Int($1)]) }, to: &file)
            // A search finds a word at the start and after each space; the
            // others are listed apart.
            let atSpaces = wordStarts(of: folded)
            guard Set(atSpaces).isSubset(of: starts) else {
                throw .unreadable(path: "movies.csv", reason: "a folded title with a space before no word")
            }
            let others = starts.filter { !atSpaces.contains($0) }
            for start in others { extraStarts.append((UInt32(foldEnds.count), UInt32(start))) }
            foldedTitles += folded
            foldEnds.append(UInt32(truncatingIfNeeded: foldedTitles.count) | (others.isEmpty ? 0 : moreWords))
        }
        guard foldedTitles.count < moreWords else {
            throw .unreadable(path: "movies.csv", reason: "too large for the index")
        }
        for tableIndex in index.order { append(UInt32(starts[table.id(Int(tableIndex))]), to: &file) }
        for tableIndex in index.order { append(UInt32(table.id(Int(tableIndex))), to: &file) }
        for tableIndex in byID { append(positions[tableIndex], to: &file) }
        for end in foldEnds { append(end, to: &file) }
        file += foldedTitles
        while !file.count.isMultiple(of: 4) { file.append(0) }
        for (film, start) in extraStarts {
            append(film, to: &file)
            append(start, to: &file)
        }
        return file
    }

    /// Where the words of a folded title start: at its start, if it has a
    /// word, and after each space (folding leaves words one space apart).
    static func wordStarts(of folded: [UInt8]) -> [Int32] {
        guard !folded.isEmpty else { return [] }
        return [0] + folded.indices.filter { folded[$0] == UInt8(ascii: " ") }.map { Int32($0 + 1) }
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to file: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
    }

    /// Makes the package's index from the package's CSV and writes it beside
    /// it (what `swift run catalog-index` does).
    ///
    /// Written to a new file made by `mkstemp` in the same folder, then
    /// renamed over the index: nothing planted at a name there is written
    /// through, and a bindlab that has the old index mapped keeps reading
    /// the old file rather than one truncated under it.
    ///
    /// - Returns: the path written.
    public static func writePackageIndex() throws(CatalogueError) -> String {
        let file = try make(csv: CatalogueFiles.readFile(atPath: CatalogueFiles.packageCSVPath))
        let path = CatalogueFiles.packageIndexPath
        func failure() -> CatalogueError { .unreadable(path: path, reason: String(cString: strerror(errno))) }
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure() }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var written = 0
        while written < file.count {
            let count = file.withUnsafeBytes {
                write(descriptor, $0.baseAddress.map { $0 + written }, file.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure()
                close(descriptor)
                unlink(temporary)
                throw error
            }
            written += count
        }
        let readable = fchmod(descriptor, 0o644) == 0
        let closed = close(descriptor) == 0
        guard readable, closed, rename(temporary, path) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
        return path
    }
}

/// A file mapped into memory, read-only, unmapped when released.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Maps the file at `path`; the reason (the system's words) when it cannot.
    static func map(_ path: String) -> Result<MappedFile, CatalogueError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return .failure(.unreadable(path: path, reason: String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            return .failure(.unreadable(path: path, reason: "not a regular, non-empty file"))
        }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return .failure(.unreadable(path: path, reason: String(cString: strerror(errno)))) }
        return .success(
            MappedFile(UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)))
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
/// (a tenth of a millisecond), a search reads the titles folded in the
/// index, a film is parsed from its record when it is handed out.
final class MappedCatalogue: CatalogueIndex, @unchecked Sendable {
    private let csv: MappedFile
    private let index: MappedFile
    private let columns: MoviesCSV.ColumnIndices
    let count: Int
    private let masks: UnsafePointer<UInt64>
    private let recordStarts: UnsafePointer<UInt32>
    private let ids: UnsafePointer<UInt32>
    private let positionsByID: UnsafePointer<UInt32>
    private let foldEnds: UnsafePointer<UInt32>
    private let foldedTitles: UnsafeBufferPointer<UInt8>
    /// The word starts found elsewhere than after a space: (film, start)
    /// pairs, by film.
    private let extraStarts: UnsafeBufferPointer<UInt32>
    /// The longest folded title: room for one title's word starts (set by
    /// `open` once the bounds are checked).
    private var longestTitle = 0

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
        let fixed = MovieIndexFile.headerSize + MovieIndexFile.bytesPerFilm * count
        guard count > 0, bytes.count >= fixed else { return damaged("its size is not its films'") }
        // The folded titles take what the last film's end says.
        let lastEnd = MovieIndexFile.headerSize + 20 * count + 4 * (count - 1)
        let lastFoldEnd = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: lastEnd, as: UInt32.self))
        let foldedSize = Int(lastFoldEnd & ~MovieIndexFile.moreWords)
        let extrasAt = (fixed + foldedSize + 3) / 4 * 4
        guard bytes.count >= extrasAt, (bytes.count - extrasAt).isMultiple(of: 8) else {
            return damaged("its size is not its films'")
        }
        guard csvSize == csv.bytes.count else { return damaged("made from another movies.csv") }
        guard let header = MoviesCSV.header(of: csv.bytes) else { return damaged("movies.csv has no usable header") }
        let catalogue = MappedCatalogue(
            csv: csv, index: index, base: raw, columns: header.columns, count: count, folded: foldedSize,
            extras: (extrasAt, (bytes.count - extrasAt) / 4))
        guard let longest = catalogue.longestTitleIfInBounds else { return damaged("an offset lies outside the files") }
        catalogue.longestTitle = longest
        return .success(catalogue)
    }

    private init(
        csv: MappedFile, index: MappedFile, base: UnsafeRawPointer, columns: MoviesCSV.ColumnIndices, count: Int,
        folded: Int, extras: (offset: Int, count: Int)
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
        foldEnds = array(UInt32.self)
        foldedTitles = UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: folded)
        extraStarts = UnsafeBufferPointer(
            start: (base + extras.offset).assumingMemoryBound(to: UInt32.self), count: extras.count)
    }

    /// The length of the longest folded title, when every offset the index
    /// holds lies inside the CSV, every position inside the index, the
    /// folded titles' ends never go back and end where the file does, and
    /// the other word starts are in order of films that have them; nil
    /// otherwise. (A word start past its title is harmless: a search only
    /// compares words that end inside their title; a start above 65,535 is
    /// refused, so that none reads as negative.)
    private var longestTitleIfInBounds: Int? {
        let size = csv.bytes.count
        var end = 0
        var longest = 0
        var withMoreWords = 0
        for film in 0..<count {
            let next = Int(UInt32(littleEndian: foldEnds[film]) & ~MovieIndexFile.moreWords)
            guard Int(UInt32(littleEndian: recordStarts[film])) < size,
                Int(UInt32(littleEndian: positionsByID[film])) < count, next >= end
            else { return nil }
            if UInt32(littleEndian: foldEnds[film]) & MovieIndexFile.moreWords != 0 { withMoreWords += 1 }
            longest = max(longest, next - end)
            end = next
        }
        var previous = -1
        for pair in stride(from: 0, to: extraStarts.count, by: 2) {
            let film = Int(UInt32(littleEndian: extraStarts[pair]))
            // A start is never negative as `rank` reads it (an Int32).
            guard film >= previous, film < count, UInt32(littleEndian: extraStarts[pair + 1]) <= UInt16.max else {
                return nil
            }
            previous = film
        }
        return end == foldedTitles.count && withMoreWords <= extraStarts.count / 2 ? longest : nil
    }

    /// Appends to `starts` the word starts of `film` found elsewhere than
    /// after a space.
    private func appendExtraStarts(of film: Int, to starts: UnsafeMutableBufferPointer<Int32>, count: inout Int) {
        var low = 0
        var high = extraStarts.count / 2
        while low < high {
            let middle = (low + high) / 2
            if Int(UInt32(littleEndian: extraStarts[2 * middle])) < film { low = middle + 1 } else { high = middle }
        }
        while low < extraStarts.count / 2, Int(UInt32(littleEndian: extraStarts[2 * low])) == film,
            count < starts.count
        {
            starts[count] = Int32(truncatingIfNeeded: UInt32(littleEndian: extraStarts[2 * low + 1]))
            count += 1
            low += 1
        }
    }

    func search(words: [[UInt8]]) -> [Int32] {
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty }) else { return [] }
        var queryMask: UInt64 = 0
        for word in words { queryMask |= TitleFolding.maskBit(word[0]) }
        let whole = Array(words.joined(separator: [UInt8(ascii: " ")]))
        // Already in popularity order: each rank's matches come out ranked.
        var ranked: [[Int32]] = Array(repeating: [], count: MovieSearchIndex.Rank.allCases.count)
        // One title's word starts: at its start, after each space, and the
        // few listed apart (a word has at least one byte).
        let starts = UnsafeMutableBufferPointer<Int32>.allocate(capacity: longestTitle + 1)
        defer { starts.deallocate() }
        let space = UInt8(ascii: " ")
        let moreWords = MovieIndexFile.moreWords
        for film in 0..<count where UInt64(littleEndian: masks[film]) & queryMask == queryMask {
            let foldStart = film == 0 ? 0 : Int(UInt32(littleEndian: foldEnds[film - 1]) & ~moreWords)
            let end = UInt32(littleEndian: foldEnds[film])
            let title = UnsafeBufferPointer(rebasing: foldedTitles[foldStart..<Int(end & ~moreWords)])
            var wordCount = 0
            if !title.isEmpty {
                starts[0] = 0
                wordCount = 1
                for position in title.indices where title[position] == space && wordCount < starts.count {
                    starts[wordCount] = Int32(position + 1)
                    wordCount += 1
                }
            }
            if end & moreWords != 0 { appendExtraStarts(of: film, to: starts, count: &wordCount) }
            let rank = MovieSearchIndex.rank(
                ofTitle: 0..<title.count, in: title, words: 0..<wordCount,
                of: UnsafeBufferPointer(rebasing: starts[0..<wordCount]), query: words, whole: whole)
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

    private func position(ofIDRank rank: Int) -> Int {
        Int(UInt32(littleEndian: positionsByID[rank]))
    }
}
