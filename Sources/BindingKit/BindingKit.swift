// BindingKit: what every backend shares — the virtual clock and main queue,
// the terminal widgets views are made of, screen rendering, the backend
// contract, the trace of binding hops and live-object counting.
// May import: Domain and the standard library. Never a backend, never the shell.
