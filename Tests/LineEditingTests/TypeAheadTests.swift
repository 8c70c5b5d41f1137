import Testing

@testable import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `TypeAhead` on a terminal of the test's own, with no program on it: what
/// Linux's line discipline does with a Ctrl-D around the switch out of
/// canonical mode.
@Suite(.serialized) struct TypeAheadTests {
    /// A Ctrl-D pressed after the editor took what was typed ahead (in canonical mode, as between two commands) is still a Ctrl-D once canonical mode is off, not the NUL an end-of-file mark becomes.
    @Test func aCtrlDPressedAfterwardsSurvivesRawMode() throws {
        let terminal = try TerminalPair()
        #expect(terminal.endOfFileCharacter == 4)
        var typedAhead = TypeAhead()
        terminal.collect(into: &typedAhead)
        #expect(terminal.endOfFileCharacter == 0, "disabled")
        try terminal.press("\u{4}")
        try terminal.waitForEcho("^D")  // an ordinary control character now, echoed as such
        terminal.leaveCanonicalMode()
        #expect(try terminal.readSlave() == [4])
    }

    /// Whole lines and end-of-file marks made before are all taken, in order, and handed over one line (or Ctrl-D) at a time.
    @Test func linesAndMarksComeInOrder() throws {
        let terminal = try TerminalPair()
        // "a", Enter, Ctrl-D on the empty line (a mark), "b", Enter.
        try terminal.press("a\n\u{4}b\n")
        try terminal.waitForEcho("b\r\n")
        var typedAhead = TypeAhead()
        terminal.collect(into: &typedAhead)
        #expect(typedAhead.keys == Array("a\n\u{4}b\n".utf8))
        #expect(typedAhead.next() == Array("a\n".utf8))
        #expect(typedAhead.next() == [4])
        #expect(typedAhead.next() == Array("b\n".utf8))
        #expect(typedAhead.next() == nil)
    }

    /// Part of a line is left in the terminal for libedit to read as keys, and so is a Ctrl-D after it.
    @Test func partOfALineIsLeft() throws {
        let terminal = try TerminalPair()
        try terminal.press("ab")
        try terminal.waitForEcho("ab")
        var typedAhead = TypeAhead()
        terminal.collect(into: &typedAhead)
        #expect(typedAhead.keys.isEmpty)
        try terminal.press("\u{4}")
        try terminal.waitForEcho("^D")
        terminal.leaveCanonicalMode()
        #expect(try terminal.readSlave() == Array("ab\u{4}".utf8))
    }

    /// Once the end-of-file character is disabled, a Ctrl-D inside a line is part of the line, handed over whole, as libedit would take it at the prompt.
    @Test func aCtrlDInsideALineStaysInIt() throws {
        let terminal = try TerminalPair()
        var typedAhead = TypeAhead()
        terminal.collect(into: &typedAhead)
        try terminal.press("ab\u{4}cd\n")
        try terminal.waitForEcho("cd\r\n")
        terminal.collect(into: &typedAhead)
        #expect(typedAhead.next() == Array("ab\u{4}cd\n".utf8))
        #expect(typedAhead.next() == nil)
    }
}

/// A pseudo-terminal whose both ends the test holds.
final class TerminalPair {
    let master: Int32
    let slave: Int32

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            throw PseudoTerminal.Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
    }

    deinit {
        close(master)
        close(slave)
    }

    var endOfFileCharacter: UInt8 {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return withUnsafeBytes(of: settings.c_cc) { $0[Int(VEOF)] }
    }

    /// Has `typedAhead` collect from the slave end. A method, so that the
    /// terminal outlives the call: were the test to pass `slave` itself, the
    /// pair could be freed (its descriptors closed, and their numbers taken by
    /// another test's terminal) before the call ran.
    func collect(into typedAhead: inout TypeAhead) {
        typedAhead.collect(descriptor: slave)
    }

    /// Types `keys` on the terminal.
    func press(_ keys: String) throws {
        let bytes = Array(keys.utf8)
        guard bytes.withUnsafeBytes({ write(master, $0.baseAddress, $0.count) }) == bytes.count else {
            throw PseudoTerminal.Failure(description: "write failed")
        }
    }

    /// Waits until the terminal echoed `text`: the keys before it went through the line discipline.
    func waitForEcho(_ text: String) throws {
        var echoed: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(5)
        while !String(decoding: echoed, as: UTF8.self).contains(text) {
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminal.Failure(description: "no echo of \(text.debugDescription): \(echoed)")
            }
            var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) == 1 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 { echoed += chunk[..<count] }
        }
    }

    /// Turns canonical mode off, as libedit does when it starts reading keys.
    func leaveCanonicalMode() {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &settings.c_cc) {
            $0[Int(VMIN)] = 0
            $0[Int(VTIME)] = 0
        }
        _ = tcsetattr(slave, TCSANOW, &settings)
    }

    /// What the slave end has to read now.
    func readSlave() throws -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: 256)
        let count = chunk.withUnsafeMutableBytes { read(slave, $0.baseAddress, $0.count) }
        guard count >= 0 else { throw PseudoTerminal.Failure(description: "read failed: \(errno)") }
        return Array(chunk[..<count])
    }
}
