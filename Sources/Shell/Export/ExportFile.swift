/// Where an export goes: a new file beside the one it replaces, renamed over it.
enum ExportFile {
    /// Writes `text` to `path`: first to a new file that `mkstemp` makes in
    /// the same folder (`O_CREAT | O_EXCL`, a name nobody could choose
    /// beforehand), then renamed over `path`. What was at `path` — a file, a
    /// symbolic link planted there, a FIFO — is replaced, never opened or
    /// written through; a failure leaves it as it was
    /// (`SessionFiles.writeBeside`, which `check --update` uses too).
    static func write(_ text: String, to path: String) throws(SessionFiles.Failure) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !name.isEmpty, name != ".", name != ".." else {
            throw SessionFiles.Failure(message: "cannot write it: it names a folder, not a file")
        }
        try SessionFiles.writeBeside(path, text, mode: 0o644, owner: nil, synced: false)
    }

    /// `12 KiB`: the size of a page, as `wrote FILE` says it.
    static func size(of text: String) -> String {
        let bytes = text.utf8.count
        return bytes < 1024 ? "\(bytes) bytes" : "\((bytes + 512) / 1024) KiB"
    }
}
