#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the kit could not read or write one of its files, in words a person understands.
public struct KitFileError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    static func system(_ what: String, _ path: String) -> KitFileError {
        let code = errno
        if code == ELOOP || code == EMLINK {
            return KitFileError("\(path) is a symbolic link: the kit does not \(what) through one")
        }
        return KitFileError("cannot \(what) \(path): \(String(cString: strerror(code)))")
    }
}

/// A folder the kit reads and writes below, never through a symbolic link:
/// the folder itself is opened without following one, and every file or
/// folder below it is reached from its parent's descriptor
/// (`openat(…, O_NOFOLLOW)`), so a link planted at any level is refused
/// rather than followed. New files are created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`; a file replaced is written to a new
/// temporary file beside it, then renamed over it (which replaces a link
/// rather than writing where it points).
///
/// The program links no Foundation (Docs/performance.md), so this is the C library's.
public struct KitDirectory: Sendable {
    /// The folder, as given.
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    /// Whether the folder is there (and a folder, not a link to one).
    public var exists: Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    // MARK: Reading

    /// The text of the regular file at `relative`; nil when there is none.
    ///
    /// - Throws: when it is a link, not a regular file, or cannot be read.
    public func text(of relative: String) throws(KitFileError) -> String? {
        guard let bytes = try bytes(of: relative) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of the regular file at `relative`; nil when there is none.
    public func bytes(of relative: String) throws(KitFileError) -> [UInt8]? {
        let (parent, name) = try openParent(of: relative, creating: false)
        guard let parent else { return nil }
        defer { close(parent) }
        let file = openat(parent, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw .system("read", path + "/" + relative)
        }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw KitFileError("\(path)/\(relative) is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .system("read", path + "/" + relative) }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return bytes
    }

    /// The regular files under the folder, at any depth, as paths relative
    /// to it, sorted; links are neither listed nor followed, and folders
    /// whose name starts with a dot (the kit's `.kit`) are skipped unless
    /// `hidden`.
    ///
    /// - Complexity: O(n) in the number of entries.
    public func files(under relative: String = "", hidden: Bool = false) -> [String] {
        let start = relative.isEmpty ? path : path + "/" + relative
        let descriptor = open(start, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        var found: [String] = []
        Self.walk(descriptor, prefix: relative.isEmpty ? "" : relative + "/", hidden: hidden, into: &found)
        return found.sorted()
    }

    /// Lists the directory open at `descriptor` (and closes it).
    private static func walk(_ descriptor: Int32, prefix: String, hidden: Bool, into found: inout [String]) {
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(directory) }
        var entries: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { entries.append(name) }
        }
        let parent = dirfd(directory)
        for name in entries {
            var status = stat()
            guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: found.append(prefix + name)
            case S_IFDIR:
                guard hidden || !name.hasPrefix(".") else { continue }
                let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 { walk(child, prefix: prefix + name + "/", hidden: hidden, into: &found) }
            default: continue
            }
        }
    }

    // MARK: Writing

    /// Creates the file `relative` holding `text`, and the folders on the way.
    ///
    /// - Throws: when it is there already (or a link is), or cannot be written.
    public func create(_ relative: String, _ text: String) throws(KitFileError) {
        let (parent, name) = try openParent(of: relative, creating: true)
        guard let parent else { throw KitFileError("cannot make the folder of \(path)/\(relative)") }
        defer { close(parent) }
        let file = openat(parent, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            if errno == EEXIST { throw KitFileError("\(path)/\(relative) is there already") }
            throw .system("create", path + "/" + relative)
        }
        defer { close(file) }
        try Self.writeAll(Array(text.utf8), to: file, path + "/" + relative)
    }

    /// Writes `text` as the file `relative`, replacing what is there: a new
    /// file beside it, renamed over it.
    public func replace(_ relative: String, _ text: String) throws(KitFileError) {
        try replace(relative, bytes: Array(text.utf8))
    }

    /// Writes `bytes` as the file `relative`, as `replace(_:_:)` does.
    public func replace(_ relative: String, bytes: [UInt8]) throws(KitFileError) {
        let (parent, name) = try openParent(of: relative, creating: true)
        guard let parent else { throw KitFileError("cannot make the folder of \(path)/\(relative)") }
        defer { close(parent) }
        var temporary = ""
        var file: Int32 = -1
        for attempt in 0..<100 {
            temporary = ".\(name).\(getpid()).\(attempt).tmp"
            file = openat(parent, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file >= 0 || errno != EEXIST { break }
        }
        guard file >= 0 else { throw .system("create a file beside", path + "/" + relative) }
        do {
            try Self.writeAll(bytes, to: file, path + "/" + relative)
        } catch {
            close(file)
            unlinkat(parent, temporary, 0)
            throw error
        }
        close(file)
        guard renameat(parent, temporary, parent, name) == 0 else {
            let failure = KitFileError.system("replace", path + "/" + relative)
            unlinkat(parent, temporary, 0)
            throw failure
        }
    }

    /// Removes the file (or link) `relative`, or the folder and everything
    /// in it, never following a link; nothing there is not an error.
    public func remove(_ relative: String) throws(KitFileError) {
        let (parent, name) = try openParent(of: relative, creating: false)
        guard let parent else { return }
        defer { close(parent) }
        try Self.remove(name, in: parent, path + "/" + relative)
    }

    private static func remove(_ name: String, in parent: Int32, _ shown: String) throws(KitFileError) {
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return }
            throw .system("remove", shown)
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0, let directory = fdopendir(child) else { throw .system("remove", shown) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let entryName = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if entryName != "." && entryName != ".." { names.append(entryName) }
            }
            do {
                for entryName in names { try remove(entryName, in: dirfd(directory), shown + "/" + entryName) }
            } catch {
                closedir(directory)
                throw error
            }
            closedir(directory)
            guard unlinkat(parent, name, AT_REMOVEDIR) == 0 else { throw .system("remove", shown) }
        } else {
            guard unlinkat(parent, name, 0) == 0 else { throw .system("remove", shown) }
        }
    }

    // MARK: Descriptors

    /// The parent folder of `relative`, opened from the root without
    /// following a link at any level (made when `creating`), and the last
    /// component's name; no descriptor when a folder on the way is missing.
    private func openParent(of relative: String, creating: Bool) throws(KitFileError) -> (Int32?, String) {
        let parts = relative.split(separator: "/").map(String.init)
        guard let name = parts.last, !parts.contains(".."), !parts.contains(".") else {
            throw KitFileError("\(relative) is not a path inside the kit")
        }
        if creating, !exists { try Self.makeFolders(path) }
        var current = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard current >= 0 else {
            if errno == ENOENT { return (nil, name) }
            throw .system("open", path)
        }
        var shown = path
        for part in parts.dropLast() {
            shown += "/" + part
            if creating, mkdirat(current, part, 0o755) != 0, errno != EEXIST {
                let failure = KitFileError.system("make", shown)
                close(current)
                throw failure
            }
            let next = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            close(current)
            guard next >= 0 else {
                if failure == ENOENT { return (nil, name) }
                errno = failure
                throw .system("open", shown)
            }
            current = next
        }
        return (current, name)
    }

    /// Makes `path` and the folders above it that are missing (`mkdir -p`):
    /// the folder the kit works below, not one inside it.
    private static func makeFolders(_ path: String) throws(KitFileError) {
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, 0o755) != 0, errno != EEXIST { throw .system("make", made) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to file: Int32, _ shown: String) throws(KitFileError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .system("write", shown) }
            offset += count
        }
    }
}
