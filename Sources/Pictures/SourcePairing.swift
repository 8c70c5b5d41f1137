public import BindingKit
public import Experiments

/// Two backends' files paired by what each is for: their glue, the orders
/// view model, the orders view, … — the files a reader puts side by side to
/// see two approaches differ. The backends are laid out the same way
/// (`Glue/`, `Orders/`, `Movies/`, the assembly), so most files pair by
/// their path; a few roles are filled by files named otherwise (`OrdersView`,
/// `OrdersListView` and `OrdersContentView` are each backend's orders view).
/// A file no role of the other backend answers stands alone.
public struct SourcePairing: Equatable, Sendable {
    /// One backend's side.
    public struct Side: Equatable, Sendable {
        public let backend: String
        /// Its folder, relative to the package: `Sources/Backends/Delegate`.
        public let folder: String

        public init(backend: String, folder: String) {
            self.backend = backend
            self.folder = folder
        }
    }

    /// One role and the file that fills it on each side.
    public struct Pair: Equatable, Sendable {
        /// `orders view model`, `container view`, `Glue/Event`.
        public let role: String
        /// Relative to the left backend's folder (`Orders/OrdersViewModel.swift`);
        /// nil when the left backend has no file in this role.
        public let left: String?
        public let right: String?
    }

    public let left: Side
    public let right: Side
    /// Glue first, then the orders screen, the movies screen, the assembly.
    public let pairs: [Pair]

    /// Whether both sides are one folder (the variants of one approach):
    /// every pair is a file with itself.
    public var sharesFolder: Bool { left.folder == right.folder }

    /// Pairs the article files of two backends (`:source`'s: no `+Trace`
    /// or `+Probe` file) found in `sources`.
    public init(_ left: any BindingBackend, _ right: any BindingBackend, in sources: PackageSources) {
        let sides = [left, right].map { Side(backend: $0.info.id, folder: PackageSources.folder(of: $0)) }
        let files = sides.map { side in
            sources.swiftFiles(under: side.folder)
                .filter { !PackageSources.isInstrumentation($0) }
                .map { String($0.dropFirst(side.folder.count + 1)) }
        }
        self.init(left: sides[0], leftFiles: files[0], right: sides[1], rightFiles: files[1])
    }

    /// Pairs two lists of files, each relative to its backend's folder.
    public init(left: Side, leftFiles: [String], right: Side, rightFiles: [String]) {
        self.left = left
        self.right = right
        var roles: [String] = []
        var filled: [String: (left: String?, right: String?)] = [:]
        for (file, isLeft) in leftFiles.map({ ($0, true) }) + rightFiles.map({ ($0, false) }) {
            var role = Self.role(of: file)
            // Two files of one side in one role (unusual): the second is its own role.
            if let taken = filled[role], (isLeft ? taken.left : taken.right) != nil { role = Self.stem(file) }
            if filled[role] == nil { roles.append(role) }
            if isLeft {
                filled[role, default: (nil, nil)].left = file
            } else {
                filled[role, default: (nil, nil)].right = file
            }
        }
        pairs = roles.map { Pair(role: $0, left: filled[$0]?.left, right: filled[$0]?.right) }
            .sorted { (Self.rank($0), Self.known($0), $0.role) < (Self.rank($1), Self.known($1), $1.role) }
    }

    /// The roles every backend fills, with the names their files go by.
    /// A file not named here is its own role: its path without `.swift`.
    static let knownRoles: [(role: String, stems: Set<String>)] = [
        ("container view", ["Glue/ContainerView"]),
        ("orders view model", ["Orders/OrdersViewModel", "Orders/OrdersModule"]),
        ("orders view", ["Orders/OrdersContentView", "Orders/OrdersView", "Orders/OrdersListView"]),
        ("order details", ["Orders/OrderDetails"]),
        ("movies list view model", ["Movies/MoviesListViewModel", "Movies/MoviesListModule"]),
        ("movies list view", ["Movies/MoviesListView"]),
        ("movie details", ["Movies/MovieDetails"]),
        ("recent queries", ["Movies/MoviesQueriesList"]),
        ("movies flow coordinator", ["Movies/MoviesSearchFlowCoordinator"]),
    ]

    /// Every role name `knownRoles` gives, in order, and `assembly`.
    public static var roleNames: [String] { knownRoles.map(\.role) + ["assembly"] }

    /// The role of a file, from its path relative to its backend's folder.
    public static func role(of file: String) -> String {
        let stem = stem(file)
        if !stem.contains("/"), stem.hasSuffix("Backend") { return "assembly" }
        return knownRoles.first { $0.stems.contains(stem) }?.role ?? stem
    }

    private static func stem(_ file: String) -> String {
        file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file
    }

    /// Where a known role comes in `knownRoles`; after them, the others.
    private static func known(_ pair: Pair) -> Int {
        knownRoles.firstIndex { $0.role == pair.role } ?? knownRoles.count
    }

    /// Glue, the orders screen, the movies screen, anything else, the assembly.
    private static func rank(_ pair: Pair) -> Int {
        let file = pair.left ?? pair.right ?? ""
        if pair.role == "assembly" { return 5 }
        switch file.split(separator: "/").first {
        case "Glue": return pair.role == "container view" ? 0 : 1
        case "Orders": return 2
        case "Movies": return 3
        default: return 4
        }
    }
}
