import BindingKit
import Playground

// The QIWI article's complaint (2019): "as the ViewModel grew we got a pile
// of methods in the delegate… Every method has to be implemented, and in the
// end the view is a huge sheet of methods"; with RxSwift "there would be a
// pile of bindings to the ViewModel's properties instead".

extension Experiments {
    static let viewMethods = Experiment(
        "view-methods", question: "how many methods must a view implement to hear its view model, screen by screen?",
        columns: ["orders", "movies", "through", "entries"],
        method: """
            Reads the backend's own files (Sources/Backends/<Name>/, +Trace and +Probe left
            out, from the package bindlab was built from). A view is a type declared at
            the top level of a file under Orders/ or Movies/ that conforms to BindingKit's
            Screen (or to a protocol of the backend's that refines it), or to the backend's
            own protocol named View (the QIWI article's, SwiftUI's), or that a screen's
            add(child:) takes (the suggestions list); cells and the glue's container,
            written once for every screen, are not. Counted, per view: the functions the
            view itself writes that protocols declared in the backend's files require of
            it, those it conforms to and what they inherit, except protocols that refine
            Screen (kinds of screen, not channels from a view model); a requirement left
            to a protocol extension's default is not the view's. A protocol only other
            types conform to (a delegate between two view models, a view model's input)
            is no view's: the notes name them. The orders and movies columns add up each
            screen's views (in file order); through names the protocols counted; entries
            is what one orders list view leaves in its view model's storage (a delegate
            slot counts one, each observe or >>> block one): the bindings the article
            says a reactive view writes instead of methods. A variant shares its module's
            files, and its views are its approach's.
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        try bench.attach()
        bench.drain()
        let entries = bench.registrations
        let folder = PackageSources.folder(of: backend)
        guard let census = ViewMethods.census(of: folder) else {
            return Finding(
                verdict: "not found", cells: ["?", "?", "?", String(entries)],
                notes: ["the sources are not here: bindlab's package is gone from where it was built"])
        }
        func screen(_ name: String) -> String {
            let counts = census.views.filter { $0.screen == name }.map(\.methods.count)
            let total = counts.reduce(0, +)
            return counts.count == 1
                ? String(total) : "\(total) (" + counts.map(String.init).joined(separator: " + ") + ")"
        }
        let counts = census.views.map(\.methods.count)
        let (least, most) = (counts.min() ?? 0, counts.max() ?? 0)
        let verdict =
            census.views.isEmpty
            ? "no views found" : most == 0 ? "none" : least == most ? "\(most) a view" : "up to \(most) a view"
        let protocols = Set(census.views.flatMap(\.protocols))
        let through =
            protocols.count == 1 ? protocols.first ?? "" : protocols.isEmpty ? "—" : "\(protocols.count) protocols"
        var notes = [
            "views: "
                + ["orders", "movies"].map { screen in
                    census.views.filter { $0.screen == screen }.map { "\($0.name) \($0.methods.count)" }
                        .joined(separator: ", ")
                }.joined(separator: "; ")
        ]
        if !census.written.isEmpty {
            notes.append(
                "written: "
                    + census.written.map { "\($0.name): " + $0.methods.joined(separator: ", ") }
                    .joined(separator: "; "))
        }
        if !census.leftOut.isEmpty {
            notes.append(
                "no view's: "
                    + census.leftOut.map { "\($0.name) (\($0.conformers.joined(separator: ", ")))" }
                    .joined(separator: ", "))
        }
        return Finding(
            verdict: verdict, cells: [screen("orders"), screen("movies"), through, String(entries)], notes: notes)
    }
}

/// The views of a backend and the methods each writes to hear its view
/// model, read from its files (see the `view-methods` experiment's method).
struct ViewMethods {
    struct View: Equatable {
        let name: String
        /// `orders` or `movies`: the folder it is declared in.
        let screen: String
        /// The protocols whose requirements it writes, sorted.
        let protocols: [String]
        /// The requirements it writes, protocol by protocol, each in the
        /// order the protocol declares them.
        let methods: [String]
    }

    /// A protocol the views hear their view models through, and the
    /// requirements of it that some view writes, in its order.
    struct Channel: Equatable {
        let name: String
        let methods: [String]
    }

    /// A protocol with requirements that no view conforms to, and who does.
    struct LeftOut: Equatable {
        let name: String
        let conformers: [String]
    }

    /// The views, the orders screen's first, in the order of their files
    /// and, within one, of their names.
    let views: [View]
    /// The protocols the views write methods for, in the order the views
    /// first do.
    let written: [Channel]
    let leftOut: [LeftOut]

    /// The census of `folder` (`Sources/Backends/Delegate`) in the package
    /// bindlab was built from (`sources`, another package only in the
    /// tests); nil when it is not there.
    static func census(of folder: String, in sources: PackageSources? = PackageSources.built()) -> ViewMethods? {
        guard let sources, sources.hasFolder(folder) else { return nil }
        let files = sources.swiftFiles(under: folder).filter { !PackageSources.isInstrumentation($0) }
            .compactMap { path in (try? sources.text(of: path)).map { (path: path, text: $0) } }
        return ViewMethods(files, in: folder)
    }

    /// Reads `files` (paths relative to the package, texts) of the backend in `folder`.
    init(_ files: [(path: String, text: String)], in folder: String) {
        let declarations = SwiftDeclarations(files)
        let all = declarations.declarations.values
        func screen(of declaration: SwiftDeclarations.Declaration) -> String? {
            guard let file = declaration.file else { return nil }
            for screen in ["Orders", "Movies"] where file.hasPrefix("\(folder)/\(screen)/") {
                return screen.lowercased()
            }
            return nil
        }
        func isProtocol(_ name: String) -> Bool { declarations[name]?.kind == .protocolType }
        let refinesScreen = Set(
            all.filter { $0.kind == .protocolType && declarations.conformances(of: $0.name).contains("Screen") }
                .map(\.name))
        // The types the suggestions' container embeds: `add(child: MoviesQueriesListView)`.
        let children = Set(
            all.filter { declarations.conformances(of: $0.name).contains("MoviesSuggestionsContainer") }
                .flatMap { $0.allFunctions.filter { $0.selector == "add(child:)" }.flatMap(\.parameterTypes) })
        let candidates = all.filter { $0.kind == .concrete && screen(of: $0) != nil }
            .filter { declaration in
                let conformances = declarations.conformances(of: declaration.name)
                return conformances.contains("Screen") || children.contains(declaration.name)
                    || (conformances.contains("View") && isProtocol("View"))
            }
            .sorted {
                (screen(of: $0) == "movies" ? 1 : 0, $0.file ?? "", $0.name) < (
                    screen(of: $1) == "movies" ? 1 : 0, $1.file ?? "", $1.name
                )
            }
        let heard = Set(candidates.flatMap { declarations.conformances(of: $0.name) })
        let views = candidates.map { declaration in
            let own = declarations.ownFunctions(of: declaration.name)
            var protocols: [String] = []
            var methods: [String] = []
            for name in declarations.conformances(of: declaration.name).sorted()
            where isProtocol(name) && !refinesScreen.contains(name) {
                let written = (declarations[name]?.functions ?? []).map(\.selector).filter(own.contains)
                if !written.isEmpty {
                    protocols.append(name)
                    methods += written.filter { !methods.contains($0) }
                }
            }
            return View(
                name: declaration.name, screen: screen(of: declaration) ?? "", protocols: protocols, methods: methods)
        }
        var channels: [Channel] = []
        for view in views {
            for name in view.protocols where !channels.contains(where: { $0.name == name }) {
                let methods = (declarations[name]?.functions ?? []).map(\.selector).filter { method in
                    views.contains { $0.protocols.contains(name) && $0.methods.contains(method) }
                }
                channels.append(Channel(name: name, methods: methods))
            }
        }
        self.views = views
        written = channels
        // Protocols with requirements that no view conforms to, but a type of
        // the screens' files or a screen of the glue (the container) does:
        // the primitives' own protocols are not listed.
        leftOut = all.filter { $0.kind == .protocolType && !$0.functions.isEmpty && !heard.contains($0.name) }
            .compactMap { declaration in
                let conformers = all.filter {
                    $0.kind == .concrete && declarations.conformances(of: $0.name).contains(declaration.name)
                }
                let shown = conformers.contains {
                    screen(of: $0) != nil || declarations.conformances(of: $0.name).contains("Screen")
                }
                return shown ? LeftOut(name: declaration.name, conformers: conformers.map(\.name).sorted()) : nil
            }
            .sorted { $0.name < $1.name }
    }
}
