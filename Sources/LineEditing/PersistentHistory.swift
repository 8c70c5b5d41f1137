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
/// temporary file, which the next save by anyone replaces. Temporary files
/// of the former scheme (`.history.XXXXXX`, one per interrupted save) are
/// removed when a history is opened. Anything that goes wrong with the file
/// (no directory, no permission, no space) costs one warning line and the
/// history then lives in memory only: it never stops the editor.
///
/// Nothing found at those names can hang the editor or make it write
/// elsewhere (issue 22). The history is read only from a regular file, of at
/// most `maximumFileSize`, that belongs to the user: it is opened without
/// blocking and without following a symbolic link, then checked on the open
/// descriptor, so a FIFO (whose opening waits for a writer), a device
/// (`/dev/zero` never ends) or a file swapped in meanwhile is refused with one
/// warning. A symbolic link at the history's name is followed only when it is
/// the user's own (history kept with one's dotfiles); one made by anyone else
/// is not, for reading or for saving. A save never writes through a link: its
/// temporary file is made anew (`O_CREAT | O_EXCL | O_NOFOLLOW`), whatever was
/// at that name (a link, a FIFO, a hard link to another file) being unlinked,
/// never opened; and the rename replaces what is at the final name rather
/// than writing into it. Another process holding the directory's lock for
/// longer than `lockPatience` (or a Ctrl-C while waiting) leaves the history
/// in memory instead of waiting for ever.
final class PersistentHistory {
    /// The most lines kept, in memory and in the file.
    static let capacity: Int32 = 1000

    /// The largest history file read: far more than `capacity` lines take
    /// (bindlab's are tens of bytes each), and little enough to read at once.
    static let maximumFileSize = 4 << 20

    /// How long opening or saving waits for another session's lock on the
    /// directory; a save holds it for milliseconds.
    static let lockPatience: Duration = .seconds(1)

    /// libedit's `History *`.
    let handle: OpaquePointer
    /// Where the history is saved; nil when it is not saved at all.
    let path: String?
    private let programName: String
    /// The user whose files the history may be read from: the one running it.
    private let owner: uid_t
    private var writable: Bool
    /// The one warning said, if any.
    private(set) var warning: String?
    /// Lines added since the last save that reached the file, oldest first.
    private var unsaved: [String] = []

    /// What a read of the history file, or a save, came to.
    private enum Outcome {
        case done
        /// Not this file, ever: say why, keep the history in memory.
        case refused(String)
        /// Not this time: say why, try again at the next save.
        case failed(String)
    }

    /// Creates the history and loads `path` when it exists.
    ///
    /// A missing directory is created (mode 0700, as the XDG base directory
    /// spec asks). An existing file that cannot be the history (see the
    /// type's comment), or that libedit cannot read, is left alone and never
    /// overwritten: it may be somebody else's.
    ///
    /// - Parameter owner: The user whose files and links are trusted; the
    ///   effective user unless a test says otherwise.
    init?(path: String?, programName: String, owner: uid_t = geteuid()) {
        guard let handle = history_init() else { return nil }
        self.handle = handle
        self.programName = programName
        self.owner = owner
        cle_history_setsize(handle, Self.capacity)
        cle_history_setunique(handle, 1)
        guard let path, !path.isEmpty else {
            self.path = nil
            writable = false
            return
        }
        let target: String
        let shown: String
        switch Self.resolvingSymbolicLink(path, owner: owner) {
        case .success(let resolved):
            target = resolved
            shown = resolved == path ? path : "\(resolved) (reached through \(path))"
        case .failure(let refusal):
            self.path = nil
            writable = false
            warn("history file \(path) \(refusal.reason); history is kept in memory for this run")
            return
        }
        self.path = target
        writable = true
        Self.createDirectories(upTo: Self.directory(of: target))
        let outcome = Self.locked(Self.directory(of: target)) { () -> Outcome in
            Self.removeLeftovers(of: target)
            return Self.load(target, shownAs: shown, into: handle, owner: owner)
        }
        switch outcome ?? .refused(Self.lockedByAnother(target)) {
        case .done:
            break
        case .refused(let reason), .failed(let reason):
            writable = false
            warn(reason)
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
        let outcome = Self.locked(Self.directory(of: path)) { () -> Outcome in
            guard let merged = history_init() else { return .failed("cannot save history: out of memory") }
            defer { history_end(merged) }
            cle_history_setsize(merged, Self.capacity)
            cle_history_setunique(merged, 1)
            if case .refused(let reason) = Self.load(path, shownAs: path, into: merged, owner: owner) {
                return .refused(reason)
            }
            for line in unsaved { cle_history_enter(merged, line) }
            return Self.write(merged, to: path)
        }
        switch outcome ?? .refused(Self.lockedByAnother(path)) {
        case .done:
            unsaved = []
        case .refused(let reason):
            writable = false
            warn(reason)
        case .failed(let reason):
            warn(reason)
        }
    }

    /// The temporary file a save writes before renaming it over `path`.
    static func temporaryPath(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? "history"
        return "\(directory(of: path))/.\(name).saving"
    }

    /// Reads the history file at `path` (named `shown` in warnings) into
    /// `history`: done when it was read or is not there.
    private static func load(_ path: String, shownAs shown: String, into history: OpaquePointer, owner: uid_t)
        -> Outcome
    {
        func refused(_ reason: String) -> Outcome {
            .refused("history file \(shown) \(reason); history is kept in memory for this run")
        }
        // Without blocking: a FIFO's opening would wait for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return .done }
            return refused(errno == ELOOP ? "is a symbolic link" : "cannot be read: \(lastError())")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return refused("cannot be read: \(lastError())") }
        if let kind = kind(of: status.st_mode) { return refused("is \(kind), not a regular file") }
        guard status.st_uid == owner else { return refused("belongs to another user (uid \(status.st_uid))") }
        guard status.st_size <= maximumFileSize else {
            return refused("is larger than \(maximumFileSize >> 20) MiB (\(status.st_size) bytes)")
        }
        // libedit opens a file by its name: this name is the descriptor's, so
        // it reads the very file checked above, whatever the path means now.
        #if canImport(Glibc)
            let name = "/proc/self/fd/\(descriptor)"
        #else
            let name = "/dev/fd/\(descriptor)"
        #endif
        guard access(name, R_OK) == 0 else { return refused("cannot be read: \(name) is missing") }
        guard cle_history_load(history, name) >= 0 else { return refused("is not a libedit history file") }
        return .done
    }

