#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an export goes: a new file beside the one it replaces, renamed over it.
enum ExportFile {
    /// Writes `text` to `path`: first to a new file that `mkstemp` makes in
    /// the same folder (`O_CREAT | O_EXCL`, a name nobody could choose
    /// beforehand), then renamed over `path`. What was at `path` — a file, a
    /// symbolic link planted there, a FIFO — is replaced, never opened or
    /// written through; a failure leaves it as it was.
    static func write(_ text: String, to path: String) throws(SessionFiles.Failure) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, name != ".", name != ".." else {
            throw SessionFiles.Failure(message: "cannot write it: it names a folder, not a file")
        }
        var template = Array((folder + "/." + name + ".bindlab-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw SessionFiles.Failure(message: "cannot write it: \(systemMessage())") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let written = fchmod(descriptor, 0o644) == 0 && SessionFiles.writeAll(text, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let message = systemMessage()
            unlink(temporary)
            throw SessionFiles.Failure(message: "cannot write it: \(message)")
        }
    }

    /// `12 KiB`: the size of a page, as `wrote FILE` says it.
    static func size(of text: String) -> String {
        let bytes = text.utf8.count
        return bytes < 1024 ? "\(bytes) bytes" : "\((bytes + 512) / 1024) KiB"
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno)).lowercased()
    }
}
