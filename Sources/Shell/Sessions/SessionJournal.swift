/// What was typed at a shell so far, kept from its start whatever else
/// happens (`:history` lists it, `:save` writes it as a session): each line,
/// the backends and width it ran on, and a fingerprint of what it printed,
/// to tell whether a replay from a fresh start prints the same.
///
/// The shell's output is tapped (see `TeeOutput`), as `:record`'s is; the
/// shell's loop says when a typed line begins and ends. Only a fingerprint
/// of the output is kept, so a long session costs a few dozen bytes a line;
/// the text itself is kept only for what a replay cannot give again: a
/// command timed on the wall clock (`:bench`) and `:record`.
final class SessionJournal: OutputSink {
    /// One line typed.
    struct Entry: Equatable {
        let line: String
        /// The backends in use when it ran.
        let backends: [String]
        /// The width it was laid out for.
        let columns: Int
        /// What it printed (colours and a script's error locations taken
        /// off), as FNV-1a: the same text gives the same figure, however it
        /// was cut into writes.
        var fingerprint = Fingerprint()
        /// What it printed, kept only where `keepsOutput` says.
        var output: String?
    }

    /// FNV-1a, 64 bits: fed piece by piece, it gives what the whole would.
    struct Fingerprint: Equatable {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ text: String) {
            for byte in text.utf8 {
                value ^= UInt64(byte)
                value = value &* 0x100_0000_01b3
            }
        }

        /// The fingerprint of `text`.
        static func of(_ text: String) -> Fingerprint {
            var fingerprint = Fingerprint()
            fingerprint.add(text)
            return fingerprint
        }
    }

    /// The most lines kept: far more than a workshop types, few enough that
    /// a shell fed a script of millions of lines stays small.
    static let capacity = 100_000

    private(set) var entries: [Entry] = []
    /// Whether lines were typed after the journal was full.
    private(set) var overflowed = false
    private var pending: (entry: Entry, location: String?)?

    /// A typed line is about to run.
    ///
    /// - Parameters:
    ///   - location: how the shell locates its errors (`<stdin>:3`, in a
    ///     script); taken off, as a replay prints them unlocated.
    ///   - keepsOutput: keep what it prints, not only its fingerprint.
    func begin(_ line: String, backends: [String], columns: Int, location: String?, keepsOutput: Bool) {
        guard entries.count < Self.capacity else {
            overflowed = true
            pending = nil
            return
        }
        pending = (Entry(line: line, backends: backends, columns: columns, output: keepsOutput ? "" : nil), location)
    }

    func write(_ text: String, to stream: OutputStream) {
        guard pending != nil else { return }
        let plain = Self.plain(text, location: pending?.location)
        pending?.entry.fingerprint.add(plain)
        pending?.entry.output? += plain
    }

    /// The line has run.
    func end() {
        guard let (entry, _) = pending else { return }
        pending = nil
        entries.append(entry)
    }

    /// Whether what `line` prints is kept whole, not only its fingerprint:
    /// a command timed on the wall clock (`:bench`), whose figures `:save`
    /// writes as patterns, and `:record`, which a save writes as the fresh
    /// start it made, if it made one.
    static func keepsOutput(of line: String) -> Bool {
        CommandRegistry.printsTimings(line) || (try? CommandRegistry.commandName(of: line)) == ":record"
    }

    /// `text` as a replay would print it: no colours, and an error written
    /// at `location` (`<stdin>:3: error: …`) without the location. The shell
    /// writes an error line in one piece, so a piece is enough to look at.
    static func plain(_ text: String, location: String?) -> String {
        let text = SessionRecorder.withoutColours(text)
        guard let location, text.hasPrefix(location + ": error: ") else { return text }
        return String(text.dropFirst(location.count + 2))
    }
}