    /// How a file of `mode` is described when it is not a regular file; nil when it is.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }

    private static func lockedByAnother(_ path: String) -> String {
        "the history's folder \(directory(of: path)) is locked by another process; history is kept in memory for this run"
    }

    /// Writes `history` to `path` through the temporary file.
    private static func write(_ history: OpaquePointer, to path: String) -> Outcome {
        let temporary = temporaryPath(for: path)
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
        var descriptor = open(temporary, flags, 0o600)
        if descriptor < 0, errno == EEXIST {
            // Under the lock no save is writing it: a killed save's leftover,
            // or something planted (a link, a FIFO, a hard link to another
            // file). Its name goes, never what it leads to; then a new file.
            unlink(temporary)
            descriptor = open(temporary, flags, 0o600)
        }
        guard descriptor >= 0 else { return .failed("cannot save history in \(directory(of: path)): \(lastError())") }
        var saved = false
        if fchmod(descriptor, 0o600) == 0, let file = fdopen(descriptor, "w") {
            saved = cle_history_save_fp(history, file) >= 0 && fflush(file) == 0 && fsync(descriptor) == 0
            saved = fclose(file) == 0 && saved
        } else {
            close(descriptor)
        }
        // rename replaces whatever is at `path` (a link planted there too)
        // instead of writing through it.
        guard saved, rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            return .failed("cannot save history to \(path): \(reason)")
        }
        syncDirectory(directory(of: path))
        return .done
    }

    /// Runs `body` holding an exclusive lock on `directory`, which every
    /// bindlab sharing the history takes before reading or replacing it;
    /// nil when another process held it past `lockPatience`, or Ctrl-C was
    /// pressed meanwhile. Without a lock (a directory that cannot be opened,
    /// a file system without locks) it runs anyway.
    private static func locked<Result>(_ directory: String, _ body: () -> Result) -> Result? {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return body() }
        defer { close(descriptor) }
        let deadline = ContinuousClock.now + lockPatience
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return body() }
            guard ContinuousClock.now < deadline, !Terminal.interruptRequested else { return nil }
            usleep(2_000)
        }
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
        guard warning == nil else { return }
        warning = message
        fputs("\(programName): \(message)\n", cle_stderr())
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// Why a symbolic link at the history's name is not followed.
    private struct Refusal: Error {
        /// Words that follow "history file PATH".
        let reason: String
    }

    /// Saves through a symbolic link (history kept with one's dotfiles)
    /// rather than replacing the link with a file, when the link is the
    /// user's own; the link may point at a file that does not exist yet.
    private static func resolvingSymbolicLink(_ path: String, owner: uid_t) -> Result<String, Refusal> {
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return .success(path) }
        guard link.st_uid == owner else {
            return .failure(Refusal(reason: "is a symbolic link made by another user (uid \(link.st_uid))"))
        }
        let target = linkTarget(path)
        // Only this link counts: one put in its place meanwhile is another
        // file (a new inode, and not the user's).
        var again = stat()
        guard lstat(path, &again) == 0, again.st_dev == link.st_dev, again.st_ino == link.st_ino,
            again.st_uid == owner
        else { return .failure(Refusal(reason: "was replaced while it was read")) }
        return .success(target)
    }

    /// Where the symbolic link at `path` leads, every link on the way followed.
    private static func linkTarget(_ path: String) -> String {
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
