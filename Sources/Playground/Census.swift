public import BindingKit
import Synchronization

/// Counts the live instances of a backend's classes, so that the playground
/// can show what is still alive after a view is released (`:alive`).
///
/// Nothing in the backend takes part. The census walks the object graph
/// from its sandbox's roots (a device's navigation stacks, an experiment's
/// views and view model) through every stored property — private, weak and
/// lazy ones included, as `Mirror` shows them — and through the values hung
/// on an object with associated objects, and keeps a weak reference to each
/// object of the backend's classes it reaches: what Xcode's memory graph
/// debugger does. An object counts from the first walk that reaches it until
/// its last strong reference goes, reachable or not: a cycle a view left
/// behind stays counted, which is the point.
///
/// What a walk cannot see is what only a closure holds; BindingKit's shared
/// code notices such an object itself (`World.notice(_:)`: the flow
/// coordinator, which its actions' closures keep). The sandbox walks from a
/// screen about to be shown (through what is new only), and from everything
/// before anything is let go or the census is read, so that what was made
/// meanwhile has been seen. Optionals and the standard library's collections
/// are read through a protocol of their own, not a `Mirror`: most of a walk
/// is them, and a `Mirror` decodes each field's type from its mangled name.
///
/// Counted: the classes of the backend's own module, but for the plumbing it
/// declares `CensusExempt` in its `+Trace` file and its probe subjects (the
/// experiments' handle, not part of the app), which are walked through.
/// Named as `:alive` shows them: `OrdersViewModel`, `ContainerView<OrdersContentView>`.
public final class Census {
    /// The live instances of one class name.
    private final class Count {
        var instances: [WeakInstance] = []
    }

    fileprivate struct WeakInstance {
        weak var object: AnyObject?
    }

    /// How many elements of one collection a walk looks at: enough for every
    /// screen's views and rows, never a million orders.
    static let collectionLimit = 256
    /// How deep a walk goes into nested values before it gives up on a
    /// branch: far deeper than any screen's graph, a guard against a value
    /// that nests without end.
    static let depthLimit = 256

    /// What is known of the backend's types, shared by its censuses.
    private let layouts: Layouts?
    private var counts: [String: Count] = [:]
    /// Every object counted so far, by identity, to tell a new one.
    private var seen: [ObjectIdentifier: WeakInstance] = [:]
    /// When to forget the dead next: `seen` never holds more than twice
    /// what was alive at the last sweep.
    private var sweepAt = 1024
    /// The objects counted since `takeUndecorated()` last ran, in the order
    /// they were found, weakly: what the host hands its backend's
    /// `decorate(_:in:)`, each once.
    private var undecorated: [WeakInstance] = []

    /// A census of the classes of `module` (a backend's module name); nil
    /// counts nothing.
    public init(module: String?) {
        self.layouts = module.map(Layouts.of(module:))
    }

    /// A census of `backend`'s classes: those of the module it is declared in.
    public convenience init(of backend: any BindingBackend) {
        let name = _typeName(type(of: backend), qualified: true)
        self.init(module: name.split(separator: ".").first.map(String.init))
    }

    // MARK: Reading

    /// Live instances per class name, zero counts included, sorted by name.
    ///
    /// - Complexity: O(*n*) in the instances counted since the last read,
    ///   which also forgets the dead ones.
    public var census: [(name: String, live: Int)] {
        counts.keys.sorted().map { ($0, live($0)) }
    }

    /// Live instances of the class called `name`.
    public func live(_ name: String) -> Int {
        guard let count = counts[name] else { return 0 }
        count.instances.removeAll { $0.object == nil }
        return count.instances.count
    }

    /// All live counted objects.
    public var totalLive: Int { counts.keys.reduce(0) { $0 + live($1) } }

    // MARK: Walking

