import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The editor's history, kept in a file across sessions.
///
/// The file is libedit's own format. Each save merges rather than replaces:
/// under an exclusive lock on the file's directory, it reads the file as it
/// is now, appends the lines entered here since the last save, and writes the
/// result to one fixed temporary name beside it, synced, then renamed over
/// the file. So sessions running at once all keep their lines, in the order
/// they were entered, as shells do with a shared history; a crash or a full
/// disk leaves the old file or the new one, never a truncated one; and a
/// process killed in the middle (even with SIGKILL) leaves at most that one
/// temporary file, which the next save by anyone overwrites. Temporary files
/// of the former scheme (`.history.XXXXXX`, one per interrupted save) are
/// removed when a history is opened. Anything that goes wrong with the file
/// (no directory, no permission, no space) costs one warning line and the
/// history then lives in memory only: it never stops the editor.
final class PersistentHistory {
    /// The most lines kept, in memory and in the file.
    static let capacity: Int32 = 1000

    /// libedit's `History *`.
    let handle: OpaquePointer
    /// Where the history is saved; nil when it is not saved at all.
    let path: String?
    private let programName: String
    private var writable: Bool
    private var warned = false
    /// Lines added since the last save that reached the file, oldest first.
    private var unsaved: [String] = []

    /// Creates the history and loads `path` when it exists.
    ///
    /// A missing directory is created (mode 0700, as the XDG base directory
    /// spec asks). An existing file that libedit cannot read is left alone and
    /// never overwritten: it may be somebody else's.
    init?(path: String?, programName: String) {
        guard let handle = history_init() else { return nil }
        self.handle = handle
        self.programName = programName
        cle_history_setsize(handle, Self.capacity)
        cle_history_setunique(handle, 1)
        guard let path, !path.isEmpty else {
            self.path = nil
            writable = false
            return
        }
        let target = Self.resolvingSymbolicLink(path)
        self.path = target
        writable = true
        Self.createDirectories(upTo: Self.directory(of: target))
        let loaded = Self.locked(Self.directory(of: target)) { () -> Bool in
            Self.removeLeftovers(of: target)
            return access(target, F_OK) != 0 || cle_history_load(handle, target) >= 0
        }
        if !loaded {
            writable = false
            warn("history file \(target) is not a libedit history file; history will not be saved")
        }
    }

    deinit {
        history_end(handle)
    }

    /// Adds a line the user entered (an entry equal to the one before it is
    /// dropped by libedit) and saves.
    func enter(_ line: String) {
        add(line)
        save()
    }

    /// Adds a line to the history in memory; the next save writes it.
    func add(_ line: String) {
        cle_history_enter(handle, line)
        unsaved.append(line)
        if unsaved.count > Int(Self.capacity) { unsaved.removeFirst(unsaved.count - Int(Self.capacity)) }
    }

    /// Merges the lines added since the last save into the file, atomically
    /// and under the directory's lock (see the type's comment). Nothing to
    /// add, nothing written.
    func save() {
        guard let path, writable, !unsaved.isEmpty else { return }
        let directory = Self.directory(of: path)
        let failure = Self.locked(directory) { () -> String? in
            guard let merged = history_init() else { return "out of memory" }
            defer { history_end(merged) }
            cle_history_setsize(merged, Self.capacity)
            cle_history_setunique(merged, 1)
            if access(path, F_OK) == 0, cle_history_load(merged, path) < 0 {
                return "\(path) is no longer a libedit history file; history will not be saved"
            }
            for line in unsaved { cle_history_enter(merged, line) }
            return Self.write(merged, to: path)
        }
        if let failure {
            if failure.hasSuffix("will not be saved") { writable = false }
            return warn(failure)
        }
        unsaved = []
    }

    /// The temporary file a save writes before renaming it over `path`.
    static func temporaryPath(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "history"
        return "\(directory(of: path))/.\(name).saving"
    }

    /// Writes `history` to `path` through the temporary file; the reason
    /// when it could not.
    private static func write(_ history: OpaquePointer, to path: String) -> String? {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return "cannot save history in \(directory(of: path)): \(lastError())" }
        var saved = false
        if fchmod(descriptor, 0o600) == 0, let file = fdopen(descriptor, "w") {
            saved = cle_history_save_fp(history, file) >= 0 && fflush(file) == 0 && fsync(descriptor) == 0
            saved = fclose(file) == 0 && saved
        } else {
            close(descriptor)
        }
        guard saved, rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            return "cannot save history to \(path): \(reason)"
        }
        syncDirectory(directory(of: path))
        return nil
    }

    /// Runs `body` holding an exclusive lock on `directory`, which every
    /// bindlab sharing the history takes before reading or replacing it.
    /// Without a lock (a directory that cannot be opened) it runs anyway.
    private static func locked<Result>(_ directory: String, _ body: () -> Result) -> Result {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return body()
    }

    /// Removes what interrupted saves left beside `path`: the temporary file,
    /// and those of the former scheme (`.NAME.` and six letters or digits,
    /// from `mkstemp`). Called with the directory locked, so no save is
    /// writing them.
    private static func removeLeftovers(of path: String) {
        let directory = directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "history"
        unlink(temporaryPath(for: path))
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        let prefix = ".\(name)."
        var stale: [String] = []
        while let entry = readdir(listing) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            let suffix = entryName.dropFirst(prefix.count)
            let fromMkstemp = suffix.unicodeScalars.allSatisfy {
                ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
            }
            if suffix.count == 6, fromMkstemp { stale.append(entryName) }
        }
        for entryName in stale { unlink("\(directory)/\(entryName)") }
    }

    /// Says once per session what went wrong, on stderr, then stays quiet.
    private func warn(_ message: String) {
        guard !warned else { return }
        warned = true
        fputs("\(programName): \(message)\n", cle_stderr())
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// Saves through a symbolic link (history kept with one's dotfiles)
    /// rather than replacing the link with a file; the link may point at a
    /// file that does not exist yet.
    private static func resolvingSymbolicLink(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return path }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else { return path }
        let destination = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return destination.hasPrefix("/") ? destination : "\(directory(of: path))/\(destination)"
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `mkdir -p` with mode 0700 for every directory it creates.
    private static func createDirectories(upTo directory: String) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST { return }
        }
    }

    /// Makes the rename itself durable.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
