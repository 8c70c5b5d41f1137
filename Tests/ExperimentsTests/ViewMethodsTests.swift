import BindingKit
import Foundation
import Playground
import Testing

@testable import Experiments

#if canImport(Glibc)
    import Glibc
#endif

/// The `view-methods` experiment: what it reads of Swift files, and what it
/// finds in the backends.
@Suite struct ViewMethodsTests {
    /// Comments and string literals are left out, interpolations (and the
    /// strings and braces in them) included; `->` is one symbol.
    @Test func tokensLeaveOutCommentsAndStrings() {
        let text = #"""
            // class Commented {
            /* a /* nested */ block { */
            let a = "}\(b.map { "{" })"  /// doc }
            let c = """
                { func notAFunction()
                """
            let d = #"}"#
            func f() -> Int
            """#
        #expect(
            SwiftDeclarations.tokens(text) == [
                "let", "a", "=", "let", "c", "=", "let", "d", "=", "func", "f", "(", ")", "->", "Int",
            ])
    }

    /// A function is named by its selector; only the top level of a body
    /// counts, and only top-level types are kept, with their extensions.
    @Test func declarationsAreTheTopLevelOnes() {
        let declarations = SwiftDeclarations([
            (
                path: "A.swift",
                text: """
                protocol P<E>: AnyObject { func handle(event: E); var x: Int { get } }
                final class A<T: Equatable>: Screen, P where T: Hashable {
                    func handle(event: Int) { func local(y: Int) {} }
                    var computed: Int { func inside() {} ; return 1 }
                    static func == (lhs: A, rhs: A) -> Bool { true }
                    func f(_ a: Int, label b: (String) -> Void, c: [Int: String], d: Dictionary<Int, Int>) {}
                }
                enum Namespace {}
                extension Namespace { final class Nested: Screen { func g() {} } }
                """
            ),
            (path: "B.swift", text: "extension A: Q { func h(child: HostingController<View>) {} }"),
        ])
        #expect(declarations["Nested"] == nil)
        #expect(declarations["P"]?.kind == .protocolType)
        #expect(declarations["P"]?.functions.map(\.selector) == ["handle(event:)"])
        let a = declarations["A"]
        #expect(a?.kind == .concrete)
        #expect(a?.file == "A.swift")
        #expect(a?.inherited == ["Screen", "P", "Q"])
        #expect(a?.functions.map(\.selector) == ["handle(event:)", "==(lhs:rhs:)", "f(_:label:c:d:)"])
        #expect(a?.extended.map(\.selector) == ["h(child:)"])
        #expect(a?.allFunctions.last?.parameterTypes == ["HostingController"])
    }

    /// The views are the screens, the children they embed and the types of
    /// the backend's `View`; a protocol between view models, a default of a
    /// protocol extension and a kind of screen are not counted, and a
    /// requirement a view writes is counted once, however many defaults the
    /// protocol's extensions give it.
    @Test func aViewCountsWhatItWritesForItsViewModel() {
        let files = [
            (
                path: "B/Glue/Glue.swift",
                text: """
                protocol Page: Screen { func viewDidAppear() }
                protocol Listener { func handle(event: Int); func setup() }
                extension Listener { func setup() {}; func handle(event: Int) {} }
                protocol View { var body: Int { get } }
                final class ContainerView: Screen, Listener { func handle(event: Int) {} }
                """
            ),
            (
                path: "B/Orders/Orders.swift",
                text: """
                protocol OrdersDelegate: AnyObject { func didUpdate(title: String); func didRemove(at: Int) }
                protocol BetweenViewModels: AnyObject { func didSelect(query: String) }
                final class OrdersView: Page, OrdersDelegate, Listener, MoviesSuggestionsContainer {
                    func viewDidAppear() {}
                    func didUpdate(title: String) {}
                    func didRemove(at index: Int) {}
                    func handle(event: Int) {}
                    func add(child: SuggestionsView) {}
                }
                final class OrdersViewModel: BetweenViewModels { func didSelect(query: String) {} }
                final class SuggestionsView: Listener { func handle(event: Int) {} }
                struct DetailsView: View { var body: Int { 1 } }
                final class Cell: Listener { func handle(event: Int) {} }
                """
            ),
        ]
        let census = ViewMethods(files, in: "B")
        #expect(census.views.map(\.name) == ["DetailsView", "OrdersView", "SuggestionsView"])
        #expect(census.views.map(\.methods.count) == [0, 3, 1])
        #expect(census.views[1].protocols == ["Listener", "OrdersDelegate"])
        #expect(census.views[1].methods == ["handle(event:)", "didUpdate(title:)", "didRemove(at:)"])
        #expect(
            census.written == [
                .init(name: "Listener", methods: ["handle(event:)"]),
                .init(name: "OrdersDelegate", methods: ["didUpdate(title:)", "didRemove(at:)"]),
            ])
        #expect(census.leftOut == [.init(name: "BetweenViewModels", conformers: ["OrdersViewModel"])])
    }

    /// On the backends: the delegate views write a method per change, the
    /// event-enum views one `handle(event:)` each, and the suggestions'
    /// delegate, which a view model conforms to, is no view's.
    @Test func theDelegateViewsGrowWhereTheEventEnumOnesWriteOneMethod() throws {
        let experiment = try #require(Experiments.named("view methods"))
        let delegate = experiment.run(on: try #require(BackendRegistry.backend("delegate")))
        #expect(delegate.verdict == "up to 9 a view")
        #expect(delegate.cells == ["8 (3 + 5)", "17 (7 + 9 + 1)", "5 protocols", "1"])
        #expect(
            delegate.notes.contains { $0.hasPrefix("no view's: ") && $0.contains("MoviesQueryListViewModelDelegate") })
        let associated = experiment.run(on: try #require(BackendRegistry.backend("associated")))
        #expect(associated.verdict == "1 a view")
        #expect(associated.cells == ["2 (1 + 1)", "3 (1 + 1 + 1)", "IHaveViewModel", "1"])
        #expect(associated.notes.contains("written: IHaveViewModel: viewModelChanged(_:)"))
        let eventEnum = experiment.run(on: try #require(BackendRegistry.backend("event-enum")))
        #expect(eventEnum.verdict == "1 a view")
        #expect(eventEnum.cells == ["2 (1 + 1)", "3 (1 + 1 + 1)", "ViewModelListener", "1"])
        #expect(eventEnum.notes.contains("written: ViewModelListener: handle(event:)"))
        let observable = experiment.run(on: try #require(BackendRegistry.backend("observable")))
        #expect(observable.verdict == "none")
        #expect(observable.cells.last == "2")
    }

    /// The files are read as `glue` reads them: the package's own regular
    /// files, a mebibyte at most. A link out of the package, a FIFO (whose
    /// read would wait for a writer) and a file too large count nothing,
    /// and the census ends.
    @Test func theCensusReadsOnlyThePackagesOwnRegularFiles() throws {
        let files = FileManager.default
        let base = files.temporaryDirectory.appendingPathComponent(
            "view-methods-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? files.removeItem(at: base) }
        let root = base.appendingPathComponent("package").path
        let orders = root + "/Sources/Backends/Fake/Orders"
        try files.createDirectory(atPath: orders, withIntermediateDirectories: true)
        try files.createDirectory(atPath: base.path + "/outside", withIntermediateDirectories: true)
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        try write(root + "/Package.swift", "// swift-tools-version:6.0\n")
        let view = """
            protocol D: AnyObject { func a(); func b() }
            final class OrdersView: Screen, D { func a() {}; func b() {} }
            """
        try write(orders + "/OrdersView.swift", view)
        // Three methods more, in each of the files that must not be read.
        let leak =
            "protocol E { func c(); func d(); func e() }\nfinal class Leak: Screen, E { func c() {}; func d() {}; func e() {} }\n"
        try write(base.path + "/outside/Leak.swift", leak)
        try files.createSymbolicLink(
            atPath: orders + "/Leak.swift", withDestinationPath: base.path + "/outside/Leak.swift")
        #expect(mkfifo(orders + "/Pipe.swift", 0o600) == 0)
        try write(
            orders + "/Large.swift", leak + String(repeating: "// padding\n", count: PackageSources.sizeLimit / 11 + 1))
        let census = try #require(ViewMethods.census(of: "Sources/Backends/Fake", in: PackageSources(root: root)))
        #expect(census.views.map(\.name) == ["OrdersView"])
        #expect(census.views.map(\.methods) == [["a()", "b()"]])
        #expect(ViewMethods.census(of: "Sources/Backends/Missing", in: PackageSources(root: root)) == nil)
    }
}
