import BindingKit

/// The article's two steps before `AnyViewModel`, which `output-manual` and
/// `output-bind` show: the same view models, views and `Output`, bound
/// without a type eraser, so that each view keeps a concrete reference to its
/// view model itself.
///
/// - `manual`: the second step. `Output` exists, the protocols do not yet:
///   every binding is the two `handlers.append` of the article, written out
///   where the view is made ("Не очень круто").
/// - `unerasedBind`: the first `bind(with:)` (here `bind(unerased:)`), once
///   `View` and `ViewModel` are protocols.
///
/// The types here are the final form's views with that reference added
/// (nested, so that the trace names them as it names those). It is called
/// `concreteViewModel`, not the article's `viewModel`: the final form's
/// `View` extension answers `viewModel` with the `AnyViewModel` it keeps,
/// and Swift would pick either where both fit.
enum BeforeAnyViewModel {
    /// How the views of these steps are bound to their view models.
    enum Step: Sendable {
        /// The two appends, written out at every binding.
        case manual
        /// `bind(unerased:)`, the article's first `bind(with:)`.
        case unerasedBind
    }
}

/// The final form's views, which those of the steps before `AnyViewModel`
/// build on (a nested class cannot name the outer one it shadows).
typealias FinalContainerView = ContainerView
typealias FinalOrdersContentView = OrdersContentView
typealias FinalOrderDetailsView = OrderDetailsView
typealias FinalMoviesQueriesListView = MoviesQueriesListView
typealias FinalMovieDetailsView = MovieDetailsView

extension BeforeAnyViewModel {
    /// The container, keeping its view model itself. As nothing erases the
    /// view model's type, the container names it: a second generic parameter
    /// (`ContainerView<OrdersContentView, OrdersViewModel>`), where the final
    /// form's needs only its content's.
    ///
    /// `setupBindings()` hands the view model down with `bind(unerased:)`;
    /// at the manual step nothing calls it (the assembly appends the
    /// content's handlers itself).
    final class ContainerView<Content: View & Screen, VM: ViewModel>: FinalContainerView<Content>
    where
        Content.ViewModelEvent: ContainerEventConvertible, VM.ViewModelEvent == Content.ViewModelEvent,
        VM.ViewEvent == Content.ViewEvent
    {
        let concreteViewModel: VM

        init(content: Content, viewModel: VM) {
            concreteViewModel = viewModel
            super.init(content: content)
        }

        override func setupBindings() {
            content.bind(unerased: concreteViewModel)
        }
    }
}
