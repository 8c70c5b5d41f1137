/// An append-only buffer of plain values, for building the search index a
/// byte or an offset at a time, and then keeping it.
///
/// Appending to an `Array` checks its uniqueness and capacity every time, and
/// `append(contentsOf:)` goes through the generic sequence machinery: tens of
/// instructions per call, paid hundreds of thousands of times per load. Here
/// an append is a store, and a title is folded straight into the buffer's
/// spare room (`spareCapacity(atLeast:)`). The buffer is kept as built, not
/// copied into an array: a copy would touch as many fresh pages again.
/// Spare capacity that is never written costs address space, not memory.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        storage[count] = element
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        (storage + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Room for at least `minimum` more elements, to write in place and then
    /// keep with `commit(_:)`.
    mutating func spareCapacity(atLeast minimum: Int) -> UnsafeMutablePointer<Element> {
        if count + minimum > capacity { grow(toHold: count + minimum) }
        return storage + count
    }

    /// Keeps the first `written` elements written in the spare capacity.
    mutating func commit(_ written: Int) {
        precondition(written >= 0 && count + written <= capacity, "wrote past the spare capacity")
        count += written
    }

    /// The elements, valid while the buffer lives and does not grow.
    var buffer: UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(start: storage, count: count)
    }

    private mutating func grow(toHold needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }
}
