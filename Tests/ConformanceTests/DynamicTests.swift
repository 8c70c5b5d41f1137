import BindingKit
import Domain
import Experiments
import Playground
import Testing

@testable import DynamicBackend

/// What only the `dynamic` backend promises, and the consequences of the
/// `Dynamic<T>` of "Bindings in Swift: first steps towards MVVM" the
/// playground is meant to show: bind calls at once, every set notifies,
/// listeners stay for good, derived values live as long as their parent,
/// two-way bindings do not echo, commands follow a weak `enabled`, a second
/// command is fatal, and a strong `self` in a listener leaks the view; and
/// how the playground watches it, by decoration only.
@Suite struct DynamicTests {
    /// A world of its own, clock at zero.
    static func makeWorld() -> Sandbox { TestApp(backend: DynamicBackend()).world }

    /// `bind` calls the listener at once and on every set, `addListener` only on later sets.
    @Test func bindCallsAtOnceAddListenerDoesNot() {
        let dyn = Dynamic(1)
        var bound: [Int] = []
        var added: [Int] = []
        dyn >>> { bound.append($0) }
        dyn >> { added.append($0) }
        dyn.value = 2
        #expect(bound == [1, 2])
        #expect(added == [2])
    }

    /// Every set notifies, equal values included, and listeners are never removed.
    @Test func everySetNotifiesAndListenersStay() {
        let dyn = Dynamic("a")
        var heard = 0
        for _ in 0..<3 { dyn >> { _ in heard += 1 } }
        dyn.value = "a"
        dyn.value = "a"
        #expect(heard == 6)
        #expect(dyn.listenerCount == 3)
    }

    /// The article's `pm.userName | { … } >>> label` compiles as written, and the mapped Dynamic outlives the expression.
    @Test func theArticlesMapAndBindCompilesAndStaysAlive() {
        let userName = Dynamic("Ann")
        let label = Label()
        userName | { "Current dynamic value: \($0)" } >>> label
        #expect(label.text == "Current dynamic value: Ann")
        userName.value = "Bob"
        #expect(label.text == "Current dynamic value: Bob")
        releaseAssociations(of: [label])
    }

    /// `&` lets the first value through unchecked, then only the values that pass.
    @Test func filterPassesTheFirstValueUnchecked() {
        let number = Dynamic(1)
        var even: [Int] = []
        number & { $0 % 2 == 0 } >>> { even.append($0) }
        number.value = 3
        number.value = 4
        #expect(even == [1, 4])
    }

    /// `<<>>>` gives the right side the left's value, carries each later set across once, and suppresses the echo.
    @Test func twoWayBindingLeftWinsAndDoesNotEcho() {
        let world = Self.makeWorld()
        let model = Dynamic("model").traced("query", of: "ViewModel", in: world)
        let field = Dynamic("field").traced("text", of: "search", in: world)
        var modelSets = 0
        var fieldSets = 0
        model >> { _ in modelSets += 1 }
        field >> { _ in fieldSets += 1 }

        model <<>>> field
        #expect(field.value == "model")
        #expect(model.value == "model")
        field.value = "typed"
        #expect(model.value == "typed")
        model.value = "picked"
        #expect(field.value == "picked")
        // At start the field's set reaches the model once; then each set once per side.
        #expect(modelSets == 3)
        #expect(fieldSets == 3)
        let echoes = world.tracer.drain().hops.filter { $0.message == "echo suppressed" }
        #expect(echoes.count == 3)
    }

    /// A widget's modifier is made once and kept on the widget, and `viewModel.title >>> label` uses the default one.
    @Test func propertyModifiersAreStoredOnTheWidget() {
        let label = Label()
        #expect(label.textModifier === label.textModifier)
        #expect(label.defaultPropertyModifier === label.textModifier)
        let title = Dynamic("Orders")
        title >>> label
        #expect(label.text == "Orders")
        releaseAssociations(of: [label])
    }

    /// A command does nothing while its `enabled` is false, and runs once `enabled` has gone, which it holds weakly.
    @Test func commandsFollowAWeakEnabled() {
        var enabled: Dynamic<Bool>? = Dynamic(false)
        var runs = 0
        let command = Command<Void>(enabled: enabled!) { _, _ in runs += 1 }
        command.execute()
        #expect(runs == 0)
        enabled?.value = true
        command.execute()
        #expect(runs == 1)
        enabled = nil
        #expect(command.enabled == nil)
        command.execute()
        #expect(runs == 2)
    }

    /// `button >> command` makes the button follow `enabled` and run the command, without retaining it.
    @Test func aButtonRunsItsCommandWithoutRetainingIt() {
        let button = Button("Load more")
        let enabled = Dynamic(false)
        var runs = 0
        var command: Command<Void>? = Command(enabled: enabled) { _, _ in runs += 1 }
        button >> command!
        #expect(!button.isEnabled)
        #expect(!button.tap())
        enabled.value = true
        #expect(button.isEnabled)
        #expect(button.tap())
        #expect(runs == 1)
        weak let weakCommand = command
        command = nil
        #expect(weakCommand == nil)
        button.tap()
        #expect(runs == 1)
        releaseAssociations(of: [button])
    }

