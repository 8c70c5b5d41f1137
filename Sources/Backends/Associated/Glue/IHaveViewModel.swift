import BindingKit

// The protocol names keep the article's `I` prefix ("I" for interface, from
// .NET) so that a reader of the article recognises them; the playground's
// own protocols do not use it.

/// The article's "shadow type erasure": a view whose view model can be set
/// without knowing its type — how a table view's data source hands each cell
/// its view model.
protocol IHaveAnyViewModel: AnyObject {
    var anyViewModel: Any? { get set }
}

/// A view and the type of its view model. Setting `viewModel` (or
/// `anyViewModel`) calls `viewModelChanged(_:)` at once, and again on every
/// `changed` of a view model that is `INotifyOnChanged`.
protocol IHaveViewModel: IHaveAnyViewModel {
    associatedtype ViewModel

    var viewModel: ViewModel? { get set }
    /// Brings the whole view in line with `viewModel`.
    func viewModelChanged(_ viewModel: ViewModel)
}

/// The key the article passes as `&viewModelKey`.
private let viewModelKey = AssociationKey<Any>("viewModel")

/// The "hacked" extension: stored properties a protocol extension may not
/// have, kept in associated storage instead (`.retain`: the view owns its
/// view model). A conforming class writes only `viewModelChanged(_:)`, and a
/// `deinit` that lets go of its associated values (see `AssociatedObjectStore`).
extension IHaveViewModel {
    var anyViewModel: Any? {
        get { getAssociatedObject(self, viewModelKey) }
        set {
            (anyViewModel as? any INotifyOnChanged)?.changed.unsubscribe(self)
            let viewModel = newValue as? ViewModel
            let stored: Any? = viewModel
            setAssociatedObject(self, viewModelKey, stored, .retain)
            if let viewModel {
                viewModelChanged(viewModel)
            }
            // The article's handler captures `viewModel`; stored in the view
            // model's own `changed`, that capture is a cycle (view model ->
            // event -> handler -> view model) that outlives the view. Reading
            // it back through `this` keeps the view model owned by views only.
            (viewModel as? any INotifyOnChanged)?.changed.subscribe(self) { this in
                if let viewModel = this.viewModel {
                    this.viewModelChanged(viewModel)
                }
            }
        }
    }

    var viewModel: ViewModel? {
        get { anyViewModel as? ViewModel }
        set { anyViewModel = newValue }
    }

    func viewModelChanged(_ viewModel: ViewModel) {}
}

// The article's first default implementation, before `INotifyOnChanged`
// (the section it titles "Отображение списка заказов (на самом деле нет)"):
// the same storage, the view drawn once, when it is given its view model;
// nothing subscribes, for there is nothing yet to subscribe to.
// `associated-first` gives its views their view models with it. The article
// has one setter, evolving; one module cannot give `viewModel` two, so the
// first is `setViewModelAsAtFirst(_:)`.
extension IHaveViewModel {
    /// `viewModel = newValue` as the article's first extension sets it.
    func setViewModelAsAtFirst(_ newValue: ViewModel?) {
        let viewModel = newValue
        let stored: Any? = viewModel
        setAssociatedObject(self, viewModelKey, stored, .retain)
        if let viewModel {
            viewModelChanged(viewModel)
        }
    }
}

/// What `associated-first` runs: the article's first try, before
/// `INotifyOnChanged` — the same views and view models, each view given its
/// view model with the first default implementation of `IHaveViewModel`
/// (`setViewModelAsAtFirst(_:)`), which draws it once and subscribes to
/// nothing. "Отображение списка заказов (на самом деле нет)": whatever the view
/// models do after, no view hears of it.
enum FirstTry {}
