/// One task of the kit: what it teaches, the hints it gives one at a time,
/// what grades it, and where its files are.
public struct KitTask: Sendable {
    /// 1 to 9, the order they are done in.
    public let number: Int
    /// A few words: "the spinner, then 100 rows".
    public let title: String
    /// What the task asks, in a short paragraph: shown when it is the first
    /// failing one.
    public let goal: String
    /// Hints, each more telling than the one before: `h` in `kit watch`
    /// shows the next.
    public let hints: [String]
    /// The checks that grade it, in the order they run.
    public let checks: [Check]
    /// Its sessions, by file name in the kit's `Sessions/` folder, checked on
    /// the attendee's backend after the checks.
    public let sessions: [String]
}

/// The nine tasks, in order: the card's question ("which binding, and what
/// does it cost?") built up from a list that loads to the capstone's
/// `Observable`.
public enum Curriculum {
    public static let tasks: [KitTask] = [
        KitTask(
            number: 1, title: "the spinner, then 100 rows",
            goal: """
                `orders load` shows the container's spinner at once, and a second later \
                (the data layer's latency) the 100 orders in the list, the spinner gone.
                """,
            hints: [
                """
                Start in Orders/OrdersViewModel.swift, `load()` and `didLoad(_:)`: the \
                view model tells its view through `delegate` and the container through \
                `listener`. Both are wired for you in the assembly.
                """,
                """
                The order of the messages is the screen's: the title and `showLoading()` \
                before the request; on success `orders.replace(with:)`, the title and \
                `didReceive(items:)`; `hideLoading()` whatever the answer. Then fill \
                ContainerView's `showLoading()` and `hideLoading()`.
                """,
                """
                OrdersContentView's `didReceive(items:)` keeps the items \
                (`self.items = EditedRows(items)`) and reloads the list as a data source: \
                `list.reload(count: items.count) { [weak self] index in \
                ListWidget.Row(self?.items[row: index]?.title ?? "") }`.
                """,
            ],
            checks: [OrdersChecks.loadShowsSpinnerThenOrders], sessions: ["task-1-load.session"]),
        KitTask(
            number: 2, title: "select and back",
            goal: """
                `orders select 3` opens "Order #3": its name and one line of details; \
                `back` returns to the list as it was.
                """,
            hints: [
                """
                The list's `onSelect` (OrdersContentView's `viewDidLoad`) calls the view \
                model, which makes the details' view model and hands it back to the view: \
                the view owns navigation (`navigator?.push`).
                """,
                """
                In OrdersViewModel's `selectItem(at:)`, `orders[row: index]` is nil for a \
                row that does not exist: do nothing then. The details' view model takes a \
                `didRename` closure: capture `[weak self]` in it.
                """,
                """
                Orders/OrderDetails.swift: `viewDidLoad()` tells the title \
                (`order.displayName`), the name and `order.detailsText`; the view sets \
                `outlets.title.text`, `outlets.nameField.text`, `outlets.details.text`.
                """,
            ],
            checks: [OrdersChecks.selectShowsDetailsAndBackReturns], sessions: ["task-2-select-back.session"]),
        KitTask(
            number: 3, title: "a rename touches one widget",
            goal: """
                `orders rename 2 Gift` changes row 2 and nothing else; a remove drops one \
                row and the title's count; typing a name on the details screen renames the \
                row too. At any count: the list stays a data source.
                """,
            hints: [
                """
                One change, one message: `didUpdate(item:at:)` for a rename, \
                `didRemoveItem(at:)` then the title for a remove. Telling the whole list \
                again (`didReceive(items:)`) would redraw every visible row: `:probe \
                granularity` counts the widgets a rename sets.
                """,
                """
                In the view, `items.replace(row:with:)` then `list.reload(dataSourceRow:with:)`; \
                `items.remove(row:)` then `list.delete(dataSourceRow:)`. Both return false \
                for a row that is not there.
                """,
                """
                The details screen renames through the closure its view model was given \
                (`didRename(name)`), after telling its own view the title and the details \
                line; the list's `onEdit` and `onDelete` call the view model.
                """,
            ],
            checks: [
                OrdersChecks.renameChangesOneRow, OrdersChecks.removeDropsTheRow, OrdersChecks.nameFieldRenamesTheOrder,
                OrdersChecks.rowsChangedOutOfViewShowWhenScrolledBack, OrdersChecks.oneRowChangesKeepTheListADataSource,
                TraitChecks.coarseUpdatesOnScreen, TraitChecks.coarseUpdatesInTheExperiment,
                KitChecks.verdict(
                    "granularity", is: ["1 widget"], "one renamed row sets one widget, and none needlessly"),
            ],
            sessions: ["task-3-rename.session"]),
        KitTask(
            number: 4, title: "the container as a second listener",
            goal: """
                A failed load (`:net fail next`, then `orders load`) shows the container's \
                alert, "Error: No internet connection", and no rows, the spinner stopped; \
                loading again recovers.
                """,
            hints: [
                """
                One weak delegate holds one view: the container listens through a second \
                slot of its own protocol (`listener: IContainer`), the delegate approach's \
                price for a second listener (`:probe listeners`).
                """,
                """
                In `didLoad(_:)`, the failure branch tells the container \
                `showError(error: error.message)`; ContainerView presents its alert \
                (`alert.present(title: "Error", message: error)`).
                """,
                """
                `hideLoading()` must run on failure too, and the next action dismisses the \
                alert by itself (the device does it).
                """,
            ],
            checks: [OrdersChecks.failedLoadShowsTheAlert], sessions: ["task-4-failed-load.session"]),
        KitTask(
            number: 5, title: "the view released mid-request leaves nothing alive",
            goal: """
                With a load in flight, the views released (`:release view`), nothing is \
                alive while the answer is awaited, and nothing after it.
                """,
            hints: [
                """
                Try it: `bindlab --backend NAME`, `orders load`, `:clock manual`, \
                `orders load`, `:release view`, `:alive`. Who is still alive, and who holds it?
                """,
                """
                The closure given to `loadOrders.execute` is kept by the data layer until \
                it answers, and it holds what it captures.
                """,
                """
                `{ [weak self] result in self?.didLoad(result) }`: the view model can go \
                while the request is in flight, and the answer finds no one.
                """,
            ],
            checks: [
                OrdersChecks.releasedMidRequestKeepsNothing, OrdersChecks.releasingTheViewsFreesEverything,
                TraitChecks.keptObjectsInTheExperiment,
                KitChecks.verdict(
                    "release-in-flight", is: ["dropped", "ignored"],
                    "a view released mid-request: the answer is dropped or ignored, nothing kept until it comes"),
                KitChecks.verdict(
                    "naive-capture", is: ["no capture", "no leak"],
                    "as shipped, nothing is kept alive once the view and its view model are let go"),
            ],
            sessions: ["task-5-release-mid-request.session"]),
        KitTask(
            number: 6, title: "a replay policy, chosen and declared",
            goal: """
                A view that starts listening late (a second screen on the same view model, \
                a reused cell) gets the current rows at once, a turn later, or only once it \
                loads again: choose, and declare it in the assembly (`replay`), where \
                `:probe replay` checks it.
                """,
            hints: [
                """
                `:probe replay` with `:use delegate,observable` shows two answers: a weak \
                delegate keeps no rows to hand a late view (it loads again); an \
                `Observable` hands its value to whoever observes.
                """,
                """
                To keep what your view model does, declare what `:probe replay` says of \
                your backend now: `public let replay: ReplayPolicy? = .reloads`.
                """,
                """
                To replay at once instead, your view model hands its current rows to a \
                view that asks (its `load()`), before it fetches again; then declare \
                `.atOnce`. Either is a choice: the kit checks that it is said.
                """,
            ],
            checks: [KitChecks.replayDeclared], sessions: []),
        KitTask(
            number: 7, title: "delivery a turn later, every session still green",
            goal: """
                The orders view model tells its views and the container a main-queue turn \
                later (`DispatchQueue.main.async`), as the Clean Architecture article's \
                repository does, and the assembly declares it; the screens of every \
                session so far stay the same.
                """,
            hints: [
                """
                `:clock step`, then `orders load` and `:step` a few times, beside \
                `--backend output`: its handlers run a turn later. Yours should too, and \
                `:probe delivery` should say "a turn later".
                """,
                """
                Wrap each message: `DispatchQueue.main.async { [weak self] in \
                self?.delegate?.didUpdate(title: title) }`. Read what you send before \
                the hop (the title, the items), not when the turn runs.
                """,
                """
                Declare it in the assembly's `traits`: \
                `[.deliversOnLaterTurn(reason: "…")]`. The conformance suite checks a \
                declared difference instead of skipping it.
                """,
            ],
            checks: [
                KitChecks.verdict(
                    "delivery", is: ["a turn later"], "a rename reaches the view on a main-queue turn after its own"),
                TraitChecks.laterTurnOnScreen, TraitChecks.laterTurnInTheExperiment,
                TraitChecks.answersOnLaterTurnOnScreen,
                OrdersChecks.loadShowsSpinnerThenOrders, OrdersChecks.renameChangesOneRow,
                OrdersChecks.failedLoadShowsTheAlert, OrdersChecks.releasedMidRequestKeepsNothing,
            ],
            sessions: [
                "task-1-load.session", "task-2-select-back.session", "task-3-rename.session",
                "task-4-failed-load.session", "task-5-release-mid-request.session",
            ]),
        KitTask(
            number: 8, title: "the movies search and paging",
            goal: """
                The movies screen of "Clean architecture and MVVM in iOS": a search shows \
                the spinner, then 20 films a page; `movies more` and scrolling to the end \
                load the next page under a footer spinner; cancel, a new search, the \
                recent searches, a failed page.
                """,
            hints: [
                """
                Movies/MoviesListViewModel.swift: each output is a stored property whose \
                `didSet` tells the delegate (and the container, for the full-screen \
                loading and the errors). Start there, then the view's delegate methods.
                """,
                """
                The search sequence is BindingKit's `MoviesSearch`: `search.search(query:)` \
                and `search.loadNextPage()` give a `Request` (nil: nothing to do), \
                `search.receive(_:)` says what the answer means. `load(_:)` publishes and \
                calls the use case.
                """,
                """
                In `load(_:)`: a new search empties `items`; set `loading` and `query`; \
                `moviesLoadTask = searchMoviesUseCase.execute(requestValue:) { [weak self] \
                result in … }`, and in it `update.apply(to: &items)` or `error = message`, \
                then `loading = search.loading`.
                """,
            ],
            checks: MoviesChecks.all + [TraitChecks.lastObserverWinsOnScreen, TraitChecks.laterReplayOnScreen],
            sessions: ["task-8-movies.session"]),
        KitTask(
            number: 9, title: "capstone: an Observable whose remove(observer:) stops delivery",
            goal: """
                Glue/Observable.swift is the Clean Architecture article's repository's \
                closure `Observable`, with the bug of its issue 36, "Observer class does \
                not stop listening when remove is called": observe, remove, set, and the \
                block still runs. Make `remove(observer:)` really stop delivery.
                """,
            hints: [
                """
                Every delivery is a `DispatchQueue.main.async` job. When `remove(observer:)` \
                runs, which jobs are already queued for that observer, and what do they \
                hold: the entry in the array, or its block?
                """,
                """
                Filtering the array cannot reach a job already queued: the job must look, \
                when its turn comes, whether its observer is still observing.
                """,
                """
                Make the entry a class with a flag (`isObserving`) that `remove(observer:)` \
                clears; queue `self.deliver(to: entry)`, which does nothing for a cleared \
                entry.
                """,
            ],
            checks: CapstoneChecks.all, sessions: []),
    ]

    /// The task numbered `number`, if there is one.
    public static func task(_ number: Int) -> KitTask? {
        tasks.first { $0.number == number }
    }
}
