import Foundation
import Playground
import Testing

@testable import Shell

/// `bindlab run --cast FILE`: the replay as an asciicast v2 recording.
@Suite struct CastTests {
    /// The events of a recording: its header, then `[seconds, code, data]` each.
    static func parse(_ text: String) throws -> (header: [String: Any], events: [(Double, String, String)]) {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let events = try lines.dropFirst().map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            return (
                try #require(event[0] as? Double), try #require(event[1] as? String), try #require(event[2] as? String)
            )
        }
        return (header, events)
    }

    /// A session's replay: the v2 header at the session's width, a marker per step naming its command, time never going back, and the output events together what `run` prints, with a terminal's line breaks.
    @Test func aRecordingOfTheReplay() throws {
        let folder = try TemporaryFolder()
        let session = try folder.write(
            "a.session",
            "# narration\n> orders load 3\n> :width 100\n> :use delegate,output\n> orders load 3\n> orders rename 1 \"Rush order\"\n"
        )
        let cast = folder.path + "/a.cast"
        let result = runCLI(["run", "--cast", cast, session, "--no-color"])
        #expect(result.status == 0)
        #expect(result.text.hasPrefix("wrote \(cast): 5 steps, "))
        let (header, events) = try Self.parse(try folder.read("a.cast"))
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100, "the widest the session laid its output out for")
        #expect((header["height"] as? Int).map { $0 >= 24 } == true)
        #expect(
            events.filter { $0.1 == "m" }.map(\.2) == [
                "orders load 3", ":width 100", ":use delegate,output", "orders load 3",
                "orders rename 1 \"Rush order\"",
            ])
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.0 <= $1.0 })
        let played = events.filter { $0.1 == "o" }.map(\.2).joined()
        let transcript = runCLI(["run", session, "--no-color"]).text
        #expect(played == transcript.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(!played.contains("\u{1B}"), "--no-color")
    }

    /// The same sessions give the same file, byte for byte; colours are in it unless said otherwise, even though bindlab's own output is no terminal.
    @Test func deterministicAndColoured() throws {
        let folder = try TemporaryFolder()
        let session = try folder.write("a.session", "> orders load\n> orders select 3\n")
        _ = runCLI(["run", "--cast", folder.path + "/1.cast", session])
        _ = runCLI(["run", "--cast=" + folder.path + "/2.cast", session])
        let first = try folder.read("1.cast")
        #expect(first == (try folder.read("2.cast")))
        #expect(first.contains("\\u001b[32mbindlab(delegate)> \\u001b[0m"), "the prompt in green")
        _ = runCLI(["run", "--cast", folder.path + "/3.cast", session], variables: ["NO_COLOR": "1"])
        #expect(!(try folder.read("3.cast")).contains("\\u001b"))
    }

    /// A folder is every session in it, each under its name; a missing value, or a file that cannot be written, is one error line, exit 2.
    @Test func foldersAndErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.session", "> :clock\n")
        try folder.write("b.session", "> :net\n")
        let cast = folder.path + "/all.cast"
        #expect(runCLI(["run", "--cast", cast, folder.path]).status == 0)
        let (_, events) = try Self.parse(try folder.read("all.cast"))
        let played = events.filter { $0.1 == "o" }.map(\.2).joined()
        #expect(
            played.contains("==> \(folder.path)/a.session <==\r\n")
                && played.contains("==> \(folder.path)/b.session <=="))
        let missing = runCLI(["run", "--cast"])
        #expect(missing.status == 2)
        #expect(missing.text.contains("--cast needs the file to write the recording to"))
        let unwritable = runCLI(["run", "--cast", folder.path + "/no/such/folder.cast", folder.path])
        #expect(unwritable.status == 2)
        #expect(unwritable.text.contains("cannot write it"))
    }

    /// Times are written from whole milliseconds, strings escaped as JSON wants.
    @Test func numbersAndStrings() {
        #expect(CastRecording.seconds(0) == "0.000")
        #expect(CastRecording.seconds(1250) == "1.250")
        #expect(CastRecording.seconds(61_005) == "61.005")
        #expect(CastRecording.json("a\"b\\c\n\u{1B}[0m→") == "\"a\\\"b\\\\c\\n\\u001b[0m→\"")
    }
}
