public import BindingKit
import CommandLineOptions
public import Playground

extension BackendRegistry {
    /// The backends named by a `:use` / `--backend` argument: `all` (every
    /// backend that works as an app, `inAll`), or ids separated by commas.
    public static func resolve(_ list: String) throws(ShellError) -> [any BindingBackend] {
        if list.lowercased() == "all" { return inAll }
        do {
            return try BackendList.ids(list, among: ids).compactMap(backend)
        } catch {
            throw .badBackendList(problem: error)
        }
    }
}
