// Domain: the shared model of the playground — entities, use cases and the
// repository protocols they need. It does no I/O and knows nothing of
// bindings, terminals or time sources: those are injected.
// May import: the Swift standard library only.
