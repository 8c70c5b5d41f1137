/// The article's delegate after its second step: every method folded into
/// one `handle(event:)` taking the view model's event enum.
///
/// One protocol now serves every screen (the primary associated type names
/// the screen's enum), where the `delegate` backend needs a protocol per
/// screen. A view model still holds ONE of these, weakly: the enum changed
/// the shape of the messages, not how many can listen.
protocol ViewModelListener<ViewModelEvent>: AnyObject {
    associatedtype ViewModelEvent
    func handle(event: ViewModelEvent)
}
