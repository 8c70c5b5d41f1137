import BindingKit

/// The orders list: a title and a list, observing its view model's `title`
/// and `items` (the container observes the rest).
final class OrdersListView: Screen {
    /// How the observer blocks capture the view and its view model: as the
    /// article says (`[weak self]`, the view model through `self`), or
    /// written wrongly, for the experiments.
    enum Capture {
        case weakSelf
        case strongSelf
        case unownedSelf
        /// The article's warning: `viewModel.items.value` inside the block.
        case viewModel
    }

    let title: Label
    let list: ListWidget
    private let capture: Capture
    private var viewModel: any OrdersListViewModelInput & OrdersListViewModelOutput
    private let tracer: Tracer

    init(
        viewModel: any OrdersListViewModelInput & OrdersListViewModelOutput, capture: Capture = .weakSelf,
        world: World
    ) {
        self.viewModel = viewModel
        self.capture = capture
        self.tracer = world.tracer
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    /// Seed 004's order: the behaviours, `bind(to:)`, then the view model's
    /// `viewDidLoad()`.
    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.send("didRefresh()") { $0.didRefresh() } }
        list.onSelect = { [weak self] index in
            self?.send("didSelectItem(at: \(index))") { $0.didSelectItem(at: index) }
        }
        list.onEdit = { [weak self] index, name in
            self?.send("didRenameItem(at: \(index))") { $0.didRenameItem(at: index, to: name) }
        }
        list.onDelete = { [weak self] index in
            self?.send("didRemoveItem(at: \(index))") { $0.didRemoveItem(at: index) }
        }
        bind(to: viewModel)
        send("viewDidLoad()") { $0.viewDidLoad() }
    }

    func bind(to viewModel: any OrdersListViewModelOutput) {
        switch capture {
        case .weakSelf:
            viewModel.title.observe(on: self) { [weak self] in self?.title.text = $0 }
            viewModel.items.observe(on: self) { [weak self] in self?.updateItems($0) }
        case .strongSelf:
            viewModel.title.observe(on: self) { self.title.text = $0 }
            viewModel.items.observe(on: self) { self.updateItems($0) }
        case .unownedSelf:
            viewModel.title.observe(on: self) { [unowned self] in title.text = $0 }
            viewModel.items.observe(on: self) { [unowned self] in updateItems($0) }
        case .viewModel:
            viewModel.title.observe(on: self) { [weak self] in self?.title.text = $0 }
            viewModel.items.observe(on: self) { [weak self] _ in self?.updateItems(viewModel.items.value) }
        }
    }

    /// Hands the view another view model, the way seed 004's reusable cell
    /// does: unbind from the old one (`remove(observer:)`), bind the new.
    func rebind(to newViewModel: any OrdersListViewModelInput & OrdersListViewModelOutput) {
        viewModel.title.remove(observer: self)
        viewModel.items.remove(observer: self)
        viewModel = newViewModel
        bind(to: newViewModel)
    }

    /// `tableView.reloadData()`: the list becomes a data source that makes
    /// the rows it draws from the items (`cellForRowAt`), not an array of
    /// every row.
    ///
    /// The repository's data source reads `viewModel.items.value[indexPath.row]`
    /// when the table asks; this one reads the items it was handed, which
    /// costs nothing (`OrderRowViewModels` shares the orders) and keeps the
    /// list showing what was delivered: the main-queue form delivers a turn
    /// after the set, and `:step` draws in between.
    ///
    /// - Complexity: O(1); a draw makes at most `ListWidget.visibleRows` rows.
    private func updateItems(_ items: OrderRowViewModels) {
        list.reload(count: items.count) { ListWidget.Row(items[$0].title) }
    }

    /// Calls the view model, tracing the hop.
    private func send(_ message: String, _ call: (any OrdersListViewModelInput) -> Void) {
        tracer.hop(message, from: Self.self, to: type(of: viewModel))
        call(viewModel)
    }
}
