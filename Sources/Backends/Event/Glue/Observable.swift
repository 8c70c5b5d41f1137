/// Seed 001's "analogue of `@Published` in 15 lines": a stored property
/// whose projection `$name` is an `Event` raised after every set, equal
/// values too, so that a view subscribes to one property:
/// `viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }`.
///
/// A Swift rule the article does not mention: the wrapper is a struct stored
/// in the view model, and `didSet` runs inside the write to it, so the
/// handlers run while the property is being written. A handler that reads
/// the same property back through the view model (`viewModel.orders`
/// instead of its `orders` argument) is a simultaneous access, and the
/// program stops ("Simultaneous accesses …"). Handlers here use their argument.
///
/// The name is the article's; this module does not import Swift's
/// Observation framework, whose `Observable` it would otherwise shadow.
@propertyWrapper
struct Observable<T> {
    let projectedValue = Event<T>()

    init(wrappedValue: T) {
        self.wrappedValue = wrappedValue
    }

    var wrappedValue: T {
        didSet { projectedValue.raise(wrappedValue) }
    }
}
