import BindingKit
import Foundation
import Kit
import Playground
import WorkshopBackend

/// The package's folder, from this file's place in it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A folder of its own under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "kit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    /// A package with the kit's data (Sources/Kit's template, reference and
    /// sessions) and an empty slot, for `KitFolder(root:)`.
    static func package() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for data in ["Template", "Reference", "Sessions"] {
            try FileManager.default.createDirectory(
                atPath: folder.path + "/Sources/Kit", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: packageRoot + "/Sources/Kit/" + data, toPath: folder.path + "/Sources/Kit/" + data)
        }
        try folder.write("Sources/Backends/Workshop/Workshop.swift", "// the placeholder\n")
        return folder
    }
}

/// A kit's backend made in the tests: the delegate backend's screens, a
/// declared replay policy, and an `Observable` that removes well or as the
/// repository's issue 36 reports it.
struct TestKitBackend: KitBackend {
    var replay: ReplayPolicy?
    var observable: @Sendable (Int) -> any ObservableUnderTest
    let delegate = DelegateBackendLookalike()

    var info: BackendInfo { BackendInfo(id: "test-kit", summary: "a kit in the tests", article: "none", year: 2025) }
    func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        delegate.backend.makeOrdersScreen(in: world, navigator: navigator)
    }
    func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        delegate.backend.makeMoviesScreen(in: world, navigator: navigator)
    }
    func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        try delegate.backend.makeProbeSubject(in: world)
    }
    func decorate(_ object: AnyObject, in world: World) { delegate.backend.decorate(object, in: world) }
    func makeObservable(_ value: Int) -> any ObservableUnderTest { observable(value) }
}

/// The registry's delegate backend, found once.
struct DelegateBackendLookalike: Sendable {
    let backend: any BindingBackend = BackendRegistry.backend("delegate")!
}

/// The repository's `Observable` when its issue 36 was opened: each delivery
/// a main-queue job holding the block, so `remove(observer:)` reaches none
/// already queued.
final class QueuedObservable: ObservableUnderTest {
    struct Entry {
        weak var observer: AnyObject?
        let block: (Int) -> Void
    }
    private var entries: [Entry] = []
    var value: Int { didSet { for entry in entries { DispatchQueue.main.async { entry.block(self.value) } } } }
    init(_ value: Int) { self.value = value }
    func observe(on observer: AnyObject, observerBlock: @escaping (Int) -> Void) {
        entries.append(Entry(observer: observer, block: observerBlock))
        DispatchQueue.main.async { observerBlock(self.value) }
    }
    func remove(observer: AnyObject) { entries.removeAll { $0.observer === observer } }
}

/// The same, whose jobs look whether their entry is still there.
final class RemovingObservable: ObservableUnderTest {
    final class Entry {
        weak var observer: AnyObject?
        let block: (Int) -> Void
        var live = true
        init(_ observer: AnyObject, _ block: @escaping (Int) -> Void) {
            self.observer = observer
            self.block = block
        }
    }
    private var entries: [Entry] = []
    var value: Int { didSet { for entry in entries { send(to: entry) } } }
    init(_ value: Int) { self.value = value }
    func observe(on observer: AnyObject, observerBlock: @escaping (Int) -> Void) {
        let entry = Entry(observer, observerBlock)
        entries.append(entry)
        send(to: entry)
    }
    func remove(observer: AnyObject) {
        for entry in entries where entry.observer === observer { entry.live = false }
        entries.removeAll { !$0.live }
    }
    private func send(to entry: Entry) {
        DispatchQueue.main.async { if entry.live { entry.block(self.value) } }
    }
}
