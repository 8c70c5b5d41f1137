// BindingKit: the guest side, what a backend may touch. The terminal widgets
// views are made of (they trace their own updates and the user's gestures),
// the presentation rules every backend shares (the movies search sequence,
// pages, the orders list, labels and values), associated objects for the
// articles that use them, and the contract a backend fulfils: `World` (what
// it is given), `BindingBackend`, `ProbeSubject`, and the narrow hooks its
// `+Trace` file uses (`Tracer`, `CensusExempt`, `decorate(_:in:)`).
// The clock, the devices, screen rendering, the census and the registry are
// the host's (`Playground`).
// May import: Domain, CCurrentWorld (World.current) and the standard library.
// Never a backend, never the host or the shell.
