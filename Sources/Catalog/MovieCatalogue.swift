public import Domain

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The films the movies screen searches: the package's copy of the real
/// catalogue (58,788 films), or films given in memory.
///
/// A catalogue loads on first use (a search, a lookup or `load()`). The
/// package's catalogue maps its CSV and the prebuilt index beside it
/// (`MovieIndexFile`, made by `swift run catalog-index`) and uses them in
/// place: nothing is parsed ahead of a search, a film is parsed from its
/// record when one is handed out. Without a usable index (missing, damaged,
/// made from another CSV) it says so in one line on the standard error and
/// does what every other catalogue does: reads and parses its CSV, then folds
/// every title once for search, using every core for both (some 15 to 25
/// milliseconds for the shipped films); the films are then kept as compact
/// rows (`MovieTable`).
///
/// Search (`search(_:)`, `page(_:for:)`):
/// - Case- and diacritic-insensitive, on words (see `TitleFolding`): "amelie"
///   finds "Amélie".
/// - Every query word must start some word of the title, the last one too:
///   "star wa" finds "Star Wars". A query with no letters or digits finds
///   nothing.
/// - Ranked: the exact title first, then titles starting with the query, then
///   the other matches; within each, by votes descending, then title, then id.
///
/// Pages are 1-based and hold `pageSize` films. A query that finds nothing has
/// `totalPages == 0`, so that seed 004's `hasMorePages = currentPage <
/// totalPageCount` is false after its first (empty) page. Asking for a page
/// before the first or after the last answers an empty page, never a crash.
///
/// The last query's ranking is kept, so paging through its results does not
/// search again. A catalogue may be shared across threads: its state is
/// behind a lock.
public final class MovieCatalogue: @unchecked Sendable {
    /// How many films a page holds (seed 004's 20).
    public static let pageSize = 20

    /// What was loaded.
    public struct LoadSummary: Equatable, Sendable {
        /// How many films the catalogue holds.
        public let movieCount: Int
        /// The CSV records that were skipped; empty for films given in memory.
        public let skippedRows: [MoviesCSV.SkippedRow]
    }

    /// The package's catalogue, read from its resource on first use and shared
    /// by every repository of the process.
    public static let bundled = MovieCatalogue(source: .bundledResource)

    private enum Source {
        case bundledResource
        case file(path: String)
        /// A CSV file with a prebuilt index (`MovieIndexFile`) beside it.
        case indexedFile(path: String, index: String)
        case movies([Movie])
        case table(MovieTable, skippedRows: [MoviesCSV.SkippedRow])
    }

    private enum State {
        case unloaded(Source)
        case loaded(any CatalogueIndex, skippedRows: [MoviesCSV.SkippedRow])
        case failed(CatalogueError)
    }

    private let lock = Lock()
    private var state: State
    /// The queries searched last (folded) and their rankings, the latest
    /// first, for paging — and for `check`, whose sessions, replayed on
    /// several threads at once, search the same few queries over and over.
    private var recentSearches: [(query: [[UInt8]], ranked: [Int32])] = []
    /// How many rankings `recentSearches` keeps (each at most 4 bytes a film).
    private static let recentSearchLimit = 16

    private init(source: Source) {
        state = .unloaded(source)
    }

    /// A catalogue of `movies`, indexed on first use.
    ///
    /// Ids are taken as given; a lookup by id answers the first film with it.
    public convenience init(movies: [Movie]) {
        self.init(source: .movies(movies))
    }

    /// A catalogue parsed from CSV text now (see `MoviesCSV`), indexed on
    /// first use; skipped records are reported by `load()`.
    ///
    /// - Throws: `CatalogueError.badHeader` when the header lacks a required column.
    public convenience init(csv: String) throws(CatalogueError) {
        let (table, skipped) = try MoviesCSV.parseTable(Array(csv.utf8))
        self.init(source: .table(table, skippedRows: skipped))
    }

