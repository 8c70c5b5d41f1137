#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The little file-system work sessions need — read a file, replace it,
/// list a folder — on the C library, with messages a person reads (the
/// system's own words for what went wrong, never an absolute path).
package enum SessionFiles {
    /// The largest file taken for a session: far above any transcript, low
    /// enough that a wrong argument (a disk image, a log) is refused quickly.
    static let maximumSize = 16 << 20

    /// A file-system problem, in words.
    package struct Failure: Error, Equatable {
        package let message: String
    }

    /// The bytes of the file at `path`.
    package static func contents(of path: String) throws(Failure) -> [UInt8] {
        if isDirectory(path) { throw Failure(message: "cannot read it: it is a folder") }
        // Opened without blocking, so a FIFO with no writer (or a device)
        // cannot stall the open; then refused unless it is a regular file.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: "cannot read it: \(systemMessage())") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(message: "cannot read it: \(systemMessage())") }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(message: "cannot read it: \(kind(of: status.st_mode)), not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
                if bytes.count > maximumSize {
                    throw Failure(message: "too large for a session (more than \(maximumSize >> 20) MiB)")
                }
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw Failure(message: "cannot read it: \(systemMessage())")
            }
        }
    }

    /// Replaces the file at `path` with `text`: written to a new file beside
    /// it, then renamed over it, so that a failure leaves the old file whole.
    ///
    /// The new file is made by `mkstemp` (`O_CREAT | O_EXCL`, a name nobody
    /// chose beforehand) in the folder of the file replaced, so nothing found
    /// there (a link planted at a name a former version used, a FIFO) is ever
    /// opened or written through. A `path` that is a symbolic link is
    /// followed to the file it points to, which is replaced there: the link
    /// stays a link. The file keeps its permissions (and, where the system
    /// lets it, its owner).
    ///
    /// - Returns: the file replaced: `path`, or where its link led.
    @discardableResult
    static func replace(_ path: String, with text: String) throws(Failure) -> String {
        let target = try linkTarget(of: path)
        var status = stat()
        let existing = stat(target, &status) == 0
        try writeBeside(
            target, text, mode: existing ? status.st_mode & 0o7777 : 0o644,
            owner: existing ? (status.st_uid, status.st_gid) : nil, synced: true)
        return target
    }

    /// Writes `text` to a new file that `mkstemp` makes beside `target`
    /// (`O_CREAT | O_EXCL`: a name nobody chose beforehand), then renames it
    /// over `target`; whatever is at `target` itself (a file, a link, a
    /// FIFO) is replaced, never opened. A failure leaves it as it was.
    ///
    /// - Parameters:
    ///   - mode: the new file's permissions.
    ///   - owner: its owner and group, where the system lets them be set.
    ///   - synced: flushed to the disk before the rename.
    static func writeBeside(
        _ target: String, _ text: String, mode: mode_t, owner: (uid_t, gid_t)?, synced: Bool
    ) throws(Failure) {
        let folder = folder(of: target) ?? "."
        let name = String(target[(target.lastIndex(of: "/").map { target.index(after: $0) } ?? target.startIndex)...])
        var template = Array((folder + "/." + name + ".bindlab-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(message: "cannot write it: \(systemMessage())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if let owner {
            _ = fchown(descriptor, owner.0, owner.1)  // as it was, where allowed
        }
        let written =
            fchmod(descriptor, mode) == 0 && writeAll(text, to: descriptor) && (!synced || fsync(descriptor) == 0)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, target) == 0 else {
            let message = systemMessage()
            unlink(temporary)
            throw Failure(message: "cannot write it: \(message)")
        }
    }

    /// Where the symbolic link at `path` leads, every link on the way
    /// followed; `path` itself when it is not a link.
    private static func linkTarget(of path: String) throws(Failure) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            throw Failure(message: "cannot write it: it is a symbolic link that leads nowhere (\(systemMessage()))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Creates a new file at `path` for writing; refuses to replace one, or
    /// to follow a symbolic link there, even one that leads nowhere.
    static func create(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw Failure(message: "it exists already: choose a new name, or delete it first") }
            throw Failure(message: "cannot create it: \(systemMessage())")
        }
        return descriptor
    }

    /// Writes all of `text`; false when the system refused.
    @discardableResult
    static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        bytes.removeAll()
        return true
    }

    /// What a file that is not a regular file is, in words.
    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "it is a FIFO (a named pipe)"
        case S_IFCHR: "it is a character device"
        case S_IFBLK: "it is a block device"
        case S_IFSOCK: "it is a socket"
        default: "it is a special file"
        }
    }

    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The `*.session` files under `folder`, in sub-folders too, sorted by
    /// path; hidden files and folders are skipped. Paths start with `folder`.
    ///
    /// - Complexity: O(n log n) in the number of entries.
    static func sessions(in folder: String) throws(Failure) -> [String] {
        try tree(in: folder, endingIn: ".session")
    }

    /// The files under `folder` whose names end in `suffix`, in sub-folders
    /// too, sorted by path; hidden files and folders are skipped.
    static func tree(in folder: String, endingIn suffix: String) throws(Failure) -> [String] {
        var files: [String] = []
        for path in try entries(in: folder) {
            if isDirectory(path) {
                files += (try? tree(in: path, endingIn: suffix)) ?? []
            } else if path.hasSuffix(suffix) {
                files.append(path)
            }
        }
        return files
    }

    /// The files (not folders) directly in `folder`, sorted by path, hidden ones skipped.
    package static func files(in folder: String) throws(Failure) -> [String] {
        try entries(in: folder).filter { !isDirectory($0) }
    }

    /// The paths of what `folder` holds, sorted, hidden entries skipped.
    private static func entries(in folder: String) throws(Failure) -> [String] {
        guard let directory = opendir(folder) else {
            throw Failure(message: "cannot list it: \(systemMessage())")
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(directory)
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted().map { base + $0 }
    }

    /// The folder part of `path` (`Sessions` for `Sessions/01.session`), or
    /// nil for a bare file name.
    static func folder(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` read from `folder`, unless it is absolute.
    static func resolve(_ path: String, from folder: String?) -> String {
        guard let folder, !path.hasPrefix("/") else { return path }
        return folder.hasSuffix("/") ? folder + path : folder + "/" + path
    }

    /// Whether `path` (which may not exist yet) lies inside `folder`, every
    /// symbolic link on the way followed: a link inside the folder that leads
    /// out of it leads out.
    static func isInside(_ path: String, folder: String) -> Bool {
        guard let base = realpath(folder, nil) else { return false }
        defer { free(base) }
        let root = String(cString: base)
        var status = stat()
        let resolved: String
        if lstat(path, &status) == 0 {
            guard let real = realpath(path, nil) else { return false }  // a link that leads nowhere
            defer { free(real) }
            resolved = String(cString: real)
        } else {
            let parent = self.folder(of: path) ?? "."
            guard isDirectory(parent) else { return false }
            let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
            guard name != "..", name != "." else { return false }
            resolved = canonical(parent) + "/" + name
        }
        return resolved.hasPrefix(root == "/" ? "/" : root + "/")
    }

    /// The canonical path of an existing file, to recognise it under another name.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
