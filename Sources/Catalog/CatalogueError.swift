/// Why the movies catalogue could not be read.
///
/// Each case carries what a person needs to fix it; `message` is the one line
/// a screen or the shell shows.
public enum CatalogueError: Error, Equatable, Sendable {
    /// The package's catalogue is not where the package has it (`name` is
    /// the path looked at).
    case resourceMissing(name: String)
    /// The file exists (or should) but could not be read.
    case unreadable(path: String, reason: String)
    /// The first row does not name the columns the catalogue needs.
    case badHeader(missingColumns: [String])

    /// One line a person understands.
    public var message: String {
        switch self {
        case .resourceMissing(let name):
            "The movies catalogue (\(name)) is missing: run bindlab from the package it was built in"
        case .unreadable(let path, let reason):
            "Cannot read the movies catalogue at \(path): \(reason)"
        case .badHeader(let missing) where missing.isEmpty:
            "The movies catalogue has no header row"
        case .badHeader(let missing):
            "The movies catalogue's header lacks the column(s) \(missing.joined(separator: ", "))"
        }
    }
}
