import Foundation
import Kit
import Testing

/// `kit new`, `kit solve` and the tasks' starts, in a package of their own.
@Suite struct KitFolderTests {
    /// A new kit is the template named after it, its registration and its state; the slot's placeholder is left as it was.
    @Test func newWritesTheTemplateNamed() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let kit = KitFolder(root: package.path)
        #expect(!kit.isInUse)
        let state = try kit.create(name: "my-kit", from: "delegate", force: false)
        #expect(state == KitState(name: "my-kit", from: "delegate"))
        let assembly = try #require(package.read("Sources/Backends/Workshop/MyKitBackend.swift"))
        #expect(assembly.contains("public struct MyKitBackend: KitBackend"))
        #expect(assembly.contains("id: \"my-kit\""))
        #expect(!assembly.contains("Template"))
        let registration = try #require(package.read("Sources/Backends/Workshop/KitRegistration.swift"))
        #expect(registration.contains("[MyKitBackend()]"))
        #expect(kit.sources.contains("Orders/OrdersViewModel.swift"))
        #expect(kit.sources.contains("MyKitBackend+Probe.swift"))
        #expect(package.read("Sources/Backends/Workshop/Workshop.swift") == "// the placeholder\n")
        #expect(try kit.state() == state)
    }

    /// A kit in progress is not replaced without force; with it, its files go.
    @Test func refusesToReplaceAKitInProgress() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let kit = KitFolder(root: package.path)
        _ = try kit.create(name: "mine", from: "delegate", force: false)
        try package.write("Sources/Backends/Workshop/Orders/Mine.swift", "// mine\n")
        #expect(throws: KitFileError.self) { try kit.create(name: "other", from: "blank", force: false) }
        #expect(package.read("Sources/Backends/Workshop/MineBackend.swift") != nil)
        _ = try kit.create(name: "other", from: "blank", force: true)
        #expect(package.read("Sources/Backends/Workshop/MineBackend.swift") == nil)
        #expect(package.read("Sources/Backends/Workshop/Orders/Mine.swift") == nil)
        #expect(try kit.state()?.name == "other")
        #expect(package.read("Sources/Backends/Workshop/Workshop.swift") == "// the placeholder\n")
    }

    /// A name is lower-case letters, digits and hyphens, and not a backend's already.
    @Test func namesAreChecked() {
        #expect(KitFolder.problem(with: "mine", taken: ["delegate"]) == nil)
        #expect(KitFolder.problem(with: "my-kit2", taken: []) == nil)
        for bad in ["", "Mine", "2kit", "my kit", "my--kit", "mine-", "../x", String(repeating: "a", count: 25)] {
            #expect(KitFolder.problem(with: bad, taken: []) != nil, "\(bad)")
        }
        #expect(KitFolder.problem(with: "delegate", taken: ["delegate"]) != nil)
        #expect(KitFolder.problem(with: "all", taken: []) != nil)
        #expect(KitFolder.typeName(of: "my-kit") == "MyKit")
    }

    /// An unknown template is refused before anything is written.
    @Test func unknownTemplateIsRefused() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let kit = KitFolder(root: package.path)
        #expect(throws: KitFileError.self) { try kit.create(name: "mine", from: "observable", force: false) }
        #expect(!kit.isInUse)
    }

    /// The reference's files of a task go in named as the kit's; reset puts the task's files back as it began.
    @Test func solveThenReset() throws {
        let package = try TemporaryFolder.package()
        defer { package.remove() }
        let kit = KitFolder(root: package.path)
        _ = try kit.create(name: "mine", from: "delegate", force: false)
        let before = try #require(package.read("Sources/Backends/Workshop/Orders/OrdersViewModel.swift"))
        #expect(before.contains("// TASK 1:"))
        try kit.installReference(of: 1, name: "mine")
        let solved = try #require(package.read("Sources/Backends/Workshop/Orders/OrdersViewModel.swift"))
        #expect(!solved.contains("// TASK 1:"))
        #expect(solved.contains("listener?.showLoading()"))
        let restored = try kit.reset(task: 1)
        #expect(restored.contains("Orders/OrdersViewModel.swift"))
        #expect(package.read("Sources/Backends/Workshop/Orders/OrdersViewModel.swift") == before)
        // Task 6's reference is the assembly, named as the kit names it.
        try kit.installReference(of: 6, name: "mine")
        let assembly = try #require(package.read("Sources/Backends/Workshop/MineBackend.swift"))
        #expect(assembly.contains("public let replay: ReplayPolicy? = .reloads"))
        #expect(assembly.contains("struct MineBackend"))
        #expect(throws: KitFileError.self) { _ = try kit.reset(task: 6) }
    }
}
