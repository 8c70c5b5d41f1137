// swift-tools-version: 6.0
import PackageDescription

// Targets are grouped by role. The split is the design: the model (Domain,
// Catalog) knows nothing of bindings; a backend (the guest) knows only Domain
// and BindingKit; the host (Playground) runs backends through the contract
// and its registry; the Shell knows only the host and says what it did.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// Where the two C libraries come from. On Linux, Debian's packages, found
// through pkg-config (libedit-dev, libsqlite3-dev: `.ci/setup` installs
// them). On macOS, the SDK: it has `histedit.h` and `sqlite3.h` in
// usr/include and `libedit.tbd`, `libsqlite3.tbd` in usr/lib, which the
// module maps' `#include <histedit.h>`/`<sqlite3.h>` and `link` lines find
// with no search path, so pkg-config is not asked (it is seldom there, and has
// no .pc file for the SDK's libraries: asking would only warn). Homebrew's
// libedit or sqlite, if installed, are not needed. Untested on macOS.
#if os(macOS)
    let libEditPkgConfig: String? = nil
    let sqlitePkgConfig: String? = nil
#else
    let libEditPkgConfig: String? = "libedit"
    let sqlitePkgConfig: String? = "sqlite3"
#endif

let package = Package(
    name: "bindlab",
    // macOS 15: Synchronization's Mutex (Observation alone would need 14).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "bindlab", targets: ["bindlab"])
    ],
    targets: [
        // C libraries: Debian's packages, or the macOS SDK (above).
        .systemLibrary(
            name: "CLibEdit", pkgConfig: libEditPkgConfig,
            providers: [.apt(["libedit-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: sqlitePkgConfig,
            providers: [.apt(["libsqlite3-dev"])]),

        // The two things the playground needs from C: the current world's
        // thread-local slot, and the runtime's allocation hook (the census).
        .target(name: "CCurrentWorld"),

        // The model.
        .target(name: "Domain", swiftSettings: strict),
        .target(
            name: "Catalog", dependencies: ["Domain", "CSQLite"],
            // movies.csv is read from the package's sources, not declared as a
            // resource: a resource's generated `Bundle.module` imports
            // Foundation, which the program would then link and relocate at
            // every start (Docs/performance.md).
            exclude: ["Resources"], swiftSettings: strict),

        // The guest side, what a backend may touch; then one module per approach.
        .target(
            name: "BindingKit", dependencies: ["Domain", "CCurrentWorld"], swiftSettings: strict,
            // `Double.rounded()` (a movie's rating) needs libm, which nothing
            // else links on Linux when Foundation is absent (the benchmarks).
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(
            name: "DelegateBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Delegate", swiftSettings: strict),
        .target(
            name: "EventEnumBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/EventEnum", swiftSettings: strict),
        .target(
            name: "OutputBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Output", swiftSettings: strict),
        .target(
            name: "AssociatedBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Associated", swiftSettings: strict),
        .target(
            name: "EventBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Event", swiftSettings: strict),
        .target(
            name: "ObservableBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Observable", swiftSettings: strict),
        .target(
            name: "DynamicBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Dynamic", swiftSettings: strict),
        .target(
            name: "PublishedBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Published", swiftSettings: strict),
        .target(
            name: "ObservationBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Observation", swiftSettings: strict),
        // The workshop's slot (`bindlab kit`, Docs/workshop.md): a placeholder
        // that registers nothing until `kit new` writes an attendee's backend
        // beside it (git-ignored), so that no one edits this file or the
        // registry for it.
        .target(
            name: "WorkshopBackend", dependencies: ["Domain", "BindingKit"],
            path: "Sources/Backends/Workshop", swiftSettings: strict),

        // The host side: the clock, sandboxes, devices, screens as text, the
        // registry, lanes and the stage.
        .target(
            name: "Playground",
            dependencies: [
                "Domain", "Catalog", "BindingKit", "DelegateBackend", "EventEnumBackend",
                "OutputBackend", "AssociatedBackend", "EventBackend", "ObservableBackend", "DynamicBackend",
                "PublishedBackend", "ObservationBackend", "WorkshopBackend",
            ],
            swiftSettings: strict),

        // What tells the backends apart, observed by running their glue.
        .target(
            name: "Experiments", dependencies: ["Domain", "Catalog", "BindingKit", "Playground"],
            swiftSettings: strict),

        // The workshop's grader (`bindlab kit`): the curriculum, the checks it
        // shares with the conformance suite (over PlaygroundTestSupport's
        // TestApp, which the product links through it), the kit's files. The
        // template, the reference solution and the tasks' sessions are data
        // it reads from the package, not sources.
        .target(
            name: "Kit",
            dependencies: [
                "Domain", "BindingKit", "Playground", "PlaygroundTestSupport", "Experiments", "WorkshopBackend",
            ],
            exclude: ["Template", "Reference", "Sessions"], swiftSettings: strict),

        // What bindlab draws, as data: an action's hops as a marble diagram, two
        // backends' files paired by role. The Shell draws it in the terminal,
        // the export as SVG and HTML.
        .target(
            name: "Pictures", dependencies: ["BindingKit", "Playground", "Experiments"], swiftSettings: strict),

        // The terminal, the command line's grammar, and the playground's words.
        .target(name: "LineEditing", dependencies: ["CLibEdit"], swiftSettings: strict),
        .target(name: "CommandLineOptions", swiftSettings: strict),
        .target(
            name: "Shell",
            dependencies: [
                "Domain", "Catalog", "BindingKit", "Playground", "LineEditing", "Experiments", "CommandLineOptions",
                "Kit", "Pictures",
            ],
            swiftSettings: strict),
        .executableTarget(name: "bindlab", dependencies: ["Shell"], swiftSettings: strict),

        // Outside the product: what `bindlab bench` runs (beside bindlab; the
        // product does not link it), and what the fuzz targets share.
        .target(
            name: "BenchKit",
            dependencies: ["Domain", "Catalog", "BindingKit", "Playground", "Experiments", "CommandLineOptions"],
            swiftSettings: strict),
        .executableTarget(name: "bindlab-bench", dependencies: ["BenchKit"], swiftSettings: strict),

        // The one way tests make a backend's world: TestApp over fakes of the
        // data layer. Not a product.
        .target(
            name: "PlaygroundTestSupport", dependencies: ["Domain", "BindingKit", "Playground"], swiftSettings: strict),

        // Tests mirror the sources.
        .testTarget(
            name: "BindingKitTests", dependencies: ["BindingKit", "Domain", "Playground"], swiftSettings: strict),
        .testTarget(
            name: "PlaygroundTests", dependencies: ["Playground", "BindingKit", "Domain", "Catalog"],
            swiftSettings: strict),
        .testTarget(
            name: "ShellTests",
            dependencies: ["Shell", "Playground", "LineEditing", "BindingKit", "CommandLineOptions", "Pictures"],
            swiftSettings: strict),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Shell", "Playground", "PlaygroundTestSupport", "BindingKit", "Domain", "Experiments", "Kit", "DelegateBackend",
                "EventEnumBackend", "OutputBackend", "AssociatedBackend", "EventBackend", "ObservableBackend",
                "DynamicBackend", "PublishedBackend", "ObservationBackend",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ExperimentsTests", dependencies: ["Experiments", "Playground", "BindingKit", "Shell"],
            swiftSettings: strict),
        .testTarget(
            name: "PicturesTests", dependencies: ["Pictures", "Playground", "BindingKit", "Experiments"],
            swiftSettings: strict),
        .testTarget(
            name: "KitTests", dependencies: ["Kit", "Shell", "Playground", "BindingKit", "WorkshopBackend"],
            swiftSettings: strict),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"], swiftSettings: strict),
        .testTarget(name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions"], swiftSettings: strict),
        .testTarget(
            name: "BenchKitTests", dependencies: ["BenchKit", "Playground", "CommandLineOptions"], swiftSettings: strict),
        // Test-only program the LineEditing pty tests drive; not a product.
        .executableTarget(
            name: "linedemo", dependencies: ["LineEditing"], path: "Tests/LineDemo", swiftSettings: strict),
        .testTarget(name: "DomainTests", dependencies: ["Domain"], swiftSettings: strict),
        .testTarget(
            name: "CatalogTests", dependencies: ["Catalog", "Domain", "BindingKit", "Playground"],
            swiftSettings: strict),

        // Fuzz targets (Tests/Fuzz/run.sh): libFuzzer entry points, built
        // with -DFUZZING and sanitizers by the script; plain corpus replayers
        // in an ordinary build. What they share (the properties, the driver)
        // is FuzzSupport, which reaches the Shell's internals it checks
        // through their `package` declarations; the product links none of it.
        .target(
            name: "FuzzSupport", dependencies: ["Shell", "Playground", "Catalog"], path: "Tests/Fuzz/Support",
            swiftSettings: strict),
        .executableTarget(
            name: "fuzz-commands", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Commands", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-shell", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Shell", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-sessions", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Sessions", swiftSettings: strict),
        .executableTarget(
            name: "fuzz-catalogue", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/Catalogue",
            swiftSettings: strict),

        // Makes Sources/Catalog/Resources/movies.index from movies.csv.
        .executableTarget(
            name: "catalog-index", dependencies: ["Catalog"], path: "Tests/CatalogIndex", swiftSettings: strict),

        // Benchmarks: run in release, never timed in tests.
        .executableTarget(
            name: "catalog-bench", dependencies: ["Catalog", "Domain"],
            path: "Tests/Benchmarks/CatalogBench", swiftSettings: strict),
        .executableTarget(
            name: "binding-bench",
            dependencies: [
                "OutputBackend", "EventBackend", "ObservableBackend", "DynamicBackend", "BindingKit", "Playground",
            ],
            path: "Tests/Benchmarks/BindingBench", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
