#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The catalogue's files: where the package keeps them, and how one is read
/// whole.
///
/// Both the catalogue (`MovieCatalogue`) and the making of its prebuilt index
/// (`MovieIndexFile.writePackageIndex()`) need them; kept here, neither of
/// those two knows the other for it (the catalogue uses the index, the index
/// knows nothing of the catalogue).
enum CatalogueFiles {
    /// `Resources/movies.csv` beside this source file, in the package's own
    /// sources (see `MovieCatalogue.bundledResourcePath()` for why not a
    /// SwiftPM resource).
    static let packageCSVPath: String = {
        let source = #filePath
        let folder = source.lastIndex(of: "/").map { String(source[..<$0]) } ?? "."
        return folder + "/Resources/movies.csv"
    }()

    /// Where the package's prebuilt index is: `movies.index`, beside `movies.csv`.
    static var packageIndexPath: String {
        String(packageCSVPath.dropLast(".csv".count)) + ".index"
    }

    /// The bytes of the file at `path`, or why they cannot be read (the
    /// system's own words: "No such file or directory", "Permission denied").
    static func readFile(atPath path: String) throws(CatalogueError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: systemError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: systemError()) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        let size = max(Int(status.st_size), 0)
        // Read straight into an array of the file's size, and one byte more
        // to find the end where `fstat` said. Every page of the array is a
        // fault when first written, so a large file is read in parts at once,
        // one per processor (which also starts the threads parsing uses next).
        var error: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            let parts = size < 1 << 20 ? 1 : processorCount(limit: 8)
            let read = concurrentMap(parts) { part in
                readAll(descriptor, into: buffer, from: size * part / parts, to: size * (part + 1) / parts)
            }
            if let failed = read.first(where: { $0.error != 0 }) {
                error = failed.error
            } else if read.allSatisfy({ $0.complete }) {
                let beyond = readAll(descriptor, into: buffer, from: size, to: size + 1)
                error = beyond.error
                count = beyond.complete ? size + 1 : size
            }
        }
        if error != 0 { throw .unreadable(path: path, reason: String(cString: strerror(error))) }
        if bytes.count == size { return bytes }
        // The file changed size while being read: read it again, as it is now.
        return try readInChunks(descriptor, path: path)
    }

    /// Reads `buffer[start..<end]` from the same range of the file.
    ///
    /// - Returns: `complete` when the range was read to its end, the `errno`
    ///   of a failure otherwise (0 when the file ended first).
    private static func readAll(
        _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (complete: Bool, error: Int32) {
        var done = start
        while done < end {
            let count = pread(descriptor, buffer.baseAddress.map { $0 + done }, end - done, off_t(done))
            if count < 0 {
                if errno == EINTR { continue }
                return (false, errno)
            }
            if count == 0 { return (false, 0) }
            done += count
        }
        return (true, 0)
    }

    /// The whole file, read from its start a chunk at a time, whatever its
    /// size now.
    private static func readInChunks(_ descriptor: Int32, path: String) throws(CatalogueError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: systemError())
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
