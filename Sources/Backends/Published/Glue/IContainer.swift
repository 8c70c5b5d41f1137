// The protocols of "Adapting an existing business solution for iOS, part 3"
// (2020), with its names (hence the `I`, which the playground's own
// protocols do not use).

/// What the container does for the model of the view it contains: the
/// container tells its own model, which its body draws.
protocol IContainer {
    func showError(error: String)
    func showLoading()
    func hideLoading()
}

/// A content view that gives its container access to its model, so that
/// the container can become that model's listener.
protocol IModelView {
    var viewModel: (any IModel)? { get }
}

/// A content view's model, which tells its container through `listener`.
/// (The article's `IModel: class`; Swift now spells it `AnyObject`.)
protocol IModel: AnyObject {
    var listener: (any IContainer)? { get set }
}
