import Foundation
import LineEditing
import Playground

@testable import Shell

/// A folder of its own under the system's temporary folder, removed with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/bindlab-sessions-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: path + "/" + name, encoding: .utf8)
    }
}

/// Parses `text` as a session file called `test.session`.
func session(_ text: String, backends: [String] = BackendRegistry.ids) throws -> Session {
    try Session.parse(Array(text.utf8), name: "test.session", backends: backends)
}

/// What parsing `text` complains of, as `FILE:LINE: error: …` lines; empty when it parses.
func problems(_ bytes: [UInt8], backends: [String] = BackendRegistry.ids) -> [String] {
    do {
        _ = try Session.parse(bytes, name: "bad.session", backends: backends)
        return []
    } catch {
        return error.lines
    }
}

/// Runs `lines` at a fresh shell's prompt, as a terminal would feed them.
func typed(_ lines: [String], color: Bool = false) -> String {
    let output = BufferedOutput()
    let shell = Shell(output: output, color: color)
    _ = shell.run(ScriptedLines(lines), name: nil)
    return output.text
}

/// Runs `executable` with `arguments` as a child process and returns what it
/// wrote (stdout and stderr together) and its exit status.
func runProgram(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil, in folder: URL? = nil
) throws -> (text: String, status: Int32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = folder }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (text, process.terminationStatus)
}
