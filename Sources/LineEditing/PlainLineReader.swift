#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor without editing or prompting: for pipes,
/// files, and terminals whose output is redirected.
///
/// Bytes that are not valid UTF-8 are replaced, never trusted; a NUL byte ends
/// nothing; a last line without a line break still counts.
public final class PlainLineReader: LineSource {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false
    private var discarding = false

    /// The longest line kept; the rest of a longer line is dropped.
    public static let maximumLineLength = 1 << 20

    public init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    public func readLine(prompt: String) -> LineInput {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var bytes = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                return .line(Self.decode(bytes))
            }
            if atEnd {
                guard !buffer.isEmpty else { return .endOfInput }
                defer { buffer.removeAll() }
                return .line(Self.decode(buffer))
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                append(chunk[..<count])
            } else if count == 0 || errno != EINTR {
                atEnd = true
            } else {
                return .interrupted
            }
        }
    }

    /// Appends read bytes; past the longest line, drops bytes up to the next
    /// line break so that one huge line cannot exhaust memory.
    private func append(_ bytes: ArraySlice<UInt8>) {
        var bytes = bytes
        if discarding {
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return }
            discarding = false
            buffer.append(UInt8(ascii: "\n"))
            bytes = bytes[(newline + 1)...]
        }
        buffer.append(contentsOf: bytes)
        if buffer.count > Self.maximumLineLength, !buffer.contains(UInt8(ascii: "\n")) {
            buffer.removeSubrange(Self.maximumLineLength...)
            discarding = true
        }
    }

    private static func decode(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.prefix(maximumLineLength), as: UTF8.self)
    }
}
