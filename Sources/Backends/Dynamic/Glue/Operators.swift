// The operators of "Bindings in Swift: first steps towards MVVM" (2015) and
// of its author's demo, declared for Swift 6.
//
// The article declares `infix operator >>> {}` (Swift 1.1). In Swift 6 an
// operator declared without a group gets `DefaultPrecedence`, which has no
// order with `AdditionPrecedence`, so the article's own example
// `pm.userName | { "…\($0)" } >>> label` is rejected ("adjacent operators
// are in unordered precedence groups"). One group fixes it: binding is
// non-associative (`a >>> b >>> c` means nothing), binds looser than `|`
// (the standard library's `|` is `AdditionPrecedence`) so that a mapped
// `Dynamic` is bound as a whole, and tighter than `=`. `>>`, `|` and `&` keep
// the standard library's declarations (bit shift, addition, multiplication):
// `d & f | g` filters, then maps.

precedencegroup DynamicBindingPrecedence {
    associativity: none
    lowerThan: AdditionPrecedence
    higherThan: AssignmentPrecedence
}

/// Bind: add a listener and call it now.
infix operator >>> : DynamicBindingPrecedence
/// Two-way binding.
infix operator <<>>> : DynamicBindingPrecedence

// MARK: - >> (addListener) and >>> (bind)

public func >> <T>(left: Dynamic<T>, right: @escaping (T) -> Void) {
    left.addListener(right)
}

public func >>> <T>(left: Dynamic<T>, right: @escaping (T) -> Void) {
    left.bind(right)
}

public func >> <T>(left: Dynamic<T>, right: PropertyModifier<T>) {
    left.addListener(right.modifier)
}

public func >>> <T>(left: Dynamic<T>, right: PropertyModifier<T>) {
    left.bind(right.modifier)
}

public func >> <T, B: BindableObject>(left: Dynamic<T>, right: B) where B.DefaultPropertyModifierTargetType == T {
    left.addListener(right.defaultPropertyModifier.modifier)
}

public func >>> <T, B: BindableObject>(left: Dynamic<T>, right: B) where B.DefaultPropertyModifierTargetType == T {
    left.bind(right.defaultPropertyModifier.modifier)
}

// MARK: - | (map) and & (filter)

/// A `Dynamic` of `f` of every value of `dyn`, kept alive by `dyn`.
public func map<T, U>(_ dyn: Dynamic<T>, _ f: @escaping (T) -> U) -> Dynamic<U> {
    let newDyn = Dynamic<U>(f(dyn.value))
    dyn >> { [weak newDyn] v in newDyn?.value = f(v) }
    dyn.retain(newDyn)
    return newDyn
}

public func | <T, U>(left: Dynamic<T>, right: @escaping (T) -> U) -> Dynamic<U> {
    map(left, right)
}

/// A `Dynamic` of the values of `dyn` that pass `f`, kept alive by `dyn`.
/// As in the demo, it starts with `dyn`'s value whether that passes or not:
/// only later values are checked.
public func filter<T>(_ dyn: Dynamic<T>, _ f: @escaping (T) -> Bool) -> Dynamic<T> {
    let newDyn = Dynamic<T>(dyn.value)
    dyn.addListener { [weak newDyn] v in if f(v) { newDyn?.value = v } }
    dyn.retain(newDyn)
    return newDyn
}

public func & <T>(left: Dynamic<T>, right: @escaping (T) -> Bool) -> Dynamic<T> {
    filter(left, right)
}

// MARK: - <<>>> (two-way)

/// Binds two `Dynamic`s both ways: the right takes the left's value now
/// (the left wins at start); from then on a set on either side reaches the
/// other once, and the other does not send it back (the echo is
/// suppressed). Each side has one partner slot: binding again replaces it.
public func <<>>> <T>(left: Dynamic<T>, right: Dynamic<T>) {
    left.setExternalDynamic(right)
    right.setExternalDynamic(left)
    right.value = left.value
}

/// Two-way binding to a control's default `Dynamic` (`viewModel.query
/// <<>>> searchField`).
public func <<>>> <T, O: DynamicalObject>(left: Dynamic<T>, right: O) where O.DefaultDynamicalPropertyType == T {
    left <<>>> right.defaultDynamicProperty
}

// MARK: - >> (a button and its command)

/// `button >> command`: the button runs the command when tapped and follows
/// its `enabled`.
public func >> <T, B: Commander>(left: B, right: Command<T>) where B.CommandType == T {
    left.setCommand(right)
}
