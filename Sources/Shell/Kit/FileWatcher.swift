import Experiments
import Kit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tells `kit watch` that a Swift file of the kit was saved: told by the
/// system (inotify, on Linux), else by looking at the files' stamps every
/// half second (a file system that sends no notifications: a folder shared
/// into a container from another machine), else not at all (`--manual`).
final class FileWatcher {
    enum Kind: String {
        case notified = "inotify"
        case polling = "polling every 0.5 s"
        case manual = "manual: r rebuilds"
    }

    let kind: Kind
    /// What `poll(2)` waits on: inotify's descriptor; nil when polling or manual.
    private(set) var descriptor: Int32?
    /// How long a wait may last before the stamps are looked at; nil: forever.
    var timeout: Int32? { kind == .polling ? 500 : nil }

    private let folder: KitFolder
    private var stamps: [String: PackageSources.Stamp] = [:]

    /// A watcher of `folder`'s sources, of the kind asked for or the next one
    /// that works (notified, then polling).
    init(folder: KitFolder, wanted: Kind) {
        self.folder = folder
        var kind = wanted
        #if canImport(Glibc)
            if kind == .notified {
                let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
                if descriptor >= 0 {
                    self.descriptor = descriptor
                } else {
                    kind = .polling
                }
            }
        #else
            if kind == .notified { kind = .polling }
        #endif
        self.kind = kind
        if let descriptor { watchFolders(descriptor) }
        stamps = currentStamps()
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Watches the kit's folder and every folder in it, once each.
    private func watchFolders(_ descriptor: Int32) {
        #if canImport(Glibc)
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
            var folders = Set([""])
            for file in folder.slot.files() {
                let parts = file.split(separator: "/").dropLast()
                for depth in parts.indices { folders.insert(parts[...depth].joined(separator: "/")) }
            }
            for relative in folders {
                let path = folder.slot.path + (relative.isEmpty ? "" : "/" + relative)
                _ = inotify_add_watch(descriptor, path, mask)
            }
        #endif
    }

    /// Reads what the system told since the last call: whether a Swift file
    /// (or a folder) changed. Files whose name starts with a dot (the kit's
    /// state, an editor's swap file) are not changes.
    func readNotifications() -> Bool {
        guard let descriptor else { return false }
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event { int wd; uint32_t mask, cookie, len; char name[]; }
            while offset + 16 <= count {
                let mask = Self.word(buffer, offset + 4)
                let length = Int(Self.word(buffer, offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += 16 + length
                #if canImport(Glibc)
                    let isFolder = mask & UInt32(IN_ISDIR) != 0
                #else
                    let isFolder = false
                #endif
                guard !name.hasPrefix(".") else { continue }
                if isFolder || name.hasSuffix(".swift") { changed = true }
                if isFolder { watchFolders(descriptor) }
            }
        }
        if changed { stamps = currentStamps() }
        return changed
    }

    /// Whether a file's stamp changed since the last look (polling).
    func stampsChanged() -> Bool {
        let now = currentStamps()
        defer { stamps = now }
        return now != stamps
    }

    private func currentStamps() -> [String: PackageSources.Stamp] {
        let sources = PackageSources(root: folder.root)
        var stamps: [String: PackageSources.Stamp] = [:]
        for file in folder.sources {
            stamps[file] = sources.stamp(of: KitFolder.slotPath + "/" + file)
        }
        return stamps
    }

    /// The 32-bit word at `offset`, in the host's byte order, as the kernel writes it.
    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
}