    /// A catalogue read from the CSV file at `path` on first use.
    public convenience init(contentsOfFile path: String) {
        self.init(source: .file(path: path))
    }

    /// A catalogue read from the CSV file at `path` through the prebuilt
    /// index at `index` on first use, or parsed, with a one-line warning, when
    /// the index cannot be used (what the package's catalogue does).
    convenience init(contentsOfFile path: String, indexedBy index: String) {
        self.init(source: .indexedFile(path: path, index: index))
    }

    /// Where the package's `movies.csv` is: in the package's own sources
    /// (`Sources/Catalog/Resources`), found from where the module was
    /// compiled (`CatalogueFiles`); nil when it is not there (an executable copied to a machine
    /// without the package).
    ///
    /// Not a SwiftPM resource: a target with resources gets a generated
    /// `Bundle.module` accessor that imports Foundation, and through it every
    /// module above Catalog saw Foundation's `String` methods and linked
    /// Foundation and ICU, which the loader relocated at every start of the
    /// program (see Docs/performance.md, start-up). The program needs no
    /// Foundation at all.
    public static func bundledResourcePath() -> String? {
        let path = CatalogueFiles.packageCSVPath
        var status = stat()
        return stat(path, &status) == 0 ? path : nil
    }

    // MARK: Loading

    /// Loads the catalogue now, if it is not loaded yet.
    ///
    /// A failure is remembered: later calls throw it again without retrying.
    ///
    /// - Throws: `CatalogueError` when the file is missing, unreadable or has
    ///   no usable header.
    @discardableResult
    public func load() throws(CatalogueError) -> LoadSummary {
        lock.lock()
        defer { lock.unlock() }
        let (index, skipped) = try loadedIndex()
        return LoadSummary(movieCount: index.count, skippedRows: skipped)
    }

