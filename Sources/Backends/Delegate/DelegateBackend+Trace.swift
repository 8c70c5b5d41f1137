public import BindingKit
import Domain

// What the playground adds to watch this backend, beside the article's code.
//
// The article's view models tell their views through `weak var delegate`
// and call them directly: nothing to hook. So the playground puts a stand-in
// in each delegate slot, a proxy of the same protocol that records the call
// as a hop and passes it on (or, when whoever it stands for is gone, records
// it dropped): the view models' code stays the article's, `delegate?.
// didUpdate(title:)`. The host hands `decorate(_:in:)` every view model of
// this backend before its view is shown (the views set themselves as the
// delegate in their `init`, so the slot is filled by then); the world keeps
// each proxy for as long as its view model lives, as the slot itself holds
// it weakly. The gestures (`viewModel.load()` from a pull to refresh) are
// traced by BindingKit's widgets.

extension DelegateBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        traceDelegates(of: object, in: world)
    }
}

/// Puts a tracing proxy in each delegate slot of `object`, if it is one of
/// this backend's view models; a slot that holds a proxy already keeps it.
func traceDelegates(of object: AnyObject, in world: World) {
    switch object {
    case let viewModel as OrdersViewModel:
        viewModel.delegate = OrdersViewModelDelegateTrace.wrap(viewModel.delegate, of: viewModel, in: world)
        viewModel.listener = IContainerTrace.wrap(viewModel.listener, of: viewModel, in: world)
    case let viewModel as OrderDetailsViewModel:
        viewModel.delegate = OrderDetailsViewModelDelegateTrace.wrap(viewModel.delegate, of: viewModel, in: world)
    case let viewModel as MoviesListViewModel:
        viewModel.delegate = MoviesListViewModelDelegateTrace.wrap(viewModel.delegate, of: viewModel, in: world)
        viewModel.listener = IContainerTrace.wrap(viewModel.listener, of: viewModel, in: world)
    case let viewModel as MoviesQueriesListViewModel:
        viewModel.delegate = MoviesQueryListViewModelDelegateTrace.wrap(viewModel.delegate, of: viewModel, in: world)
        viewModel.viewDelegate = MoviesQueriesListViewModelViewDelegateTrace.wrap(
            viewModel.viewDelegate, of: viewModel, in: world)
    case let viewModel as MovieDetailsViewModel:
        viewModel.delegate = MovieDetailsViewModelDelegateTrace.wrap(viewModel.delegate, of: viewModel, in: world)
    default:
        break
    }
}

/// What a tracing proxy stands in for (nil once it is gone), if `slot`
/// holds one; else `slot`.
func unwrapped(_ slot: AnyObject?) -> AnyObject? {
    guard let proxy = slot as? DelegateTrace else { return slot }
    return proxy.target
}

/// A delegate slot's stand-in: the object the slot held, weakly, as the slot
/// did, and where its calls are traced.
class DelegateTrace: CensusExempt {
    private(set) weak var target: AnyObject?
    private let tracer: Tracer
    private let source: Any.Type

    required init(target: AnyObject?, source: Any.Type, tracer: Tracer) {
        self.target = target
        self.source = source
        self.tracer = tracer
    }

    /// The proxy for `slot`, a delegate slot of `owner`: `slot` itself when it
    /// is one already, a new one the world keeps while `owner` lives otherwise.
    static func wrap<Delegate>(_ slot: Delegate?, of owner: AnyObject, in world: World) -> Delegate? {
        if slot is DelegateTrace { return slot }
        let proxy = Self(target: slot.map { $0 as AnyObject }, source: type(of: owner), tracer: world.tracer)
        world.keep(proxy, whileAlive: owner)
        return proxy as? Delegate
    }

    /// Records `message` from the view model to the target (dropped when it
    /// is gone), then calls it. The message is made only when the tracer
    /// records (`Tracer.isRecording`).
    func deliver<Delegate>(_ message: @autoclosure () -> String, to _: Delegate.Type, _ call: (Delegate) -> Void) {
        tracer.hop(message(), from: source, to: target.map { type(of: $0) })
        if let delegate = target as? Delegate { call(delegate) }
    }
}

final class OrdersViewModelDelegateTrace: DelegateTrace, OrdersViewModelDelegate {
    typealias Target = any OrdersViewModelDelegate
    func didUpdate(title: String) { deliver("didUpdate(title:)", to: Target.self) { $0.didUpdate(title: title) } }
    func didReceive(items: OrderRowViewModels) {
        deliver("didReceive(items: \(items.count))", to: Target.self) { $0.didReceive(items: items) }
    }
    func didUpdate(item: OrderRowViewModel, at index: Int) {
        deliver("didUpdate(item:at: \(index))", to: Target.self) { $0.didUpdate(item: item, at: index) }
    }
    func didRemoveItem(at index: Int) {
        deliver("didRemoveItem(at: \(index))", to: Target.self) { $0.didRemoveItem(at: index) }
    }
    func didRequestDetails(_ details: OrderDetailsViewModel) {
        deliver("didRequestDetails(_:)", to: Target.self) { $0.didRequestDetails(details) }
    }
}

