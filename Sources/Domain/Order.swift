/// One order, as in the Tinkoff article (seed 001): a name and an id.
public struct Order: Equatable, Hashable, Sendable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    /// The text a list row shows: `Order #3`.
    ///
    /// Concatenated rather than interpolated: interpolation goes through the
    /// generic `DefaultStringInterpolation`, several times the cost, and a
    /// list of a million orders asks for this often.
    public var displayName: String { name + " #" + String(id) }
}
