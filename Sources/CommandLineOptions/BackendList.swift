/// A list of backends as `--backend` and `:use` take it: `all`, or ids
/// separated by commas (blanks around them are ignored, a repeated id counts once).
public enum BackendList {
    /// What is wrong with a list.
    public enum Problem: Error, Equatable, Sendable {
        /// An id that is not among `known`.
        case unknown(id: String, suggestion: String?, known: [String])
        /// Nothing but commas and blanks.
        case empty

        public var message: String {
            switch self {
            case .unknown(let id, let suggestion, let known):
                "unknown backend '\(id)'\(Suggestion.hint(suggestion)) (known: \(known.joined(separator: ", ")), all)"
            case .empty:
                "name at least one backend"
            }
        }
    }

    /// The ids `list` names, in its order, among `known` (`all`: every one of them).
    public static func ids(_ list: String, among known: [String]) throws(Problem) -> [String] {
        if list.lowercased() == "all" { return known }
        var chosen: [String] = []
        for word in list.split(separator: ",", omittingEmptySubsequences: false) {
            let id = String(
                word.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            guard let found = known.first(where: { $0 == id.lowercased() }) else {
                throw .unknown(id: id, suggestion: Suggestion.nearest(to: id, in: known), known: known)
            }
            if !chosen.contains(found) { chosen.append(found) }
        }
        guard !chosen.isEmpty else { throw .empty }
        return chosen
    }
}
