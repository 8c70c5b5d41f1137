// Catalog: the data layer — repository implementations behind Domain's
// protocols: generated orders, the movies catalogue, recent-queries storage
// (SQLite or memory), and the latency and faults of a simulated network.
// May import: Domain, CSQLite, Dispatch, the C library. Never BindingKit or a
// backend, nor Foundation: the executable links none (see
// Docs/performance.md, start-up).
//
// Movies (seed 004's Data layer):
//   MoviesCSV                      the CSV reader (RFC 4180, bytes in, films out)
//   MovieCatalogue                 the films, loaded on first use; search and pages
//   MovieIndexFile                 the prebuilt index (movies.index); MappedCatalogue searches through it
//   CatalogueFiles                 where the package's movies.csv and movies.index are, read whole
//   MovieTable                     how the films are kept: compact rows, Movies made on demand
//   MovieSearchIndex, TitleFolding how search is fast and case/diacritic-blind
//   GrowableBuffer, concurrentMap  what loading fast takes: appends without Array's
//                                  checks, work on every core
//   CatalogueMoviesRepository      MoviesRepository over a catalogue, behind NetworkConditions
//   InMemory/SQLiteMoviesQueriesStorage, openRecentQueriesStorage(path:)
//                                  the recent queries, kept in memory or in a file
//   RecentQueriesDatabase          the file's connection; SQLiteFailure, what SQLite said
//                                  when a call failed, read at once, and its kind
//
// The catalogue ships inside the package (Resources/movies.csv, a copy of
// ../shared/data/movies.csv) and is never read from ../shared at run time.
