import Foundation
import Testing

@testable import Shell

/// A timed command in a session (issue 22, item 8): its expected text is a
/// pattern, never a figure, so that what `--update` and `:record` write
/// passes its own re-check.
@Suite struct TimingsTests {
    /// Whether `text` holds a figure with a unit of time (`20.3 ns`, `1.51 µs`).
    static func holdsATiming(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let words = line.split(separator: " ")
            return zip(words, words.dropFirst()).contains { figure, unit in
                figure.last?.isNumber == true && ["ns", "µs", "ms", "s"].contains(unit)
            }
        }
    }

    /// A bench row, its header, its rule and its first line keep their words and lose their figures.
    @Test func figuresBecomePatterns() {
        #expect(
            Timings.pattern(of: "| direct call  | —        | ~20.3 ns |      1.0 | 68% noisy |")
                == "|[..]direct call[..]|[..]—[..]|[..]")
        #expect(Timings.pattern(of: "|--------|---------:|") == "[..]")
        #expect(
            Timings.pattern(of: "| case   | backend  |   median |") == "|[..]case[..]|[..]backend[..]|[..]median[..]|")
        #expect(
            Timings.pattern(of: "bindlab bench: delegate; 2 rounds, debug build, 2 cores")
                == "bindlab bench: delegate;[..]")
        // What follows a figure is read off it: a note, a ranking's reasons, the overhead's comparison.
        #expect(
            Timings.pattern(of: "| rename | delegate | +1.55 µs | −3.59 µs … +4.26 µs | within the spread |")
                == "|[..]rename[..]|[..]delegate[..]|[..]")
        #expect(
            Timings.pattern(of: "Playground overhead per event: 430 ns; the cheapest approach only, delegate, is 53 ns")
                == "Playground overhead per event:[..]")
        #expect(
            Timings.pattern(of: "Growth: the same action with more data") == "Growth: the same action with more data")
        for line in ["| 1 listener | delegate | 8.31 µs | 408 |", "x 1.2 ms y", "~ 3 s"] {
            #expect(SessionMatcher.matches(Timings.pattern(of: line), line), "\(line)")
        }
    }

    /// `check --update` on a session running `:bench --quick` writes patterns for its timings, and the file passes as written (it failed its own re-check).
    @Test func updateWritesPatternsThatPass() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bench.session", "> :bench --quick\n")
        let update = runCLI(["check", "--update", file])
        #expect(update.status == 0, "\(update.text)")
        let written = try folder.read("bench.session")
        #expect(written.contains("|[..]direct call[..]|"), "\(written)")
        #expect(!Self.holdsATiming(written), "\(written)")
        let again = runCLI(["check", file])
        #expect(again.status == 0, "\(again.text)")
    }

    /// `:record` writes a timed command's lines as patterns too.
    @Test func recordWritesPatterns() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/recorded.session"
        _ = typed([":record \(file)", ":bench --quick", ":record stop"])
        let written = try folder.read("recorded.session")
        #expect(written.contains("> :bench --quick"))
        #expect(!Self.holdsATiming(written), "\(written)")
        #expect(runCLI(["check", file]).status == 0)
    }
}
