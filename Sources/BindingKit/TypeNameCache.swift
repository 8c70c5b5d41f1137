/// Remembers each class's printed name: `String(describing:)` on a type is
/// slow enough to show when a million rows are made or a hop is traced per
/// event.
struct TypeNameCache {
    private var names: [ObjectIdentifier: String] = [:]

    /// `type`'s name, e.g. `OrdersViewModel`.
    mutating func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names[key] { return name }
        let name = String(describing: type)
        names[key] = name
        return name
    }
}
