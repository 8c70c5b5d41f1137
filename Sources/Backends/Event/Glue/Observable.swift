/// The "analogue of `@Published` in 15 lines" of "Affordable MVVM on hacked
/// extensions" (Tinkoff, 2020): a stored property whose projection `$name`
/// is an `Event` raised after every set, equal values too, so that a view
/// subscribes to one property:
/// `viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }`.
///
/// One change from the article, for a Swift rule it does not mention. Its
/// wrapper raises in `wrappedValue`'s `didSet`, which runs inside the write
/// to the view model's stored `_orders`: the handlers run while the property
/// is being written, and a handler that reads it back (`viewModel.orders`)
/// or subscribes to it (`viewModel.$orders`, a view made during the
/// delivery) is a simultaneous access, which stops the program ("Simultaneous
/// accesses to …, but modification requires exclusive access"). Here the
/// property of a class is reached through the enclosing-instance subscript
/// Swift offers wrappers (as Combine's `@Published` is): the value is
/// written, the write ends, then the event is raised. What a view sees is
/// the article's: every set raises, with the new value.
///
/// The name is the article's; this module does not import Swift's
/// Observation framework, whose `Observable` it would otherwise shadow.
@propertyWrapper
struct Observable<T> {
    let projectedValue = Event<T>()
    private var value: T

    init(wrappedValue: T) {
        value = wrappedValue
    }

    /// The article's `didSet`, for a wrapper outside a class (a local, a
    /// struct's property): the value is set, then the event raised.
    var wrappedValue: T {
        get { value }
        set {
            value = newValue
            projectedValue.raise(newValue)
        }
    }

    /// A class's `@Observable` property: the value is written, and the event
    /// raised once that write is over.
    static subscript<Owner: AnyObject>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, T>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
    ) -> T {
        get { owner[keyPath: storageKeyPath].value }
        set {
            owner[keyPath: storageKeyPath].value = newValue
            let event = owner[keyPath: storageKeyPath].projectedValue
            event.raise(newValue)
        }
    }
}
