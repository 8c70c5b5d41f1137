/// The rows removed from a list since it was handed its rows, by their
/// position in what it was handed: ascending, so that where row `index` is
/// now is a binary search. `OrdersList` keeps its removals in one, and so
/// does `EditedRows`.
///
/// `@usableFromInline` and `@inlinable`, as `EditedRows` and `OrdersList`
/// that use it: so that a backend's module calls copies specialised for its
/// rows, not the generic code (a rename's row and count went through
/// witness tables, thousands of instructions: Docs/performance.md).
@usableFromInline
struct RemovedRows: Sendable {
    /// Positions in the rows handed over, ascending.
    @usableFromInline var positions: [Int] = []

    @inlinable init() {}

    @inlinable var count: Int { positions.count }
    @inlinable var isEmpty: Bool { positions.isEmpty }

    /// Where row `index` is in the rows handed over: `index` plus the
    /// removed rows before it. The k-th removed row has `positions[k] − k`
    /// rows kept before it, which grows with k: a binary search finds how
    /// many removed rows have at most `index` kept rows before them.
    ///
    /// - Complexity: O(log r), r the rows removed.
    @inlinable
    func position(of index: Int) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] - middle <= index { low = middle + 1 } else { high = middle }
        }
        return index + low
    }

    /// Records the row at `position` (in the rows handed over) as removed.
    ///
    /// - Complexity: O(r): the positions after it move up.
    @inlinable
    mutating func insert(_ position: Int) {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        positions.insert(position, at: low)
    }
}

/// Rows a view was handed whole (`didReceive(items:)`, `.items(…)`) and the
/// one-row changes it was told of since (`didUpdate(item:at:)`,
/// `.removeItem(at:)`), applied as an array's `items[i] = item` and
/// `items.remove(at: i)` would be, without changing — or copying — the rows
/// handed over.
///
/// For a view whose view model hands it a lazy collection (`OrderRowViewModels`,
/// made from the orders as each row is read): such a collection cannot be
/// changed, and making an array of it would make a row view model per order,
/// a million of them, which is what the lazy collection is there to avoid.
/// The view reads its rows here, and its list, a data source, asks it for
/// the rows it draws.
///
/// - Complexity: reading a row is O(log r), a change O(log r) (a rename) or
///   O(r) (a remove), r the rows removed since the rows were handed over;
///   never O(n) in the rows.
public struct EditedRows<Base: RandomAccessCollection>: RandomAccessCollection where Base.Index == Int {
    public typealias Element = Base.Element

    @usableFromInline let base: Base
    /// Rows changed since, by their position in `base`.
    @usableFromInline var changed: [Int: Element] = [:]
    @usableFromInline var removed = RemovedRows()

    /// `base`'s rows, none changed yet.
    @inlinable
    public init(_ base: Base) {
        self.base = base
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    /// Said here, not left to `Collection`'s default: that one, reached
    /// through the protocol, cost a rename thousands of instructions.
    @inlinable public var count: Int { base.count - removed.count }

    /// The row at `position`, as changed since.
    ///
    /// - Precondition: `position` is in `0..<count` (as for an array).
    @inlinable
    public subscript(position: Int) -> Element {
        guard let element = self[row: position] else {
            preconditionFailure("row \(position) out of 0..<\(count)")
        }
        return element
    }

    /// The row at `index`; nil for a row there is not.
    @inlinable
    public subscript(row index: Int) -> Element? {
        guard index >= 0 && index < count else { return nil }
        let position = base.startIndex + removed.position(of: index)
        return changed[position] ?? base[position]
    }

    /// `items[index] = element`.
    ///
    /// - Returns: false, changing nothing, for a row there is not.
    @inlinable @discardableResult
    public mutating func replace(row index: Int, with element: Element) -> Bool {
        guard index >= 0 && index < count else { return false }
        changed[base.startIndex + removed.position(of: index)] = element
        return true
    }

    /// `items.remove(at: index)`: the rows after it move up.
    ///
    /// - Returns: false, changing nothing, for a row there is not.
    @inlinable @discardableResult
    public mutating func remove(row index: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        let position = removed.position(of: index)
        changed[base.startIndex + position] = nil
        removed.insert(position)
        return true
    }
}

extension EditedRows: Sendable where Base: Sendable, Element: Sendable {}