    /// Walks the graph from `roots`, counting every counted object it reaches.
    ///
    /// With `onlyNew`, the walk goes through no object counted before (but
    /// the roots) and not through a navigation stack: what it finds is what
    /// is new and reached through what is new — a screen about to be shown,
    /// its view model, what they made — at the cost of the new part only.
    /// A full walk (the default) finds the rest before anything is let go
    /// or read.
    ///
    /// - Complexity: O(*v*) in the objects and values reached: each object
    ///   is walked through once per call, each collection for its first
    ///   `collectionLimit` elements; what cannot hold an object is not
    ///   walked into.
    public func walk(from roots: [Any], onlyNew: Bool = false) {
        guard let layouts else { return }
        var visited: Set<ObjectIdentifier> = []
        // Breadth first: each object is reached by its shortest path, so
        // what the depth limit cuts off is the same on every run, whatever
        // order a dictionary hands its values in.
        var pending: [(value: Any, depth: Int)] = roots.map { ($0, 0) }
        var next = 0
        while next < pending.count {
            let (value, depth) = pending[next]
            next += 1
            guard depth < Self.depthLimit else { continue }
            // The type first: most of what a view holds (its widgets, its
            // trace, strings) is skipped without a Mirror made for it.
            if type(of: value) is AnyObject.Type {
                let object = value as AnyObject
                guard visited.insert(ObjectIdentifier(object)).inserted else { continue }
                switch layouts.kind(of: type(of: object)) {
                case .skipped: continue
                case .counted(let name):
                    if !count(object, as: name), onlyNew, depth > 0 { continue }
                case .walked:
                    if onlyNew, depth > 0, type(of: object) == Navigator.self { continue }
                }
                var level: Mirror? = Mirror(reflecting: object)
                while let current = level {
                    for value in layouts.followedFields(of: current) { pending.append((value, depth + 1)) }
                    level = current.superclassMirror
                }
                for value in AssociatedObjectStore.shared.values(on: object) { pending.append((value, depth + 1)) }
                continue
            }
            switch layouts.walkability(of: value) {
            case .never:
                continue
            case .optional:
                // Read without a Mirror: most of what a walk meets is an
                // optional (a weak delegate, a view model not made yet).
                if let payload = (value as? any WalkedOptional)?.walkedPayload { pending.append((payload, depth + 1)) }
            case .elements:
                let elements = (value as? any WalkedCollection)?.walkedElements(limit: Self.collectionLimit) ?? []
                guard let first = elements.first, layouts.mayHoldAnObject(first) else { continue }
                for element in elements { pending.append((element, depth + 1)) }
            case .always:
                for child in Mirror(reflecting: value).children { pending.append((child.value, depth + 1)) }
            case .asItsElements:
                // One type of element, or one protocol's: the first says
                // whether any can hold an object (orders cannot; screens do).
                let elements = Mirror(reflecting: value).children.prefix(Self.collectionLimit)
                guard let first = elements.first?.value, layouts.mayHoldAnObject(first) else { continue }
                for child in elements { pending.append((child.value, depth + 1)) }
            }
        }
    }

    /// Counts `object` under `name` if it is new; false if it was counted before.
    @discardableResult
    private func count(_ object: AnyObject, as name: String) -> Bool {
        let id = ObjectIdentifier(object)
        // An address is reused once an object dies: the weak reference tells.
        if let known = seen[id], known.object === object { return false }
        if seen.count >= sweepAt {
            seen = seen.filter { $0.value.object != nil }
            sweepAt = max(1024, seen.count * 2)
        }
        seen[id] = WeakInstance(object: object)
        let count = counts[name] ?? Count()
        counts[name] = count
        count.instances.append(WeakInstance(object: object))
        undecorated.append(WeakInstance(object: object))
        return true
    }

    /// The counted objects found since the last call that are still alive,
    /// in the order they were found: each is handed out once.
    func takeUndecorated() -> [AnyObject] {
        guard !undecorated.isEmpty else { return [] }
        let taken = undecorated
        undecorated = []
        return taken.compactMap(\.object)
    }
}

/// What the census has learnt of one module's types, once per process: which
/// classes it counts, which values can hold an object, which properties of a
/// class are worth asking a `Mirror` for (asking for a child decodes its
/// type from its mangled name, which is most of a walk's time).
private final class Layouts: Sendable {
    /// What the walk does with an object of some class.
    enum Kind: Sendable {
        /// One of the backend's: counted under this name, and walked through.
        case counted(String)
        /// Walked through, not counted: the backend's plumbing, a navigation stack.
        case walked
        /// Neither: the model, the trace, a widget, the standard library.
        case skipped
    }

    /// How a walk goes into a value of some value type.
    enum Walkability: Sendable {
        /// Into each of its parts: a type of the backend's or built on one, a tuple.
        case always
        /// Into what it holds, if anything: an optional.
        case optional
        /// Into its elements, if the first can hold an object: an array, a
        /// set, a dictionary's pairs (the standard library's, read without
        /// a Mirror).
        case elements
        /// Into its elements, if the first can hold an object: another collection.
        case asItsElements
        /// Not at all: a string, a number, an order, a value of BindingKit's
        /// (rows, pages: what of the backend's they hold, they hold through a
        /// closure), a closure. A million orders cost nothing.
        case never
    }

