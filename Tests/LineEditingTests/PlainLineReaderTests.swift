import Dispatch
import LineEditing
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading scripts and piped input, through a real pipe.
@Suite struct PlainLineReaderTests {
    /// Reads everything `bytes` gives, written into a pipe from another thread
    /// so that input larger than the pipe's buffer cannot block the test.
    private func lines(from bytes: [UInt8]) throws -> [LineInput] {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = DispatchGroup()
        DispatchQueue.global().async(group: writer) {
            var rest = bytes[...]
            while !rest.isEmpty {
                let written = rest.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                rest = rest.dropFirst(written)
            }
            close(writeEnd)
        }
        let reader = PlainLineReader(descriptor: readEnd)
        var result: [LineInput] = []
        while result.last != .endOfInput, result.count < 1_000_000 {
            result.append(reader.readLine(prompt: "ignored> "))
        }
        // Whatever happened above, read the pipe dry so the writer can finish.
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while sink.withUnsafeMutableBytes({ read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
        writer.wait()
        close(readEnd)
        return result
    }

    private func lines(from text: String) throws -> [LineInput] {
        try lines(from: Array(text.utf8))
    }

    /// LF and CRLF both end a line, and the CR is not part of it.
    @Test func crlfAndLf() throws {
        #expect(try lines(from: "one\r\ntwo\nthree\r\n") == [.line("one"), .line("two"), .line("three"), .endOfInput])
    }

    /// A last line without a line break still counts, without a stray CR.
    @Test func lastLineWithoutLineBreak() throws {
        #expect(try lines(from: "first\nlast") == [.line("first"), .line("last"), .endOfInput])
        #expect(try lines(from: "first\r\nlast\r") == [.line("first"), .line("last"), .endOfInput])
    }

    /// Empty lines are lines; empty input is just the end.
    @Test func emptyLinesAndEmptyInput() throws {
        #expect(try lines(from: "\n\nx\n") == [.line(""), .line(""), .line("x"), .endOfInput])
        #expect(try lines(from: "") == [.endOfInput])
    }

    /// Bytes that are not UTF-8 become replacement characters; the line and
    /// the ones after it survive, and valid non-ASCII text is kept.
    @Test func invalidUTF8IsReplaced() throws {
        let bytes: [UInt8] = Array("ok ".utf8) + [0xFF, 0xC3] + Array(" end\ncafé\n".utf8)
        #expect(try lines(from: bytes) == [.line("ok \u{FFFD}\u{FFFD} end"), .line("café"), .endOfInput])
    }

    /// A line longer than the limit is cut at the limit, and the line after it
    /// arrives intact.
    @Test func overLongLineIsTruncated() throws {
        let limit = PlainLineReader.maximumLineLength
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: limit * 2 + 12345)
        let bytes = Array("before\n".utf8) + long + Array("\nafter\n".utf8)
        let result = try lines(from: bytes)
        try #require(result.count == 4)
        #expect(result[0] == .line("before"))
        #expect(result[1] == .line(String(repeating: "a", count: limit)))
        #expect(result[2] == .line("after"))
        #expect(result[3] == .endOfInput)
    }

    /// An over-long last line without a line break is cut too.
    @Test func overLongLastLineIsTruncated() throws {
        let limit = PlainLineReader.maximumLineLength
        let bytes = [UInt8](repeating: UInt8(ascii: "b"), count: limit + 70_000)
        #expect(try lines(from: bytes) == [.line(String(repeating: "b", count: limit)), .endOfInput])
    }

    /// Many short lines in one read all come out, in order.
    @Test func manyShortLines() throws {
        let text = (0..<20_000).map { "line \($0)\n" }.joined()
        let result = try lines(from: text)
        #expect(result.count == 20_001)
        #expect(result[19_999] == .line("line 19999"))
    }
}

/// Lines given up front.
@Suite struct ScriptedLinesTests {
    /// Lines come out in order, then the end, for good.
    @Test func givesLinesThenEnd() {
        let source = ScriptedLines(["a", "b"])
        #expect(source.readLine(prompt: "") == .line("a"))
        #expect(source.readLine(prompt: "") == .line("b"))
        #expect(source.readLine(prompt: "") == .endOfInput)
        #expect(source.readLine(prompt: "") == .endOfInput)
    }
}
