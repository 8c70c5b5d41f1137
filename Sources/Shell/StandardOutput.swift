import Experiments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to the process's stdout and stderr, unbuffered by line so that a
/// prompt and the output before it interleave correctly.
final class StandardOutput: OutputSink {
    func write(_ text: String, to stream: OutputStream) {
        let descriptor: Int32 = stream == .standard ? 1 : 2
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return  // a closed pipe: nobody reads any more
            }
        }
        bytes.removeAll()
    }
}

extension OutputSink {
    /// Whether this writes to the process's own stdout and stderr (through
    /// `:record`'s tap or not), rather than to a buffer.
    var isTheProcesss: Bool {
        ((self as? TeeOutput)?.sink ?? self) is StandardOutput
    }
}
