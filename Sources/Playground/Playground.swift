// Playground: the host side. The virtual scheduler (clock and main queue),
// the sandbox a backend's code runs in (`Sandbox`: its world, the census of
// the objects it makes, their decoration), the simulated device, screen
// rendering as lines of text, the backend registry, the shared data, lanes
// and the stage that runs an action on every lane and returns its frames as
// data. It knows nothing of terminals: the Shell turns frames into output.
// May import: Domain, Catalog, BindingKit and the backends
// (for the registry only). Never the Shell.
