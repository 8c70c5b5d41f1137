/// The demo's `reduce(_:_:initVal:f:)`: a `Dynamic` of `f` of the latest
/// values of two others, set whenever either changes (not at once: it starts
/// at `initVal`), kept alive by both.
func reduce<A, B, T>(_ dA: Dynamic<A>, _ dB: Dynamic<B>, initVal: T, _ f: @escaping (A, B) -> T) -> Dynamic<T> {
    let dyn = Dynamic<T>(initVal)
    dA.addListener({ [weak dyn, weak dB] v in if let dB { dyn?.value = f(v, dB.value) } }, name: Dynamic<A>.derived)
    dB.addListener({ [weak dyn, weak dA] v in if let dA { dyn?.value = f(dA.value, v) } }, name: Dynamic<B>.derived)
    dA.retain(dyn)
    dB.retain(dyn)
    return dyn
}
