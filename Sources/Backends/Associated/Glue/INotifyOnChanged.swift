import BindingKit

// `INotifyOnChanged` keeps the article's `I` prefix (after .NET's
// `INotifyPropertyChanged`); see IHaveViewModel.swift.

/// A view model that announces "something changed" through one event; its
/// views subscribe when given it and redraw themselves whole.
///
/// Class-bound, unlike the article's: associated storage needs an object, and
/// on Apple platforms the runtime would quietly box a value type instead.
protocol INotifyOnChanged: AnyObject {
    var changed: Event<Void> { get }
}

/// The key the article passes as `&changedEventKey`.
private let changedEventKey = AssociationKey<Event<Void>>("changed")

extension INotifyOnChanged {
    /// Made on first use and kept in associated storage, so that a view
    /// model gets its event for free by conforming. The article's "get, or
    /// make and set" is one atomic step here.
    var changed: Event<Void> {
        AssociatedObjectStore.shared.value(for: changedEventKey, on: self, insertingIfAbsent: Event<Void>())
    }
}
