import Experiments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program run as a child of this one (in its process group, so that
/// Ctrl-C reaches both), its stdout — and its stderr, if asked — read
/// through pipes; otherwise it shares this process's stderr.
struct ChildProcess {
    /// How it ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    private let pid: pid_t
    /// The read ends still open, with the stream each stands for and the
    /// bytes read after its last line break.
    private var pipes: [(descriptor: Int32, stream: OutputStream, pending: [UInt8])] = []

    /// Starts `path` with `arguments`.
    ///
    /// - Throws: `actionFailed` when it cannot be started.
    init(path: String, arguments: [String], capturesErrors: Bool) throws(ShellError) {
        var streams: [(stream: OutputStream, target: Int32)] = [(.standard, 1)]
        if capturesErrors { streams.append((.error, 2)) }
        var ends: [(read: Int32, write: Int32)] = []
        for _ in streams {
            var descriptors: [Int32] = [-1, -1]
            guard pipe(&descriptors) == 0 else {
                for end in ends { close(end.read); close(end.write) }
                throw .actionFailed(reason: "cannot start \(path): \(Self.systemMessage())")
            }
            // Not inherited by the child but through the dup2 below.
            _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
            ends.append((descriptors[0], descriptors[1]))
        }
        var actions = makeSpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (end, stream) in zip(ends, streams) {
            posix_spawn_file_actions_adddup2(&actions, end.write, stream.target)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let argv: [UnsafeMutablePointer<CChar>?] = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, path, &actions, nil, argv, processEnvironment)
        for end in ends { close(end.write) }
        guard started == 0 else {
            for end in ends { close(end.read) }
            throw .actionFailed(reason: "cannot start \(path): \(String(cString: strerror(started)))")
        }
        self.pid = pid
        pipes = zip(ends, streams).map { ($0.read, $1.stream, []) }
    }

    /// Reads what the child writes until it closes its end of every pipe
    /// (it ended), handing on each line as it comes (and what is left after
    /// the last line break, at the end).
    mutating func readUntilClosed(_ handle: (String, OutputStream) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while !pipes.isEmpty {
            var polled = pipes.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 || errno == EINTR else { break }
            for (index, entry) in polled.enumerated().reversed() where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if !pipes[index].pending.isEmpty {
                        handle(String(decoding: pipes[index].pending, as: UTF8.self), pipes[index].stream)
                    }
                    close(entry.fd)
                    pipes.remove(at: index)
                    continue
                }
                pipes[index].pending += buffer[..<count]
                // Whole lines only: a character is never split between two writes.
                if let last = pipes[index].pending.lastIndex(of: UInt8(ascii: "\n")) {
                    handle(String(decoding: pipes[index].pending[...last], as: UTF8.self), pipes[index].stream)
                    pipes[index].pending.removeSubrange(...last)
                }
            }
        }
    }

    /// Waits for the child to end.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    private static func systemMessage() -> String { String(cString: strerror(errno)) }
}
