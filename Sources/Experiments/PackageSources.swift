public import BindingKit
import Playground

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The package's own source files, read from disk: where `glue` counts the
/// backends' lines and `:source` prints them.
///
/// The program links no Foundation (Docs/performance.md, start-up), so the
/// few file-system questions are asked of the C library.
public struct PackageSources: Sendable {
    /// The package's folder: the one holding `Package.swift`.
    public let root: String

    public init(root: String) {
        self.root = root
    }

    /// The package this file was compiled in, where bindlab was built: the
    /// only sources `glue` counts and `:source` prints, so that what a
    /// folder holds (a clone's planted link, a `Sources/` of somebody
    /// else's) is never read for them. Nil when it is gone (the binary
    /// moved to a machine without its sources).
    public static func built() -> PackageSources? {
        let root = parentFolder(of: parentFolder(of: parentFolder(of: #filePath)))
        return isPackage(root) ? PackageSources(root: root) : nil
    }

    /// Where a package may be found: only where bindlab was built (the
    /// current folder is never read, issue 22).
    public enum Place: Sendable {
        /// The package this file was compiled in.
        case built
    }

    /// The first of `places` that holds a package with `Sources/Backends`;
    /// nil when none does (a binary whose build folder is gone).
    public static func locate(_ places: [Place]) -> PackageSources? {
        places.isEmpty ? nil : built()
    }

    private static func isPackage(_ path: String) -> Bool {
        isFile(path + "/Package.swift") && isFolder(path + "/Sources/Backends")
    }

    /// `Sources/Backends/Delegate` for the module `DelegateBackend`: the
    /// folder of the backend's module, found from its type's module name.
    public static func folder(of backend: any BindingBackend) -> String {
        let module = String(reflecting: type(of: backend)).split(separator: ".").first.map(String.init) ?? ""
        let name = module.hasSuffix("Backend") ? String(module.dropLast("Backend".count)) : module
        return "Sources/Backends/\(name)"
    }

    /// Whether `path` (relative to the root) is a folder.
    public func hasFolder(_ path: String) -> Bool { Self.isFolder(root + "/" + path) }

    /// Whether the file at `path` is the playground's watch on a backend
    /// (`DelegateBackend+Trace.swift`, `+Probe`, `Glue/Observable+Trace.swift`)
    /// rather than its article's code: `:source` and the glue count leave
    /// such files out.
    public static func isInstrumentation(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? Substring(path)
        return name.hasSuffix("+Trace.swift") || name.hasSuffix("+Probe.swift")
    }

    /// The `.swift` entries under `folder` (relative to the root), at any
    /// depth, as paths relative to the root, sorted. Entries that are not
    /// regular files are listed too (reading them says what they are);
    /// folders reached through a symbolic link are not entered, so a link
    /// loop ends, and a `folder` that is itself a link out of the package
    /// lists nothing.
    public func swiftFiles(under folder: String) -> [String] {
        guard let real = Self.realPath(root + "/" + folder), isInside(real) else { return [] }
        return Self.entries(under: root + "/" + folder, recursing: true)
            .filter { $0.hasSuffix(".swift") && !Self.isFolder($0) }
            .map { String($0.dropFirst(root.count + 1)) }
            .sorted()
    }

    /// What says that a file changed: its inode, size and modification
    /// time (an editor that saves by renaming a new file over the old one
    /// gives a new inode).
    public struct Stamp: Equatable, Sendable {
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int
    }

    /// The stamp of the file at `path` (relative to the root); nil when
    /// there is nothing there.
    public func stamp(of path: String) -> Stamp? {
        var status = stat()
        guard stat(root + "/" + path, &status) == 0 else { return nil }
        return Stamp(
            inode: UInt64(status.st_ino), size: Int64(status.st_size), seconds: Int(status.modified.tv_sec),
            nanoseconds: Int(status.modified.tv_nsec))
    }

    /// Why a file could not be read, in words a person understands.
    public enum ReadError: Error, Sendable, Equatable {
        case missing
        case notRegular
        case tooLarge(bytes: Int, limit: Int)
        case notUTF8
        case unreadable
        /// A symbolic link that leads out of the package.
        case outsidePackage(String)

        public var message: String {
            switch self {
            case .missing: "it is not there"
            case .notRegular: "it is not a regular file"
            case .tooLarge(let bytes, let limit): "it is too large (\(bytes) bytes; at most \(limit) are read)"
            case .notUTF8: "it is not UTF-8 text"
            case .unreadable: "it cannot be read"
            case .outsidePackage(let target): "it is a link out of the package (to \(target)), not read"
            }
        }
    }

    /// The largest file read: a source file is a few kilobytes; anything
    /// near a mebibyte is not one.
    public static let sizeLimit = 1 << 20

    /// The text of the file at `path` (relative to the root).
    ///
    /// Only the package's own regular files are read, at most `limit`
    /// bytes: a symbolic link is followed only to a file inside the package
    /// (a link to `/etc/shadow` or `/proc/kmsg` is refused), and the file
    /// is opened without blocking and checked on its descriptor, so a FIFO,
    /// a device or a file swapped in meanwhile is refused, never waited on.
    public func text(of path: String, limit: Int = PackageSources.sizeLimit) throws(ReadError) -> String {
        let full = root + "/" + path
        var status = stat()
        guard lstat(full, &status) == 0 else { throw .missing }
        guard let real = Self.realPath(full) else { throw .missing }
        guard isInside(real) else { throw .outsidePackage(real) }
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw errno == ELOOP ? .notRegular : .unreadable }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw .unreadable }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular }
        guard Int(status.st_size) <= limit else { throw .tooLarge(bytes: Int(status.st_size), limit: limit) }
        // The file may have grown since: read one byte past the limit at most.
        guard let bytes = Self.bytes(of: descriptor, atMost: limit + 1) else { throw .unreadable }
        guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count, limit: limit) }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// Whether the canonical path `real` is the package's root or under it.
    private func isInside(_ real: String) -> Bool {
        guard let base = Self.realPath(root) else { return false }
        return real == base || real.hasPrefix(base == "/" ? "/" : base + "/")
    }
}

// The file-system questions, of the C library.
extension PackageSources {
    private static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    static func isFile(_ path: String) -> Bool { kind(path) == S_IFREG }

    static func isFolder(_ path: String) -> Bool { kind(path) == S_IFDIR }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// `path` with every symbolic link followed; nil when it leads nowhere.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` without its last component: `/a/b` for `/a/b/c`, `/` for `/a`.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The paths of the entries under `folder` that are not folders; with
    /// `recursing`, those of its folders too (not through links).
    ///
    /// - Complexity: O(n) in the number of entries.
    static func entries(under folder: String, recursing: Bool) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            if isFolder(path) {
                if recursing && !isLink(path) { paths += entries(under: path, recursing: true) }
            } else {
                paths.append(path)
            }
        }
        return paths
    }

    /// At most `limit` bytes read from `descriptor`; nil when it cannot be read.
    static func bytes(of descriptor: Int32, atMost limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while bytes.count < limit {
            let count = chunk.withUnsafeMutableBytes {
                read(descriptor, $0.baseAddress, min($0.count, limit - bytes.count))
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
