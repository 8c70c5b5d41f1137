import BindingKit

/// The orders list: a title and a list, drawn from the view model it
/// observes. Its gestures call the interactor, never a use case.
struct OrdersContentView: View, IModelView, WidgetLayout {
    @ObservedObject var model: OrdersViewModel
    let interactor: OrdersInteractor
    let list = ListWidget()

    var viewModel: (any IModel)? { model }
    var widgets: [any Widget] { [list] }

    var body: some View {
        List(model.rows, in: list) { ListWidget.Row($0.title) }
            .refreshable { interactor.load() }
            .onSelect { interactor.selectItem(at: $0) }
            .onEdit { interactor.renameItem(at: $0, to: $1) }
            .onDelete { interactor.removeItem(at: $0) }
            .navigationTitle(model.title)
            .onAppear { interactor.load() }
    }
}
