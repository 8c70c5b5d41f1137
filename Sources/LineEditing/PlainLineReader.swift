#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor without editing or prompting: for pipes,
/// files, and terminals whose output is redirected.
///
/// Bytes that are not valid UTF-8 are replaced, never trusted; a NUL byte ends
/// nothing; a last line without a line break still counts; a CR before the
/// line break (or at the very end) is dropped.
public final class PlainLineReader: LineSource {
    private let descriptor: Int32
    /// Bytes read but not yet returned start at `start`; keeping an offset
    /// instead of removing each line from the front keeps reading linear.
    private var buffer: [UInt8] = []
    private var start = 0
    /// How many bytes from `start` are known to hold no line break, so a long
    /// line arriving in many reads is not searched again from its beginning.
    private var searched = 0
    private var atEnd = false
    /// Past the longest line: dropping bytes up to the next line break.
    private var discarding = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// The longest line kept; the rest of a longer line is dropped.
    public static let maximumLineLength = 1 << 20

    public init(descriptor: Int32 = 0) {
        self.descriptor = descriptor
    }

    /// Reads the next line; `prompt` is ignored.
    ///
    /// A read cut short by Ctrl-C (with `Terminal.catchInterrupts()` in force)
    /// gives `.interrupted`; one cut short by any other signal is retried.
    ///
    /// - Complexity: O(length of the line), amortized.
    public func readLine(prompt: String) -> LineInput {
        let newline = UInt8(ascii: "\n")
        while true {
            if let end = buffer[(start + searched)...].firstIndex(of: newline) {
                defer {
                    start = end + 1
                    searched = 0
                }
                return .line(Self.decode(buffer[start..<end]))
            }
            searched = buffer.count - start
            if atEnd {
                guard start < buffer.count else { return .endOfInput }
                defer {
                    start = buffer.count
                    searched = 0
                }
                return .line(Self.decode(buffer[start...]))
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                append(chunk[..<count])
            } else if count == 0 || errno != EINTR {
                atEnd = true
            } else if Terminal.interruptRequested {
                Terminal.clearInterrupt()
                return .interrupted
            }
        }
    }

    /// Appends read bytes; past the longest line, drops bytes up to the next
    /// line break so that one huge line cannot exhaust memory.
    private func append(_ bytes: ArraySlice<UInt8>) {
        let newline = UInt8(ascii: "\n")
        // Everything before `start` has been returned: let it go.
        if start > 0 {
            buffer.removeSubrange(..<start)
            start = 0
        }
        var bytes = bytes
        if discarding {
            guard let end = bytes.firstIndex(of: newline) else { return }
            discarding = false
            buffer.append(newline)
            bytes = bytes[(end + 1)...]
        }
        buffer.append(contentsOf: bytes)
        if buffer.count > Self.maximumLineLength,
            !buffer[searched...].contains(newline)
        {
            buffer.removeSubrange(Self.maximumLineLength...)
            searched = buffer.count
            discarding = true
        }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes.prefix(maximumLineLength)
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