    private struct Tables {
        var kinds: [ObjectIdentifier: Kind] = [:]
        var walkabilities: [ObjectIdentifier: Walkability] = [:]
        var fieldPlans: [ObjectIdentifier: [Int]] = [:]
    }

    private static let all = Mutex<[String: Layouts]>([:])

    /// The layouts of `module`'s censuses.
    static func of(module: String) -> Layouts {
        all.withLock { all in
            if let known = all[module] { return known }
            let made = Layouts(modulePrefix: module + ".")
            all[module] = made
            return made
        }
    }

    private let modulePrefix: String
    private let tables = Mutex(Tables())

    private init(modulePrefix: String) {
        self.modulePrefix = modulePrefix
    }

    func kind(of type: AnyObject.Type) -> Kind {
        let key = ObjectIdentifier(type)
        if let known = tables.withLock({ $0.kinds[key] }) { return known }
        let made: Kind
        if !_typeName(type, qualified: true).hasPrefix(modulePrefix) {
            // The navigation stack holds the screens; nothing else outside
            // the backend holds its objects but through a closure.
            made = type == Navigator.self ? .walked : .skipped
        } else if type is any CensusExempt.Type || type is any ProbeSubject.Type {
            made = .walked
        } else {
            made = .counted(String(describing: type))
        }
        tables.withLock { $0.kinds[key] = made }
        return made
    }

    func walkability(of value: Any) -> Walkability {
        let key = ObjectIdentifier(type(of: value))
        if let known = tables.withLock({ $0.walkabilities[key] }) { return known }
        let made: Walkability =
            switch Mirror(reflecting: value).displayStyle {
            case .optional?: value is any WalkedOptional ? .optional : .always
            case .tuple?: .always
            case .collection?, .dictionary?, .set?: value is any WalkedCollection ? .elements : .asItsElements
            case .struct?, .enum?: _typeName(type(of: value), qualified: true).contains(modulePrefix) ? .always : .never
            default: .never
            }
        tables.withLock { $0.walkabilities[key] = made }
        return made
    }

    /// Whether `value` is an object a walk goes into, or a value it does.
    func mayHoldAnObject(_ value: Any) -> Bool {
        if type(of: value) is AnyObject.Type {
            if case .skipped = kind(of: type(of: value as AnyObject)) { return false }
            return true
        }
        return walkability(of: value) != .never
    }

    /// The values of the stored properties of one class (one level of its
    /// hierarchy) that a walk follows: those that held an object or a value
    /// a walk goes into when the class was first met. A property of a
    /// protocol type is judged by what it held then: each of the backends'
    /// properties holds one kind of thing.
    func followedFields(of mirror: Mirror) -> [Any] {
        let key = ObjectIdentifier(mirror.subjectType)
        let children = mirror.children
        guard let plan = tables.withLock({ $0.fieldPlans[key] }) else {
            var plan: [Int] = []
            var values: [Any] = []
            for (index, child) in children.enumerated() where mayHoldAnObject(child.value) {
                plan.append(index)
                values.append(child.value)
            }
            tables.withLock { $0.fieldPlans[key] = plan }
            return values
        }
        var values: [Any] = []
        var cursor = children.startIndex
        var at = 0
        for index in plan {
            cursor = children.index(cursor, offsetBy: index - at)
            at = index
            values.append(children[cursor].value)
        }
        return values
    }
}

/// An optional, as a walk reads it: what it holds, if anything.
private protocol WalkedOptional {
    var walkedPayload: Any? { get }
}

extension Optional: WalkedOptional {
    fileprivate var walkedPayload: Any? { map { $0 } }
}

/// A collection of the standard library's, as a walk reads it: its first
/// `limit` elements (a dictionary's as key-value pairs, as its Mirror shows them).
private protocol WalkedCollection {
    func walkedElements(limit: Int) -> [Any]
}

extension Array: WalkedCollection {
    fileprivate func walkedElements(limit: Int) -> [Any] { prefix(limit).map { $0 } }
}

extension ContiguousArray: WalkedCollection {
    fileprivate func walkedElements(limit: Int) -> [Any] { prefix(limit).map { $0 } }
}

extension Set: WalkedCollection {
    fileprivate func walkedElements(limit: Int) -> [Any] { prefix(limit).map { $0 } }
}

extension Dictionary: WalkedCollection {
    fileprivate func walkedElements(limit: Int) -> [Any] { prefix(limit).map { (key: $0.key, value: $0.value) } }
}
