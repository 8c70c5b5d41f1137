import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 22: a Ctrl-D was sometimes lost when pressed within a few
/// milliseconds of the prompt or of a short command's output (2 of 1,370
/// tries): the program sat at its prompt, a Ctrl-L then went in as a literal
/// character and a second Ctrl-D only beeped. Here Ctrl-D is pressed at
/// random moments around those, hundreds of times, on `linedemo`; the
/// benchmark `Tests/Benchmarks/ctrl_d_stress.py` does thousands.
@Suite(.serialized) struct CtrlDTerminalTests {
    /// What the press comes after.
    enum Moment: String {
        /// The program was started (its first prompt may not be there yet).
        case start
        /// The editor reads keys.
        case prompt
        /// A short command's output appeared: the next prompt is on its way.
        case output
        /// The first line of a long command's output appeared.
        case during

        /// The press comes this much after the moment, at most, in microseconds.
        var spread: Int {
            switch self {
            case .start: 30_000
            case .prompt: 300
            case .output: 500
            case .during: 5_000
            }
        }
    }

    /// 300 presses (60 under a sanitizer, Tests/Sanitizers/run.sh, whose
    /// programs start tens of times slower); the two moments where the
    /// terminal's mode is about to change, the start and after a short
    /// command, twice as often.
    static let moments: [Moment] = Array(
        repeating: [.start, .output, .start, .output, .during, .prompt],
        count: dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") == nil ? 50 : 10
    ).flatMap { $0 }

    /// A Ctrl-D pressed at a random moment ends the program with status 0, every time.
    @Test func ctrlDAtAnyMomentEndsTheProgram() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var lost: [String] = []
        for moment in Self.moments {
            let delay = Int.random(in: 0...moment.spread, using: &random)
            if let failure = try press(after: moment, delay: .microseconds(delay)) {
                lost.append("\(moment.rawValue) +\(delay) µs: \(failure)")
            }
        }
        #expect(lost.isEmpty, "\(lost.count) of \(Self.moments.count) Ctrl-Ds lost (seed \(seed)): \(lost)")
    }

    /// The terminal gets its own end-of-file character back when the program ends.
    ///
    /// The pseudo-terminal is opened with the default `^D`; it is read once
    /// the program has ended only: while it runs the program may hold it at
    /// 0 (it reads Ctrl-D itself), and a look right after the start raced
    /// with that (it saw 0 once in a few hundred runs under load).
    @Test func theEndOfFileCharacterIsPutBack() throws {
        let demo = try DemoRun()
        try demo.terminal.type("x\r")
        try demo.terminal.expect("got: x\r\n")
        try demo.terminal.type("\u{4}")
        #expect(try demo.terminal.waitForExit() == 0)
        #expect(demo.terminal.isCanonical)
        #expect(demo.terminal.endOfFileCharacter == 4)
    }

    /// Starts `linedemo`, waits for `moment` and `delay`, presses Ctrl-D:
    /// nil when the program then ended with status 0, else what happened.
    private func press(after moment: Moment, delay: Duration) throws -> String? {
        let demo = try DemoRun()
        let started = ContinuousClock.now
        switch moment {
        case .start:
            spin(until: started + delay)
        case .prompt:
            try demo.terminal.waitForEditing()
            spin(until: .now + delay)
        case .output:
            try demo.terminal.type("x\r")
            try demo.terminal.expect("got: x\r\n")
            spin(until: .now + delay)
        case .during:
            try demo.terminal.type("count 3000\r")
            try demo.terminal.expect("line 1\r\n")
            spin(until: .now + delay)
        }
        try demo.terminal.send("\u{4}")
        // A bound, not a timing: a lost Ctrl-D leaves the program waiting for ever.
        guard let status = try? demo.terminal.waitForExit(timeout: .seconds(5)) else {
            return "still running; the screen ends \(String(demo.terminal.screen.suffix(30)).debugDescription)"
        }
        return status == 0 ? nil : "exit status \(status)"
    }

    /// Waits without sleeping: a sleep rounds a few microseconds up to the timer's tick.
    private func spin(until deadline: ContinuousClock.Instant) {
        while ContinuousClock.now < deadline {}
    }
}

/// A small seeded generator (SplitMix64), so a failure's presses can be told by its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
