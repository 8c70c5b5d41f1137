// Catalog: the data layer — repository implementations behind Domain's
// protocols: generated orders, the movies catalogue, recent-queries storage
// (SQLite or memory), and the latency and faults of a simulated network.
// May import: Domain, Foundation, CSQLite. Never BindingKit or a backend.
