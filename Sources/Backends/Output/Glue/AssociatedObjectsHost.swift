import BindingKit

/// The playground's stand-in for `NSObject` in the article's
/// `extension View where Self: NSObject`: the one thing the article takes
/// from it, associated objects.
///
/// The values live in BindingKit's `AssociatedObjectStore` (a side table, as
/// in the Objective-C runtime). On Apple platforms the runtime releases an
/// object's associations when it deallocates; Swift on Linux has no hook
/// into another object's death, so this base class's `deinit` does it — the
/// view model goes with its view, which is what the article relies on.
class AssociatedObjectsHost {
    init() {}

    deinit {
        removeAssociatedObjects(self)
    }
}
