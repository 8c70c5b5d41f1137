import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The editor's history, kept in a file across sessions.
///
/// The file is libedit's own format, replaced whole on each save by writing a
/// temporary file beside it, syncing it and renaming it over the old one, so
/// a crash or a full disk leaves either the old history or the new one, never
/// a truncated file. Anything that goes wrong with the file (no directory, no
/// permission, no space) costs one warning line and the history then lives in
/// memory only: it never stops the editor. Sessions running at once each
/// write what they know; the last to save wins.
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
        if access(target, F_OK) == 0, cle_history_load(handle, target) < 0 {
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

    /// Adds a line to the history in memory only.
    func add(_ line: String) {
        cle_history_enter(handle, line)
    }

    /// Writes the whole history to its file, atomically.
    func save() {
        guard let path, writable else { return }
        let directory = Self.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? "history"
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return warn("cannot save history in \(directory): \(Self.lastError())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var saved = false
        if fchmod(descriptor, 0o600) == 0, let file = fdopen(descriptor, "w") {
            saved = cle_history_save_fp(handle, file) >= 0 && fflush(file) == 0 && fsync(descriptor) == 0
            saved = fclose(file) == 0 && saved
        } else {
            close(descriptor)
        }
        guard saved, rename(temporary, path) == 0 else {
            let reason = Self.lastError()
            unlink(temporary)
            return warn("cannot save history to \(path): \(reason)")
        }
        Self.syncDirectory(directory)
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
