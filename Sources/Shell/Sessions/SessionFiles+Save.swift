#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a file `:save` makes: never through what is at its name.
extension SessionFiles {
    /// Writes `text` to a new file at `path`, or, `replacing`, in place of
    /// what is there.
    ///
    /// The text goes to a file `mkstemp` makes in the same folder
    /// (`O_CREAT | O_EXCL`, a name nobody chose beforehand), synced, then
    /// given its name: `link`, which fails rather than replace anything, or
    /// `rename` when replacing, which replaces what is at the name — a
    /// symbolic link included, itself, never what it points to. Nothing at
    /// `path` is ever opened, so neither a link planted there nor a FIFO is
    /// written through or waited on.
    static func save(_ text: String, to path: String, replacing: Bool) throws(Failure) {
        let slash = path.lastIndex(of: "/")
        let name = String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...])
        guard !name.isEmpty, name != ".", name != ".." else {
            throw Failure(message: "cannot create it: name a file, not a folder")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw Failure(message: "cannot create it: it is a folder") }
            if !replacing { throw Failure(message: "it exists already: :save -f FILE replaces it") }
        }
        let folder = folder(of: path) ?? "."
        var template = Array((folder + "/." + name + ".bindlab-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(message: "cannot create it: \(lowercasedSystemMessage())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let written = fchmod(descriptor, 0o644) == 0 && writeAll(text, to: descriptor) && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard written, closed else {
            let message = lowercasedSystemMessage()
            unlink(temporary)
            throw Failure(message: "cannot write it: \(message)")
        }
        defer { unlink(temporary) }
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw Failure(message: "cannot write it: \(lowercasedSystemMessage())")
            }
            return
        }
        guard link(temporary, path) != 0 else { return }
        if errno == EEXIST { throw Failure(message: "it exists already: :save -f FILE replaces it") }
        throw Failure(message: "cannot create it: \(lowercasedSystemMessage())")
    }

    /// `path` (as typed at the prompt, from the current folder) as a path
    /// from the folder of `file`: what a `:run` line in `file` names. A path
    /// to nothing, or one that would climb to the root, stays as it is.
    static func relative(_ path: String, toFolderOf file: String) -> String {
        guard let target = realpath(path, nil) else { return path }
        let absolute = String(cString: target)
        free(target)
        let base = canonical(folder(of: file) ?? ".").split(separator: "/")
        let parts = absolute.split(separator: "/")
        let common = zip(base, parts).prefix { $0 == $1 }.count
        guard common > 0 else { return absolute }
        let climb = Array(repeating: "..", count: base.count - common)
        return (climb + parts[common...].map(String.init)).joined(separator: "/")
    }

    private static func lowercasedSystemMessage() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