final class IContainerTrace: DelegateTrace, IContainer {
    typealias Target = any IContainer
    func showError(error: String) { deliver("showError(error:)", to: Target.self) { $0.showError(error: error) } }
    func showLoading() { deliver("showLoading()", to: Target.self) { $0.showLoading() } }
    func hideLoading() { deliver("hideLoading()", to: Target.self) { $0.hideLoading() } }
}

final class OrderDetailsViewModelDelegateTrace: DelegateTrace, OrderDetailsViewModelDelegate {
    typealias Target = any OrderDetailsViewModelDelegate
    func didUpdate(title: String) { deliver("didUpdate(title:)", to: Target.self) { $0.didUpdate(title: title) } }
    func didUpdate(name: String) { deliver("didUpdate(name:)", to: Target.self) { $0.didUpdate(name: name) } }
    func didUpdate(details: String) {
        deliver("didUpdate(details:)", to: Target.self) { $0.didUpdate(details: details) }
    }
}

final class MoviesListViewModelDelegateTrace: DelegateTrace, MoviesListViewModelDelegate {
    typealias Target = any MoviesListViewModelDelegate
    func didUpdate(screenTitle: String) {
        deliver("didUpdate(screenTitle:)", to: Target.self) { $0.didUpdate(screenTitle: screenTitle) }
    }
    func didUpdate(searchBarPlaceholder: String) {
        deliver("didUpdate(searchBarPlaceholder:)", to: Target.self) {
            $0.didUpdate(searchBarPlaceholder: searchBarPlaceholder)
        }
    }
    func didUpdate(emptyDataTitle: String) {
        deliver("didUpdate(emptyDataTitle:)", to: Target.self) { $0.didUpdate(emptyDataTitle: emptyDataTitle) }
    }
    func didUpdate(items: [MoviesListItemViewModel]) {
        deliver("didUpdate(items: \(items.count))", to: Target.self) { $0.didUpdate(items: items) }
    }
    func didUpdate(isEmpty: Bool) {
        deliver("didUpdate(isEmpty: \(isEmpty))", to: Target.self) { $0.didUpdate(isEmpty: isEmpty) }
    }
    func didUpdate(pageInfo: String) {
        deliver("didUpdate(pageInfo:)", to: Target.self) { $0.didUpdate(pageInfo: pageInfo) }
    }
    func didUpdate(loading: MoviesListViewModelLoading?) {
        deliver("didUpdate(loading: \(loading.map { "\($0)" } ?? "nil"))", to: Target.self) {
            $0.didUpdate(loading: loading)
        }
    }
    func didUpdate(canLoadNextPage: Bool) {
        deliver("didUpdate(canLoadNextPage: \(canLoadNextPage))", to: Target.self) {
            $0.didUpdate(canLoadNextPage: canLoadNextPage)
        }
    }
    func didUpdate(query: String) { deliver("didUpdate(query:)", to: Target.self) { $0.didUpdate(query: query) } }
}

final class MovieDetailsViewModelDelegateTrace: DelegateTrace, MovieDetailsViewModelDelegate {
    typealias Target = any MovieDetailsViewModelDelegate
    func didUpdate(title: String) { deliver("didUpdate(title:)", to: Target.self) { $0.didUpdate(title: title) } }
    func didUpdate(releaseDate: String) {
        deliver("didUpdate(releaseDate:)", to: Target.self) { $0.didUpdate(releaseDate: releaseDate) }
    }
    func didUpdate(length: String) { deliver("didUpdate(length:)", to: Target.self) { $0.didUpdate(length: length) } }
    func didUpdate(rating: String) { deliver("didUpdate(rating:)", to: Target.self) { $0.didUpdate(rating: rating) } }
    func didUpdate(budget: String) { deliver("didUpdate(budget:)", to: Target.self) { $0.didUpdate(budget: budget) } }
    func didUpdate(genres: String) { deliver("didUpdate(genres:)", to: Target.self) { $0.didUpdate(genres: genres) } }
    func didUpdate(mpaa: String) { deliver("didUpdate(mpaa:)", to: Target.self) { $0.didUpdate(mpaa: mpaa) } }
}

final class MoviesQueriesListViewModelViewDelegateTrace: DelegateTrace, MoviesQueriesListViewModelViewDelegate {
    typealias Target = any MoviesQueriesListViewModelViewDelegate
    func didUpdate(items: [MoviesQueriesListItemViewModel]) {
        deliver("didUpdate(items: \(items.count))", to: Target.self) { $0.didUpdate(items: items) }
    }
}

final class MoviesQueryListViewModelDelegateTrace: DelegateTrace, MoviesQueryListViewModelDelegate {
    typealias Target = any MoviesQueryListViewModelDelegate
    func moviesQueriesListDidSelect(movieQuery: MovieQuery) {
        deliver("moviesQueriesListDidSelect(movieQuery:)", to: Target.self) {
            $0.moviesQueriesListDidSelect(movieQuery: movieQuery)
        }
    }
}
