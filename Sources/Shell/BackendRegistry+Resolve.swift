public import BindingKit
public import Playground

extension BackendRegistry {
    /// The backends named by a `:use` / `--backend` argument: `all`, or ids
    /// separated by commas.
    public static func resolve(_ list: String) throws(ShellError) -> [any BindingBackend] {
        if list.lowercased() == "all" { return all }
        var chosen: [any BindingBackend] = []
        for id in list.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmingBlanks }) {
            guard let backend = backend(id) else {
                let hint = Suggestion.nearest(to: id, in: ids).map { "; did you mean '\($0)'?" } ?? ""
                throw ShellError.usage(
                    "unknown backend '\(id)'\(hint) (known: \(ids.joined(separator: ", ")), all)")
            }
            if !chosen.contains(where: { $0.info.id == backend.info.id }) { chosen.append(backend) }
        }
        guard !chosen.isEmpty else { throw ShellError.usage("name at least one backend") }
        return chosen
    }
}