    /// Whether the catalogue has loaded (successfully).
    public var isLoaded: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .loaded = state { return true }
        return false
    }

    /// Whether the catalogue loaded through a prebuilt index (`MovieIndexFile`).
    var isLoadedFromIndex: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .loaded(let index, _) = state { return index is MappedCatalogue }
        return false
    }

    /// Every film, in catalogue order.
    public func movies() throws(CatalogueError) -> [Movie] {
        lock.lock()
        defer { lock.unlock() }
        return try loadedIndex().index.movies()
    }

    /// The film with `id`; nil when there is none.
    public func movie(id: Movie.ID) throws(CatalogueError) -> Movie? {
        lock.lock()
        defer { lock.unlock() }
        return try loadedIndex().index.movie(id: id)
    }

    // MARK: Searching

    /// Every film matching `query`, best first (see the type's discussion).
    ///
    /// - Complexity: O(n) in the number of films; the ranking of the last
    ///   query is reused.
    public func search(_ query: String) throws(CatalogueError) -> [Movie] {
        lock.lock()
        defer { lock.unlock() }
        let index = try loadedIndex().index
        return ranking(for: query, in: index).map { index.movie(at: Int($0)) }
    }

    /// How many films match `query`.
    public func matchCount(for query: String) throws(CatalogueError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return ranking(for: query, in: try loadedIndex().index).count
    }

    /// Page `page` (1-based) of the films matching `query`.
    ///
    /// `totalPages` is `ceil(matches / pageSize)`, 0 when nothing matches. A
    /// page outside `1...totalPages` holds no films.
    ///
    /// - Complexity: O(n) in the number of films for a new query, O(pageSize)
    ///   for another page of the last one.
    public func page(_ page: Int, for query: String) throws(CatalogueError) -> MoviesPage {
        lock.lock()
        defer { lock.unlock() }
        let index = try loadedIndex().index
        let ranked = ranking(for: query, in: index)
        let pageSize = Self.pageSize
        let totalPages = (ranked.count + pageSize - 1) / pageSize
        guard page >= 1 && page <= totalPages else {
            return MoviesPage(page: page, totalPages: totalPages, movies: [])
        }
        let start = (page - 1) * pageSize
        let films = ranked[start..<min(start + pageSize, ranked.count)].map { index.movie(at: Int($0)) }
        return MoviesPage(page: page, totalPages: totalPages, movies: films)
    }

    // MARK: Internals (called with the lock held)

    /// A query with an apostrophe is searched both ways: as one word
    /// ("night's" finds "Night's"), then split ("o'brother" finds "O Brother,
    /// Where Art Thou?"); the films of the first come first.
    private func ranking(for query: String, in index: any CatalogueIndex) -> [Int32] {
        let words = TitleFolding.words(of: query)
        let split = TitleFolding.wordsSplitAtApostrophes(of: query).flatMap { $0 == words ? nil : $0 }
        let key = split.map { words + [[]] + $0 } ?? words
        if let found = recentSearches.firstIndex(where: { $0.query == key }) {
            let recent = recentSearches.remove(at: found)
            recentSearches.insert(recent, at: 0)
            return recent.ranked
        }
        var ranked = index.search(words: words)
        if let split {
            var seen = Set(ranked)
            ranked += index.search(words: split).filter { seen.insert($0).inserted }
        }
        recentSearches.insert((key, ranked), at: 0)
        if recentSearches.count > Self.recentSearchLimit { recentSearches.removeLast() }
        return ranked
    }

    private func loadedIndex() throws(CatalogueError) -> (index: any CatalogueIndex, skipped: [MoviesCSV.SkippedRow]) {
        switch state {
        case .loaded(let index, let skipped):
            return (index, skipped)
        case .failed(let error):
            throw error
        case .unloaded(let source):
            do {
                if let prebuilt = Self.prebuiltIndex(for: source) {
                    state = .loaded(prebuilt, skippedRows: [])
                    return (prebuilt, [])
                }
                let (table, skipped) = try Self.read(source)
                let index = MovieSearchIndex(table: table)
                state = .loaded(index, skippedRows: skipped)
                return (index, skipped)
            } catch {
                state = .failed(error)
                throw error
            }
        }
    }

    /// The package's catalogue through its prebuilt index (`MovieIndexFile`),
    /// or nil, with a one-line warning on the standard error, when the index
    /// cannot be used: then the CSV is parsed, as it was before there was one.
    private static func prebuiltIndex(for source: Source) -> MappedCatalogue? {
        let csv: String
        let index: String
        switch source {
        case .bundledResource:
            guard bundledResourcePath() != nil else { return nil }  // `read` says it is missing
            (csv, index) = (CatalogueFiles.packageCSVPath, CatalogueFiles.packageIndexPath)
        case .indexedFile(let path, let indexPath):
            (csv, index) = (path, indexPath)
        case .file, .movies, .table:
            return nil
        }
        switch MappedCatalogue.open(csv: csv, index: index) {
        case .success(let catalogue):
            return catalogue
        case .failure(let error):
            let line = "bindlab: \(error.message); parsing movies.csv instead (swift run catalog-index)\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
            return nil
        }
    }

    private static func read(_ source: Source) throws(CatalogueError) -> (MovieTable, [MoviesCSV.SkippedRow]) {
        switch source {
        case .movies(let movies):
            return (MovieTable(movies: movies), [])
        case .table(let table, let skipped):
            return (table, skipped)
        case .bundledResource:
            guard let path = bundledResourcePath() else {
                throw .resourceMissing(name: CatalogueFiles.packageCSVPath)
            }
            return try read(.file(path: path))
        case .file(let path), .indexedFile(let path, _):
            return try MoviesCSV.parseTable(CatalogueFiles.readFile(atPath: path))
        }
    }
}

/// A mutual-exclusion lock over a pthread mutex (Foundation's `NSLock` is
/// one too), for state that is read and changed in more than one step.
private final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
