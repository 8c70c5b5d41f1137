/// An `OrdersList` is a random-access collection of its rows, read in place:
/// `list[3]`, `list.count`, and above all `list.lazy.map(OrderRowViewModel.init)`,
/// the rows a view model hands its view made only when the view reads one.
///
/// A view model whose approach publishes its whole list on every change (an
/// `@Observable var orders`, a `Dynamic<[…]>`) can publish such a lazy
/// collection in place of an array: publishing it copies no row, and a list
/// that is a data source (`ListWidget.reload(count:row:)`) asks it only for
/// the rows it draws. With a million orders, a one-row change then costs
/// what it costs with a hundred.
///
/// A published copy is a snapshot: the list it wraps shares its storage with
/// the view model's, and the view model's next change copies only what it
/// records beside the array a load answered (the rows changed or removed
/// since), never that array (see `OrdersList`).
extension OrdersList: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The order of row `position`.
    ///
    /// - Precondition: `position` is in `0..<count` (as for an array).
    /// - Complexity: O(log r), r the rows removed since the load.
    @inlinable
    public subscript(position: Int) -> Element {
        guard let element = self[row: position] else {
            preconditionFailure("row \(position) out of 0..<\(count)")
        }
        return element
    }
}