    /// A second command on one button is the article's `fatalError`: a programming error, found at run time.
    @Test func aSecondCommandIsFatal() async {
        await #expect(processExitsWith: .failure) {
            let button = Button("Load more", name: "more")
            let one = Command<Void> { _, _ in }
            let two = Command<Void> { _, _ in }
            button >> one
            button >> two
        }
    }

    /// The list helper does not fire on creation, reloads a main-queue turn after a change, and holds its data weakly.
    @Test func theListHelperReloadsATurnLater() {
        final class Cell: BindableTableCell {
            private(set) var row = ListWidget.Row("")
            func bindViewModel(_ viewModel: String) { row = ListWidget.Row(viewModel) }
        }
        let world = Self.makeWorld()
        let list = ListWidget(tracer: world.tracer)
        var data: Dynamic<[String]>? = Dynamic(["a"])
        let helper = SimpleTableViewHelper(tableView: list, data: data!, cellType: Cell.self)
        #expect(world.scheduler.isIdle)
        #expect(list.rows.map(\.text) == ["a"])
        world.run { data?.value = ["a", "b"] }
        #expect(list.count == 1)
        #expect(world.scheduler.step())
        #expect(list.rows.map(\.text) == ["a", "b"])
        weak let weakData = data
        data = nil
        #expect(weakData == nil)
        withExtendedLifetime(helper) {}
    }

    /// The playground names every receiver from outside the article's code: a closure listener, a modifier's widget and property, the list helper, and its reload a turn later.
    @Test func theTraceNamesEachReceiver() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.orders(.load))
        app.drain()
        let hops = app.world.tracer.drain().hops
        #expect(
            hops.map { "\($0.from) → \($0.to)  \($0.message)" } == [
                "OrdersViewModel → listener  title = \"Orders\"",
                "OrdersViewModel → spinner.isAnimating  isLoading = false",
                "list → OrdersViewModel  refresh.execute()",
                "OrdersViewModel → spinner.isAnimating  isLoading = true",
                "OrdersViewModel → listener  title = \"Orders (100)\"",
                "OrdersViewModel → SimpleTableViewHelper  orders = 100 rows",
                "OrdersViewModel → spinner.isAnimating  isLoading = false",
                "SimpleTableViewHelper → list  reloadData()",
            ])
        #expect(hops.map(\.delivery) == Array(repeating: .sync, count: 7) + [.queued])
    }

    /// A closure listener's hop comes before the hops its call causes: the details page's name reaches the orders list.
    @Test func aListenersHopComesBeforeWhatItCauses() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.select(row: 2)))
        _ = app.world.tracer.drain()
        try app.perform(.orders(.name("Gift")))
        let hops = app.world.tracer.drain().hops.map { "\($0.from) → \($0.to)  \($0.message)" }
        let listener = try #require(hops.firstIndex(of: "OrderDetailsViewModel → listener  name = \"Gift\""))
        let list = try #require(hops.firstIndex(of: "OrdersViewModel → SimpleTableViewHelper  orders = 100 rows"))
        #expect(listener < list)
        #expect(!hops.contains { $0.contains("name | { … }") }, "a derived Dynamic's feed is left out")
    }

    /// A list helper let go of leaves its listener behind: a change afterwards reaches it, and its reload drops.
    @Test func aGoneListHelpersReloadDrops() throws {
        let world = Self.makeWorld()
        let subject = try world.run { () throws(ProbeRefusal) in try DynamicBackend().makeProbeSubject(in: world) }
        let view = try world.run { () throws(ProbeRefusal) in try subject.attachView(in: world, wiring: .recommended) }
        while world.scheduler.step() {}
        try world.run { () throws(ProbeRefusal) in try subject.bindAgain(view) }
        _ = world.tracer.drain()
        try world.run { () throws(ProbeRefusal) in try subject.change(.rename(row: 1, to: "Gift")) }
        while world.scheduler.step() {}
        let hops = world.tracer.drain().hops
        #expect(hops.filter { $0.delivery == .dropped }.map(\.message) == ["reloadData()"])
        #expect(hops.filter { $0.to == "SimpleTableViewHelper" }.count == 2)
        #expect(hops.filter { $0.delivery == .queued }.count == 1)
    }

    /// On the screen the search field and the query are bound both ways: a search shows the echo suppressed.
    @Test func theSearchFieldIsBoundBothWays() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.movies(.search("star wars")))
        let hops = app.world.tracer.drain().hops
        #expect(hops.contains { $0.message == "<<>>> query = \"star wars\"" && $0.to == "MoviesListViewModel.query" })
        #expect(hops.contains { $0.message == "echo suppressed" && $0.from == "MoviesListViewModel.query" })
        app.drain()
        #expect(app.rows()?.count == 20)
    }

    /// Wired with a strong `self` in a listener, the view and its view model keep each other alive, as the article warns.
    @Test func aStrongSelfLeaksTheViews() throws {
        let world = Self.makeWorld()
        let subject = try world.run { () throws(ProbeRefusal) in try DynamicBackend().makeProbeSubject(in: world) }
        world.addRoot(subject)
        var view: AnyObject? = try world.run { () throws(ProbeRefusal) in
            try subject.attachView(in: world, wiring: .strongSelf)
        }
        world.addRoot(view!)
        while world.scheduler.step() {}
        world.survey()
        weak let weakView = view
        view = nil
        #expect(weakView != nil)
        for name in ["OrdersView", "OrdersViewModel", "OrderCell"] {
            #expect(world.census.live(name) == 1, "\(name) was freed")
        }
    }

    /// With `unowned`, a listener called after its view died traps, as the article warns: `naive-capture` runs it in a child process and reports the runtime's message.
    @Test func anUnownedSelfTrapsInTheChildProcess() throws {
        let finding = try #require(Experiments.named("naive-capture")).run(on: DynamicBackend())
        #expect(finding.cells[2] == "would crash")
        #expect(
            finding.notes.contains {
                $0.hasPrefix("unowned self") && $0.contains("Attempted to read an unowned reference")
                    && $0.contains("was ended by SIG")
            }, "\(finding.notes)")
    }

    /// The experiments' strong wiring keeps an attached view alive after it is dropped; the recommended one does not.
    @Test func probeWiringsLeakOnlyWhenStrong() throws {
        let world = Self.makeWorld()
        let subject = try DynamicBackend().makeProbeSubject(in: world)
        var weakView = try world.run { () throws(ProbeRefusal) in
            try subject.attachView(in: world, wiring: .recommended) as AnyObject?
        }
        weak let recommended = weakView
        weakView = nil
        #expect(recommended == nil)
        var strongView = try world.run { () throws(ProbeRefusal) in
            try subject.attachView(in: world, wiring: .strongSelf) as AnyObject?
        }
        weak let leaked = strongView
        strongView = nil
        #expect(leaked != nil)
        // No removal: both views' listeners stay on the view model.
        #expect(subject.registrations >= 4)
    }

    /// Binding a view again adds every listener again: a change reaches the view twice.
    @Test func probeBindingAgainDoublesListeners() throws {
        let world = Self.makeWorld()
        let subject = try DynamicBackend().makeProbeSubject(in: world)
        let view = try subject.attachView(in: world, wiring: .recommended)
        let once = subject.registrations
        try subject.bindAgain(view)
        #expect(subject.registrations == 2 * once)
    }

    /// The two-way probe carries typing to the model and the model's sets to the field, each once.
    @Test func probeTwoWayFieldDoesNotEcho() throws {
        let world = Self.makeWorld()
        let subject = try DynamicBackend().makeProbeSubject(in: world)
        let probe = try subject.attachTwoWayField(in: world)
        let start = probe.modelSetCount
        probe.userTypes("Gift")
        #expect(probe.modelValue == "Gift")
        #expect(probe.modelSetCount == start + 1)
        probe.modelSets("Box")
        #expect(probe.fieldText == "Box")
        #expect(probe.modelSetCount == start + 2)
    }

    /// The order name field is bound both ways to the order's name: typing renames it, the echo is suppressed, the list shows it after back.
    @Test func theOrderNameFieldIsBoundBothWays() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.select(row: 2)))
        _ = app.world.tracer.drain()
        try app.perform(.orders(.name("Gift")))
        #expect(app.title == "Gift #2")
        let hops = app.world.tracer.drain().hops
        #expect(hops.contains { $0.message == "<<>>> name = \"Gift\"" && $0.to == "OrderDetailsViewModel.name" })
        #expect(hops.contains { $0.message == "echo suppressed" && $0.from == "OrderDetailsViewModel.name" })
        try app.perform(.back)
        #expect(app.rows()?[2] == "Gift #2")
    }

    /// A rename from the details page reaches the order it was opened for, even after a load answered and moved it to another row.
    @Test func theDetailsRenameFollowsItsOrder() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.remove(row: 0)))
        app.drain()
        try app.perform(.orders(.load))  // in flight while the details open
        try app.perform(.orders(.select(row: 2)))
        #expect(app.title == "Order #3")
        app.drain()
        try app.perform(.orders(.name("Gift")))
        try app.perform(.back)
        app.drain()
        #expect(app.rows()?[2] == "Order #2")
        #expect(app.rows()?[3] == "Gift #3")
    }

    /// "Load more" runs the view model's command and follows its `enabled`: off while a page loads, on again after.
    @Test func loadMoreIsACommand() throws {
        let app = TestApp(backend: DynamicBackend())
        try app.perform(.movies(.search("star wars")))
        app.drain()
        let button = try #require(app.device.visibleScreen?.widget(Button.self, named: "loadMore"))
        #expect(button.isEnabled && !button.isHidden)
        _ = app.world.tracer.drain()
        try app.perform(.movies(.more))
        #expect(!button.isEnabled)
        let hops = app.world.tracer.drain().hops
        #expect(hops.contains { $0.from == "loadMore" && $0.message == "loadNextPage.execute()" })
        app.drain()
        #expect(button.isEnabled)
        #expect(app.rows()?.count == 40)
    }
}
